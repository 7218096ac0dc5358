import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userConfigs, users } from '../../db/schema';

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

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updated_at: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
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
