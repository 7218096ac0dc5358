import { useSyncExternalStore } from 'react';
import {
  can,
  userConfigValue,
  userRole,
  userSchema,
  type PolicyActor,
  type Role,
  type User,
} from '@planvy/shared';

/** localStorage keys (spec §9); the impersonator keys hold the admin's own session while signed in as someone else. */
export const STORAGE_KEYS = {
  token: 'user-token',
  profile: 'user-profile',
  impersonatorToken: 'impersonator-token',
  impersonatorProfile: 'impersonator-profile',
} as const;

export interface Session {
  token: string;
  user: User;
  /** The first role slug of the profile (spec §6). */
  role: Role;
  /** The admin who is signed in as `user`, or null for an ordinary session. */
  impersonator: User | null;
}

export interface SessionPayload {
  token: string;
  user: User;
}

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function readItem(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// useSyncExternalStore needs the same object back while nothing changed, so the snapshot is cached by its raw input.
let cache: { raw: string; session: Session | null } | undefined;

export function getSession(): Session | null {
  const values = [
    readItem(STORAGE_KEYS.token),
    readItem(STORAGE_KEYS.profile),
    readItem(STORAGE_KEYS.impersonatorToken),
    readItem(STORAGE_KEYS.impersonatorProfile),
  ] as const;
  const raw = JSON.stringify(values);
  if (cache?.raw === raw) return cache.session;

  const [token, profile, impersonatorToken, impersonatorProfile] = values;
  const user = parseUser(profile);
  const impersonator = impersonatorToken ? parseUser(impersonatorProfile) : null;
  const session = token && user ? { token, user, role: userRole(user), impersonator } : null;
  cache = { raw, session };
  return session;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function write(entries: Partial<Record<keyof typeof STORAGE_KEYS, string | null>>): void {
  const store = storage();
  if (!store) return;
  for (const [name, value] of Object.entries(entries) as [keyof typeof STORAGE_KEYS, string | null][]) {
    if (value === null) store.removeItem(STORAGE_KEYS[name]);
    else store.setItem(STORAGE_KEYS[name], value);
  }
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

export function login({ token, user }: SessionPayload): void {
  write({
    token,
    profile: JSON.stringify(user),
    impersonatorToken: null,
    impersonatorProfile: null,
  });
}

/** Clears the whole session, including a remembered admin session. */
export function logout(): void {
  write({ token: null, profile: null, impersonatorToken: null, impersonatorProfile: null });
}

/** Swaps in a fresh token for the same user (the server ended the old one, e.g. after a password change). */
export function renewToken(token: string): void {
  if (getSession()) write({ token });
}

/** Keeps the stored profile in step with the server (e.g. after an admin changed this user's settings). */
export function updateProfile(user: User): void {
  const current = getSession();
  if (!current || current.user.id !== user.id) return;
  const next = JSON.stringify(user);
  if (readItem(STORAGE_KEYS.profile) !== next) write({ profile: next });
}

/** Signs in as another user while remembering the current (admin) session. */
export function startImpersonation(target: SessionPayload): void {
  const current = getSession();
  // The server refuses "log in as" from a session that is itself one.
  if (!current || current.impersonator) return;
  write({
    token: target.token,
    profile: JSON.stringify(target.user),
    impersonatorToken: current.token,
    impersonatorProfile: JSON.stringify(current.user),
  });
}

/** Restores the admin session; returns false when there was none to restore. */
export function endImpersonation(): boolean {
  const token = readItem(STORAGE_KEYS.impersonatorToken);
  const admin = parseUser(readItem(STORAGE_KEYS.impersonatorProfile));
  if (!token || !admin) return false;
  write({ token, profile: JSON.stringify(admin), impersonatorToken: null, impersonatorProfile: null });
  return true;
}

export function fullName(user: Pick<User, 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

/** The per-user statistics setting (config project_statistic = "1"), as an admin sets it. */
export function hasStatistic(user: Pick<User, 'config'>): boolean {
  return userConfigValue(user, 'project_statistic') === '1';
}

/** The signed-in user as the shared policy table sees them, or null when signed out. */
export function policyActorOf(
  session: Pick<Session, 'role' | 'user' | 'impersonator'> | null,
): PolicyActor | null {
  if (!session) return null;
  return {
    id: session.user.id,
    role: session.role,
    impersonating: session.impersonator !== null,
    statistics: hasStatistic(session.user),
  };
}

/** Who sees statistics (the dashboard, a plan's click shading): the policy's `statistics.read`. */
export function seesStatistics(session: Pick<Session, 'role' | 'user' | 'impersonator'>): boolean {
  const actor = policyActorOf(session);
  return actor !== null && can(actor, 'statistics.read');
}
