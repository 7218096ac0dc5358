import { useMutation } from '@tanstack/react-query';
import { type LoginBody, type LoginResponse, loginResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';

export function loginWithEmailAndPassword(body: LoginBody): Promise<LoginResponse> {
  return api.post('/login', loginResponseSchema, body);
}

export function useLogin() {
  return useMutation({ mutationFn: loginWithEmailAndPassword });
}
