import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apartments, auditLog, files, projects, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAuditEntry(db: DbOrTx, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

export interface AuditFilter {
  userId?: number;
  projectId?: number;
  from?: Date;
  to?: Date;
  beforeId?: number;
}

/** Newest first; each filter is served by an index on (column, id). */
export function listAuditEntries(db: DbOrTx, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.userId !== undefined) {
    const clause = or(
      eq(auditLog.actor_id, filter.userId),
      eq(auditLog.as_user_id, filter.userId),
      and(eq(auditLog.entity_type, 'user'), eq(auditLog.entity_id, String(filter.userId))),
    );
    if (clause) where.push(clause);
  }
  if (filter.projectId !== undefined) where.push(eq(auditLog.project_id, filter.projectId));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  if (filter.beforeId !== undefined) where.push(lt(auditLog.id, filter.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** Current names of what a page of entries mentions (gone ones are simply missing). */
export async function labelsFor(
  db: DbOrTx,
  ids: { users: number[]; projects: number[]; apartments: number[]; files: number[] },
) {
  const [userRows, projectRows, apartmentRows, fileRows] = await Promise.all([
    ids.users.length
      ? db
          .select({
            id: users.id,
            label: sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})`,
          })
          .from(users)
          .where(inArray(users.id, ids.users))
      : [],
    ids.projects.length
      ? db
          .select({ id: projects.id, label: projects.name })
          .from(projects)
          .where(inArray(projects.id, ids.projects))
      : [],
    ids.apartments.length
      ? db
          .select({ id: apartments.id, label: apartments.bostad })
          .from(apartments)
          .where(inArray(apartments.id, ids.apartments))
      : [],
    ids.files.length
      ? db.select({ id: files.id, label: files.name }).from(files).where(inArray(files.id, ids.files))
      : [],
  ]);
  const toMap = (rows: { id: number; label: string }[]) => new Map(rows.map((r) => [r.id, r.label]));
  return {
    users: toMap(userRows),
    projects: toMap(projectRows),
    apartments: toMap(apartmentRows),
    files: toMap(fileRows),
  };
}
