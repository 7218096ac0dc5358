/**
 * Who may do what with users and sessions, written once (convention 18): the API
 * enforces it (403 with the reason) and the web app reads it (`useCan()`) to show or
 * hide the same actions. Zod-free, so any app may import it.
 */
import type { Role } from './users';

/** The signed-in person as the server sees them. */
export interface PolicyActor {
  id: number;
  role: Role;
  /** True while an admin is signed in as this user ("log in as"). */
  impersonating: boolean;
}

/** The user an action is aimed at. */
export interface PolicyUser {
  id: number;
  role: Role;
}

type Rule = (actor: PolicyActor, target: PolicyUser) => string | null;

const ADMINS_ONLY = 'Only admins may do this';
const NOT_WHILE_IMPERSONATING = 'Not while signed in as another user';

/** An admin in their own session (never one who is acting as somebody else). */
const ownAdmin = (actor: PolicyActor) =>
  actor.impersonating ? NOT_WHILE_IMPERSONATING : actor.role === 'admin' ? null : ADMINS_ONLY;

/** Each rule answers null (allowed) or why not. */
export const POLICY = {
  /** List, create and edit users, their roles, passwords and settings. */
  'users.manage': (actor) => ownAdmin(actor),
  'users.delete': (actor, target) =>
    ownAdmin(actor) ?? (target.id === actor.id ? 'You cannot delete your own account' : null),
  /** "Log in as": never another admin, never from a session that is itself impersonated. */
  'users.impersonate': (actor, target) =>
    ownAdmin(actor) ??
    (target.id === actor.id
      ? 'You are already signed in as yourself'
      : target.role === 'admin'
        ? 'Admins cannot sign in as another admin'
        : null),
  /** Ends every session of the signed-in user; an admin acting as them may not. */
  'sessions.signOutEverywhere': (actor) => (actor.impersonating ? NOT_WHILE_IMPERSONATING : null),
  'audit.read': (actor) => ownAdmin(actor),
} satisfies Record<string, Rule>;

export type PolicyAction = keyof typeof POLICY;

/** Why `actor` may not do `action` (to `target`), or null when they may. */
export function denial(actor: PolicyActor, action: PolicyAction, target?: PolicyUser): string | null {
  // Rules that ignore the target are called with the actor as target.
  return (POLICY[action] as Rule)(actor, target ?? actor);
}

export function can(actor: PolicyActor, action: PolicyAction, target?: PolicyUser): boolean {
  return denial(actor, action, target) === null;
}
