import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  ROLE_NAMES,
  USER_CONFIG,
  USER_CONFIG_NAMES,
  userCreateSchema,
  userUpdateSchema,
  type User,
  type UserConfigName,
  serverMessage,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, invalid, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { passwordProblem } from '../../lib/password-policy';
import type { AppConfig } from '../../env';
import { invitationPending, NO_PASSWORD, sendInvitation, type Inviter } from './invitations';
import * as repo from './repository';

export function toUser(row: repo.UserRow, configs: repo.UserConfigRow[]): User {
  const own = configs.filter((c) => c.user_id === row.id);
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    roles: [{ slug: row.role, name: ROLE_NAMES[row.role] }],
    // Every known setting is listed, with its default when never set.
    config: USER_CONFIG_NAMES.map((name) => ({
      name,
      value: own.find((c) => c.name === name)?.value ?? USER_CONFIG[name].default,
    })),
    invitation_pending: invitationPending(row),
    created_at: row.created_at.toISOString(),
  };
}

export async function getUser(db: DbOrTx, id: number): Promise<User> {
  const row = await repo.findUserById(db, id);
  if (!row) throw notFound('User');
  return toUser(row, await repo.configsFor(db, [id]));
}

export async function listUsers(db: DbOrTx, role?: repo.UserRow['role']): Promise<User[]> {
  const rows = await repo.listUsers(db, role);
  const configs = await repo.configsFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toUser(r, configs));
}

/** 422 on the password field for a password that is too common (or too guessable from the user's own details). */
export function assertPasswordStrong(
  password: string,
  user: { email: string; first_name: string; last_name: string },
) {
  const problem = passwordProblem(password, [user.email, user.first_name, user.last_name]);
  if (problem) throw invalid('password', problem);
}

/**
 * Creates a user with the password the admin chose, or, with `invite`, without one: the
 * user gets an invitation mail to choose it, written to the outbox in the same transaction.
 */
export async function createUser(
  db: Db,
  input: z.output<typeof userCreateSchema>,
  invitation: { config: Pick<AppConfig, 'appUrl' | 'invitationDays'>; inviter: Inviter },
): Promise<User> {
  if (await repo.findUserByEmail(db, input.email)) {
    throw invalid('email', serverMessage('emailTaken'));
  }
  const fields = {
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    phone: input.phone,
    role: input.role,
  };
  if (input.invite) {
    return db.transaction(async (tx) => {
      const row = await repo.insertUser(tx, { ...fields, password_hash: NO_PASSWORD });
      await sendInvitation(tx, invitation.config, row, invitation.inviter);
      return toUser(row, []);
    });
  }
  // The schema has required the password unless the user is invited.
  const password = input.password ?? '';
  assertPasswordStrong(password, input);
  const row = await repo.insertUser(db, { ...fields, password_hash: await hashPassword(password) });
  return toUser(row, []);
}

/**
 * Changing the password or the role (or, if it ever becomes editable, the e-mail) ends
 * every session the user has: `revoked` says so, so the route can hand the caller a new
 * token when they changed their own account.
 */
export async function updateUser(
  db: Db,
  id: number,
  input: z.output<typeof userUpdateSchema>,
): Promise<{ user: User; revoked: boolean }> {
  const existing = await repo.findUserById(db, id);
  if (!existing) throw notFound('User');
  if (input.email !== undefined && input.email.trim().toLowerCase() !== existing.email.toLowerCase()) {
    throw invalid('email', serverMessage('emailFixed'));
  }
  if (input.password) assertPasswordStrong(input.password, { ...existing, ...input, email: existing.email });
  const revoked = Boolean(input.password) || input.role !== existing.role;
  await repo.updateUser(
    db,
    id,
    {
      first_name: input.first_name,
      last_name: input.last_name,
      phone: input.phone,
      role: input.role,
      ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
    },
    revoked,
  );
  return { user: await getUser(db, id), revoked };
}

/** Deletes a user who owns no projects (their projects must be given to someone else first). */
export async function deleteUser(db: Db, id: number): Promise<void> {
  const owned = await repo.countOwnedProjects(db, id);
  if (owned > 0) {
    throw conflict(
      `The user owns ${owned} project${owned === 1 ? '' : 's'}. Give ${owned === 1 ? 'it' : 'them'} to another user first.`,
    );
  }
  try {
    if (!(await repo.deleteUser(db, id))) throw notFound('User');
  } catch (err) {
    // A project given to the user meanwhile: the foreign key refuses, and so do we.
    if (foreignKeyViolation(err)) throw conflict(serverMessage('userOwnsProjects'));
    throw err;
  }
}

function foreignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

export async function setUserConfig(db: Db, id: number, name: UserConfigName, value: string) {
  if (!(await repo.findUserById(db, id))) throw notFound('User');
  await repo.setConfig(db, id, name, value);
  return getUser(db, id);
}

/**
 * On an empty database, creates the first admin. Without ADMIN_PASSWORD a random
 * password is generated and printed once; there is never a fixed default.
 */
export async function ensureInitialAdmin(
  db: Db,
  opts: { email?: string; password?: string },
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<void> {
  if ((await repo.countUsers(db)) > 0) return;
  const email = opts.email ?? 'admin@planvy.local';
  const password = opts.password ?? randomBytes(12).toString('base64url');
  await repo.insertUser(db, {
    email,
    first_name: 'Admin',
    last_name: '',
    role: 'admin',
    password_hash: await hashPassword(password),
  });
  if (opts.password) {
    log.info({ email }, 'Created the first admin user');
  } else {
    // Printed once, on the very first start only.
    process.stdout.write(
      `\n  Planvy created the first admin user.\n  E-mail:   ${email}\n  Password: ${password}\n  (shown only now; set ADMIN_EMAIL and ADMIN_PASSWORD to choose them)\n\n`,
    );
  }
}
