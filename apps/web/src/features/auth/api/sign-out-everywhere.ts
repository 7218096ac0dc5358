import { noContentSchema } from '@planvy/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /user/sign-out-everywhere: every token of this user stops working, this one included.
 * The caller clears the local session once it has said so (clearing it unmounts the page).
 */
export async function signOutEverywhere(): Promise<void> {
  await api.post('/user/sign-out-everywhere', noContentSchema);
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
