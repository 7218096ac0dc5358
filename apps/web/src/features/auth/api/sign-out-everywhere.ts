import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { logout } from '../../../lib/auth';

/** POST /user/sign-out-everywhere: every token of this user stops working, this one included. */
export async function signOutEverywhere(): Promise<void> {
  await api.post<void>('/user/sign-out-everywhere');
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere, onSuccess: () => logout() });
}
