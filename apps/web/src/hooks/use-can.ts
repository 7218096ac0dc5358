import { useCallback } from 'react';
import {
  can,
  canEditApartmentField,
  userRole,
  type PolicyAction,
  type PolicyUser,
  type Project,
  type User,
} from '@planvy/shared';
import { policyActorOf, useSession } from '../lib/auth';

/** What an action is aimed at: a user (users.*), or the project it concerns (for the reader; scope is the server's). */
export type CanTarget = PolicyUser | User | Project;

function asPolicyUser(target: CanTarget | undefined): PolicyUser | undefined {
  if (!target) return undefined;
  if ('roles' in target) return { id: target.id, role: userRole(target) };
  // A project names no user: the rules for projects read only the actor.
  if ('role' in target) return target;
  return undefined;
}

/**
 * The shared policy table (the one the API enforces) for the signed-in user: components ask
 * for the action they gate, `can('apartment.create', project)`, `can('users.impersonate', user)`,
 * and show exactly what the server allows.
 */
export function useCan(): (action: PolicyAction, target?: CanTarget) => boolean {
  const session = useSession();
  return useCallback(
    (action, target) => {
      const actor = policyActorOf(session);
      return actor !== null && can(actor, action, asPolicyUser(target));
    },
    [session],
  );
}

/** Which apartment fields the signed-in user may change (APARTMENT_FIELD_ACTIONS in the policy table). */
export function useEditableApartmentField(): (field: string) => boolean {
  const session = useSession();
  return useCallback(
    (field) => {
      const actor = policyActorOf(session);
      return actor !== null && canEditApartmentField(actor, field);
    },
    [session],
  );
}
