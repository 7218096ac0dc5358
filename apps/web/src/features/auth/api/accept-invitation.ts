import { useMutation } from '@tanstack/react-query';
import { noContentSchema, type PasswordReset } from '@planvy/shared';
import { api } from '../../../lib/api-client';

/** POST /invitation/accept: the invitation link's token and the password the invited user chose. */
export async function acceptInvitation(body: PasswordReset): Promise<void> {
  await api.post('/invitation/accept', noContentSchema, body);
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
