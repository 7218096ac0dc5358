import { noContentSchema } from '@planvy/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endImpersonation, getSession } from '../../../lib/auth';

/** POST /user/impersonation/end with the "log in as" token: the server ends it and records the end. */
export async function endImpersonationOnServer(): Promise<void> {
  await api.post('/user/impersonation/end', noContentSchema);
}

/**
 * "Back to my account": ends the session on the server, then returns to the admin's own.
 * When the server has already ended it (a 401), the API client has returned already.
 * Resolves to whether an admin session is back.
 */
export function useEndImpersonation() {
  return useMutation({
    mutationFn: async () => {
      try {
        await endImpersonationOnServer();
      } catch {
        // Over on the server already (expired, or the admin lost the role); the local part still runs.
      }
      if (getSession()?.impersonator) endImpersonation();
      return getSession() !== null;
    },
  });
}
