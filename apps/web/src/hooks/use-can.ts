import { useCallback } from 'react';
import { can, userRole, type PolicyAction, type PolicyUser, type User } from '@planvy/shared';
import { useSession } from '../lib/auth';

/**
 * The shared policy table (the one the API enforces) for the signed-in user:
 * `can('users.impersonate', user)` shows exactly the actions the server allows.
 */
export function useCan(): (action: PolicyAction, target?: PolicyUser | User) => boolean {
  const session = useSession();
  return useCallback(
    (action, target) => {
      if (!session) return false;
      const actor = { id: session.user.id, role: session.role, impersonating: session.impersonator !== null };
      const user = target && 'roles' in target ? { id: target.id, role: userRole(target) } : target;
      return can(actor, action, user);
    },
    [session],
  );
}
