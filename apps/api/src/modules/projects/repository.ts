import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { projects, users } from '../../db/schema';

export type ProjectRow = typeof projects.$inferSelect;

/** Which projects a caller reaches: all (admin), those they own (client) or broker (broker). */
export type ProjectScope =
  { kind: 'all' } | { kind: 'owner'; userId: number } | { kind: 'broker'; userId: number };

/** The condition on `projects` for what a scope reaches (none for admins). */
export function inScope(scope: ProjectScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'owner':
      return eq(projects.user_id, scope.userId);
    case 'broker':
      return eq(projects.broker_id, scope.userId);
  }
}

const owner = alias(users, 'owner');
const broker = alias(users, 'broker');

/** A project with its owner and broker names, as one joined row. */
function selectWithPeople(db: DbOrTx) {
  return db
    .select({
      project: projects,
      owner: { id: owner.id, first_name: owner.first_name, last_name: owner.last_name },
      broker: { id: broker.id, first_name: broker.first_name, last_name: broker.last_name },
    })
    .from(projects)
    .innerJoin(owner, eq(owner.id, projects.user_id))
    .leftJoin(broker, eq(broker.id, projects.broker_id));
}

export type ProjectWithPeople = Awaited<ReturnType<typeof selectWithPeople>>[number];

export function listProjects(db: DbOrTx, scope: ProjectScope): Promise<ProjectWithPeople[]> {
  return selectWithPeople(db)
    .where(inScope(scope))
    .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
}

export async function findProject(
  db: DbOrTx,
  id: number,
  scope: ProjectScope,
): Promise<ProjectWithPeople | undefined> {
  const [row] = await selectWithPeople(db).where(and(eq(projects.id, id), inScope(scope)));
  return row;
}

/** The bare row, locked until the transaction ends, when the caller reaches it. */
export async function lockProject(
  db: DbOrTx,
  id: number,
  scope: ProjectScope,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), inScope(scope)))
    .for('update');
  return row;
}

export async function projectVisible(db: DbOrTx, id: number, scope: ProjectScope): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, id), inScope(scope)));
  return row !== undefined;
}

export async function insertProject(db: DbOrTx, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateProject(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<ProjectRow, 'name' | 'type' | 'description' | 'user_id' | 'broker_id'>>,
): Promise<void> {
  await db
    .update(projects)
    .set({ ...values, version: sql`${projects.version} + 1`, updated_at: new Date() })
    .where(eq(projects.id, id));
}

/** Deletes the project; everything in it goes by ON DELETE CASCADE. */
export async function deleteProject(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  return rows.length > 0;
}
