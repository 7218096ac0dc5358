import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@planvy/shared';
import { api } from '../../../lib/api-client';

export function loginWithEmailAndPassword(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: loginWithEmailAndPassword });
}
