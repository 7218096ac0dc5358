import { useMutation } from '@tanstack/react-query';
import { type LoginResponse, loginResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { startImpersonation } from '../../../lib/auth';

export function impersonateUser(id: number): Promise<LoginResponse> {
  return api.get(`/admin/user/authenticate/${id}`, loginResponseSchema);
}

/** Swapping the session empties the query cache (see AppProvider), so nothing is invalidated here. */
export function useImpersonateUser() {
  return useMutation({
    mutationFn: impersonateUser,
    onSuccess: (session) => startImpersonation(session),
  });
}
