import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { impersonations, projects, userConfigs, users, userTokens } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type UserConfigRow = typeof userConfigs.$inferSelect;

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export function listUsers(db: DbOrTx, role?: UserRow['role']): Promise<UserRow[]> {
  const query = db.select().from(users);
  return (role ? query.where(eq(users.role, role)) : query).orderBy(asc(users.first_name), asc(users.id));
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Updates a user; with `revokeTokens` every token issued so far stops working. */
export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<typeof users.$inferInsert>,
  revokeTokens = false,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...values,
      updated_at: new Date(),
      ...(revokeTokens ? { token_version: sql`${users.token_version} + 1` } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Ends every session of the user ("sign out everywhere"). */
export async function bumpTokenVersion(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(users)
    .set({ token_version: sql`${users.token_version} + 1` })
    .where(eq(users.id, id));
}

export async function deleteUser(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function countOwnedProjects(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.user_id, userId));
  return row?.n ?? 0;
}

export async function insertImpersonation(
  db: DbOrTx,
  values: { admin_id: number; user_id: number; expires_at: Date },
): Promise<number> {
  const [row] = await db.insert(impersonations).values(values).returning({ id: impersonations.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** An impersonation that has neither ended nor expired, with the admin who started it. */
export async function findLiveImpersonation(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ userId: impersonations.user_id, admin: users })
    .from(impersonations)
    .innerJoin(users, eq(users.id, impersonations.admin_id))
    .where(
      and(
        eq(impersonations.id, id),
        isNull(impersonations.ended_at),
        gt(impersonations.expires_at, new Date()),
      ),
    );
  return row;
}

export async function endImpersonation(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(impersonations)
    .set({ ended_at: new Date() })
    .where(and(eq(impersonations.id, id), isNull(impersonations.ended_at)));
}

export function configsFor(db: DbOrTx, userIds: number[]): Promise<UserConfigRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.select().from(userConfigs).where(inArray(userConfigs.user_id, userIds));
}

export async function setConfig(db: DbOrTx, userId: number, name: string, value: string) {
  await db
    .insert(userConfigs)
    .values({ user_id: userId, name, value })
    .onConflictDoUpdate({
      target: [userConfigs.user_id, userConfigs.name],
      set: { value },
    });
}

export async function getConfig(db: DbOrTx, userId: number, name: string) {
  const [row] = await db
    .select()
    .from(userConfigs)
    .where(and(eq(userConfigs.user_id, userId), eq(userConfigs.name, name)));
  return row?.value;
}

export type UserTokenPurpose = (typeof userTokens.$inferInsert)['purpose'];

/** Keeps a one-time link's token (its hash) for `minutes`, by the database's clock. */
export async function insertUserToken(
  db: DbOrTx,
  values: { user_id: number; purpose: UserTokenPurpose; token_hash: string; minutes: number },
): Promise<void> {
  await db.insert(userTokens).values({
    user_id: values.user_id,
    purpose: values.purpose,
    token_hash: values.token_hash,
    expires_at: sql`now() + make_interval(mins => ${values.minutes})`,
  });
}

/** The user of a token that is neither spent nor expired. */
export async function findLiveUserToken(db: DbOrTx, purpose: UserTokenPurpose, tokenHash: string) {
  const [row] = await db
    .select({ id: userTokens.id, user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.user_id))
    .where(
      and(
        eq(userTokens.token_hash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, sql`now()`),
      ),
    );
  return row;
}

/** Spends a live token; false when it was spent or expired meanwhile (a second use). */
export async function spendUserToken(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(userTokens)
    .set({ used_at: sql`now()` })
    .where(and(eq(userTokens.id, id), isNull(userTokens.used_at), gt(userTokens.expires_at, sql`now()`)))
    .returning({ id: userTokens.id });
  return rows.length > 0;
}

/** Every unspent token of the user for `purpose` (or of any purpose) stops working. */
export async function revokeUserTokens(
  db: DbOrTx,
  userId: number,
  purpose?: UserTokenPurpose,
): Promise<void> {
  await db
    .update(userTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(userTokens.user_id, userId),
        purpose ? eq(userTokens.purpose, purpose) : undefined,
        isNull(userTokens.used_at),
      ),
    );
}
