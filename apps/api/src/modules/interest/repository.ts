import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { INTEREST_RULES, type InterestStatus } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import { apartments, interestConsents, interestEntries, projects, users } from '../../db/schema';

export type EntryRow = typeof interestEntries.$inferSelect;
export type ConsentRow = typeof interestConsents.$inferSelect;

/**
 * The status an entry has now, whatever the outbox loop has done yet (ADR 036): a pending
 * entry whose link has expired, and a confirmed one without activity for a year, read as lapsed.
 */
// Table-qualified by hand: drizzle leaves columns in a select list unqualified, and this is also
// used beside apartments (which have a status too) and inside subqueries.
export const effectiveStatusSql: SQL<InterestStatus> = sql<InterestStatus>`case
  when interest_entries.status = 'pending' and interest_entries.confirm_expires_at <= now() then 'lapsed'
  when interest_entries.status = 'confirmed'
   and interest_entries.last_activity_at + make_interval(days => ${INTEREST_RULES.lapseDays}) <= now() then 'lapsed'
  else interest_entries.status end`;

/** The same rule in the process, for a row already read. */
export function effectiveStatus(row: EntryRow, now = new Date()): InterestStatus {
  if (row.status === 'pending' && row.confirm_expires_at && row.confirm_expires_at <= now) return 'lapsed';
  if (row.status === 'confirmed' && lapsesAt(row).getTime() <= now.getTime()) return 'lapsed';
  return row.status;
}

export const lapsesAt = (row: Pick<EntryRow, 'last_activity_at'>) =>
  new Date(row.last_activity_at.getTime() + INTEREST_RULES.lapseDays * 86_400_000);

export async function findLiveByEmail(
  db: DbOrTx,
  projectId: number,
  email: string,
): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(interestEntries)
    .where(
      and(
        eq(interestEntries.project_id, projectId),
        eq(interestEntries.email, email),
        inArray(interestEntries.status, ['pending', 'confirmed']),
      ),
    )
    .for('update');
  return row;
}

export async function findEntry(db: DbOrTx, id: number, projectId?: number): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(interestEntries)
    .where(
      and(
        eq(interestEntries.id, id),
        projectId === undefined ? undefined : eq(interestEntries.project_id, projectId),
      ),
    );
  return row;
}

export async function findByToken(
  db: DbOrTx,
  column: 'confirm_token_hash' | 'page_token_hash',
  hash: string,
): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(interestEntries)
    .where(eq(interestEntries[column], hash))
    .for('update');
  return row;
}

export async function insertEntry(
  db: DbOrTx,
  values: typeof interestEntries.$inferInsert,
): Promise<EntryRow> {
  const [row] = await db.insert(interestEntries).values(values).returning();
  return row!;
}

export async function updateEntry(
  db: DbOrTx,
  id: number,
  values: Partial<typeof interestEntries.$inferInsert>,
): Promise<EntryRow | undefined> {
  const [row] = await db.update(interestEntries).set(values).where(eq(interestEntries.id, id)).returning();
  return row;
}

export async function deleteEntry(db: DbOrTx, id: number): Promise<void> {
  await db.delete(interestEntries).where(eq(interestEntries.id, id));
}

export async function insertConsents(
  db: DbOrTx,
  rows: (typeof interestConsents.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(interestConsents).values(rows);
}

export function consentsOf(db: DbOrTx, entryIds: number[]): Promise<ConsentRow[]> {
  if (entryIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(interestConsents)
    .where(inArray(interestConsents.entry_id, entryIds))
    .orderBy(asc(interestConsents.id));
}

/** Which of `ids` are apartments of the project, with their numbers. */
export function projectApartments(
  db: DbOrTx,
  projectId: number,
  ids: number[],
): Promise<{ id: number; bostad: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: apartments.id, bostad: apartments.bostad })
    .from(apartments)
    .where(and(eq(apartments.project_id, projectId), inArray(apartments.id, ids)));
}

