import { useMutation } from '@tanstack/react-query';
import { noContentSchema, type PasswordReset, type PasswordResetRequest } from '@planvy/shared';
import { api } from '../../../lib/api-client';

/** POST /password-reset: answered the same whether or not the address has an account. */
export async function requestPasswordReset(body: PasswordResetRequest): Promise<void> {
  await api.post('/password-reset', noContentSchema, body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /password-reset/complete: the link's token and the new password; every session ends. */
export async function completePasswordReset(body: PasswordReset): Promise<void> {
  await api.post('/password-reset/complete', noContentSchema, body);
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
