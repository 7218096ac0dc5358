import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  apartments,
  auditLog,
  buildingNumbers,
  files,
  projects,
  sunStudyFiles,
  themes,
  users,
} from '../../db/schema';

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

/** Where the current name of each kind of audited entity is read. */
const LABEL_SOURCES = {
  user: {
    table: users,
    id: users.id,
    label: sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})`,
  },
  project: { table: projects, id: projects.id, label: sql<string>`${projects.name}` },
  apartment: { table: apartments, id: apartments.id, label: sql<string>`${apartments.bostad}` },
  file: { table: files, id: files.id, label: sql<string>`${files.name}` },
  building_number: {
    table: buildingNumbers,
    id: buildingNumbers.id,
    label: sql<string>`${buildingNumbers.label}`,
  },
  sun_study: { table: sunStudyFiles, id: sunStudyFiles.id, label: sql<string>`${sunStudyFiles.label}` },
  theme: { table: themes, id: themes.id, label: sql<string>`${themes.name}` },
};
export type LabelKind = keyof typeof LABEL_SOURCES;
const isLabelKind = (type: string): type is LabelKind => Object.hasOwn(LABEL_SOURCES, type);
/** Where an entry's entity type is named ('plan' is a stored file too), or null for one without names. */
export const labelKindOf = (type: string): LabelKind | null =>
  type === 'plan' ? 'file' : isLabelKind(type) ? type : null;

/** Current names of what entries mention, by kind (gone ones are simply missing); one query. */
export async function labelsFor(
  db: DbOrTx,
  ids: Partial<Record<LabelKind, number[]>>,
): Promise<Record<LabelKind, Map<number, string>>> {
  const kinds = Object.keys(LABEL_SOURCES) as LabelKind[];
  const found = Object.fromEntries(kinds.map((kind) => [kind, new Map<number, string>()])) as Record<
    LabelKind,
    Map<number, string>
  >;
  const selects = kinds
    .filter((kind) => (ids[kind] ?? []).length > 0)
    .map((kind) => {
      const source = LABEL_SOURCES[kind];
      return db
        .select({
          kind: sql<LabelKind>`${kind}::text`.as('kind'),
          id: source.id,
          label: source.label.as('label'),
        })
        .from(source.table)
        .where(inArray(source.id, ids[kind]!));
    });
  const [first, second, ...rest] = selects;
  if (!first) return found;
  const rows = await (second ? unionAll(first, second, ...rest) : first);
  for (const r of rows) found[r.kind].set(r.id, r.label);
  return found;
}