/** The project's name and its sales team's addresses (the client who owns it and its broker). */
export async function projectAndTeam(
  db: DbOrTx,
  projectId: number,
): Promise<{ name: string; team: { email: string; id: number }[] } | undefined> {
  const [project] = await db
    .select({ name: projects.name, owner: projects.user_id, broker: projects.broker_id })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return undefined;
  const ids = [project.owner, project.broker].filter((id): id is number => id !== null);
  const team = ids.length
    ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))
    : [];
  return { name: project.name, team };
}

export interface ListFilter {
  status?: InterestStatus;
  tier?: string;
  rooms?: number;
  apartmentId?: number;
  q?: string;
}

export type ListedRow = EntryRow & {
  effective: InterestStatus;
  newsletter: boolean;
  duplicate_email: boolean;
  duplicate_phone: boolean;
};

/**
 * A project's entries, first in the queue first: confirmed ones by confirmation time, then
 * the rest by submission. An entry is a duplicate when another entry of the project (in any
 * status) has the same address, or the same phone number (digits only).
 */
export async function listEntries(db: DbOrTx, projectId: number, f: ListFilter): Promise<ListedRow[]> {
  const digits = (phone: string) => `nullif(regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g'), '')`;
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const query = db
    .select({
      entry: interestEntries,
      effective: effectiveStatusSql,
      // Written out with the table's name: drizzle would leave the outer columns unqualified here.
      newsletter: sql<boolean>`exists (select 1 from interest_consents c where c.entry_id = interest_entries.id and c.purpose = 'newsletter')`,
      duplicate_email: sql<boolean>`exists (select 1 from interest_entries o where o.project_id = interest_entries.project_id and o.email = interest_entries.email and o.id <> interest_entries.id)`,
      duplicate_phone: sql<boolean>`${sql.raw(`(${digits('interest_entries.phone')} is not null and exists (select 1 from interest_entries o where o.project_id = interest_entries.project_id and o.id <> interest_entries.id and ${digits('o.phone')} = ${digits('interest_entries.phone')}))`)}`,
    })
    .from(interestEntries)
    .where(
      and(
        eq(interestEntries.project_id, projectId),
        f.status ? sql`${effectiveStatusSql} = ${f.status}` : undefined,
        f.tier !== undefined ? eq(interestEntries.tier, f.tier) : undefined,
        f.rooms !== undefined ? sql`${f.rooms} = any(${interestEntries.rooms})` : undefined,
        f.apartmentId !== undefined
          ? sql`${f.apartmentId} = any(${interestEntries.apartment_ids})`
          : undefined,
        like
          ? sql`(${interestEntries.name} ilike ${like} or ${interestEntries.email} ilike ${like} or coalesce(${interestEntries.phone}, '') ilike ${like} or coalesce(${interestEntries.notes}, '') ilike ${like})`
          : undefined,
      ),
    )
    .orderBy(
      sql`${interestEntries.confirmed_at} asc nulls last`,
      asc(interestEntries.submitted_at),
      asc(interestEntries.id),
    );
  const rows = await query;
  return rows.map((r) => ({
    ...r.entry,
    effective: r.effective,
    newsletter: Boolean(r.newsletter),
    duplicate_email: Boolean(r.duplicate_email),
    duplicate_phone: Boolean(r.duplicate_phone),
  }));
}

/** Per apartment, how many entries that read as confirmed name it. */
export async function demand(
  db: DbOrTx,
  projectId: number,
): Promise<{ apartment_id: number; count: number }[]> {
  const rows = await db.execute<{ apartment_id: number; count: string | number }>(sql`
    select a.id as apartment_id, count(*) as count
      from ${interestEntries} cross join lateral unnest(${interestEntries.apartment_ids}) as wished(id)
      join ${apartments} a on a.id = wished.id and a.project_id = ${projectId}
     where ${interestEntries.project_id} = ${projectId} and ${effectiveStatusSql} = 'confirmed'
     group by a.id
     order by a.id`);
  return rows.rows.map((r) => ({ apartment_id: Number(r.apartment_id), count: Number(r.count) }));
}
