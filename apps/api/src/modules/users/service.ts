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
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { invalid, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
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

export async function createUser(db: Db, input: z.output<typeof userCreateSchema>): Promise<User> {
  if (await repo.findUserByEmail(db, input.email)) {
    throw invalid('email', 'The email has already been taken');
  }
  const row = await repo.insertUser(db, {
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    phone: input.phone,
    role: input.role,
    password_hash: await hashPassword(input.password),
  });
  return toUser(row, []);
}

export async function updateUser(
  db: Db,
  id: number,
  input: z.output<typeof userUpdateSchema>,
): Promise<User> {
  const existing = await repo.findUserById(db, id);
  if (!existing) throw notFound('User');
  if (input.email !== undefined && input.email.trim().toLowerCase() !== existing.email.toLowerCase()) {
    throw invalid('email', 'The email cannot be changed');
  }
  await repo.updateUser(db, id, {
    first_name: input.first_name,
    last_name: input.last_name,
    phone: input.phone,
    role: input.role,
    ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
  });
  return getUser(db, id);
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
