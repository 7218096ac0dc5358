import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  apartments,
  interestEntries,
  releaseApartments,
  releaseRuleVersions,
  releaseRuns,
  releases,
  releaseWishes,
  users,
} from '../../db/schema';

/** The outbox kind of a release's time-driven steps (ADR 040). */
export const RELEASE_DUE_KIND = 'release_due';

export type ReleaseRow = typeof releases.$inferSelect;
export type ReleaseInsert = typeof releases.$inferInsert;
export type RunRow = typeof releaseRuns.$inferSelect;
export type EntryRow = typeof interestEntries.$inferSelect;

export function listReleases(db: DbOrTx, projectId: number): Promise<ReleaseRow[]> {
  return db.select().from(releases).where(eq(releases.project_id, projectId)).orderBy(asc(releases.id));
}

/** The project's release; `lock`: for the rest of the transaction. */
export async function findRelease(
  db: DbOrTx,
  id: number,
  projectId?: number,
  lock = false,
): Promise<ReleaseRow | undefined> {
  const where =
    projectId === undefined
      ? eq(releases.id, id)
      : and(eq(releases.id, id), eq(releases.project_id, projectId));
  const query = db.select().from(releases).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertRelease(db: DbOrTx, values: ReleaseInsert): Promise<ReleaseRow> {
  const [row] = await db.insert(releases).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Writes the fields and moves the version on. */
export async function updateRelease(
  db: DbOrTx,
  id: number,
  values: Partial<ReleaseInsert>,
): Promise<ReleaseRow> {
  const [row] = await db
    .update(releases)
    .set({ ...values, version: sql`${releases.version} + 1`, updated_at: new Date() })
    .where(eq(releases.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function deleteRelease(db: DbOrTx, id: number): Promise<void> {
  await db.delete(releases).where(eq(releases.id, id));
}

/** The apartment ids of each release, ascending. */
export async function apartmentIdsOf(db: DbOrTx, releaseIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(releaseIds.map((id) => [id, []]));
  if (releaseIds.length === 0) return out;
  const rows = await db
    .select()
    .from(releaseApartments)
    .where(inArray(releaseApartments.release_id, releaseIds))
    .orderBy(asc(releaseApartments.apartment_id));
  for (const r of rows) out.get(r.release_id)?.push(r.apartment_id);
  return out;
}

/** Which of `ids` are apartments of the project. */
export async function projectApartments(
  db: DbOrTx,
  projectId: number,
  ids: number[],
): Promise<{ id: number; bostad: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: apartments.id, bostad: apartments.bostad })
    .from(apartments)
    .where(and(eq(apartments.project_id, projectId), inArray(apartments.id, ids)))
    .orderBy(asc(apartments.id));
}

/** The first of `ids` that another release already has, with its name. */
export async function takenApartment(
  db: DbOrTx,
  releaseId: number,
  ids: number[],
): Promise<{ bostad: string } | undefined> {
  if (ids.length === 0) return undefined;
  const [row] = await db
    .select({ bostad: apartments.bostad })
    .from(releaseApartments)
    .innerJoin(apartments, eq(apartments.id, releaseApartments.apartment_id))
    .where(and(inArray(releaseApartments.apartment_id, ids), ne(releaseApartments.release_id, releaseId)))
    .orderBy(asc(apartments.id))
    .limit(1);
  return row;
}

export async function replaceApartments(db: DbOrTx, releaseId: number, ids: number[]): Promise<void> {
  await db.delete(releaseApartments).where(eq(releaseApartments.release_id, releaseId));
  if (ids.length > 0)
    await db
      .insert(releaseApartments)
      .values(ids.map((apartment_id) => ({ release_id: releaseId, apartment_id })));
}

export async function latestRules(
  db: DbOrTx,
  releaseId: number,
): Promise<typeof releaseRuleVersions.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(releaseRuleVersions)
    .where(eq(releaseRuleVersions.release_id, releaseId))
    .orderBy(desc(releaseRuleVersions.version))
    .limit(1);
  return row;
}

export async function insertRules(
  db: DbOrTx,
  values: typeof releaseRuleVersions.$inferInsert,
): Promise<void> {
  await db.insert(releaseRuleVersions).values(values);
}

/** Every person with wishes in the release, with their interest entry. */
export function wishesWithEntries(
  db: DbOrTx,
  releaseId: number,
): Promise<{ entry: EntryRow; wishes: number[] }[]> {
  return db
    .select({ entry: interestEntries, wishes: releaseWishes.apartment_ids })
    .from(releaseWishes)
    .innerJoin(interestEntries, eq(interestEntries.id, releaseWishes.entry_id))
    .where(eq(releaseWishes.release_id, releaseId))
    .orderBy(asc(interestEntries.id));
}

/** The runs of a release, newest first. */
export function runsOf(db: DbOrTx, releaseId: number): Promise<RunRow[]> {
  return db
    .select()
    .from(releaseRuns)
    .where(eq(releaseRuns.release_id, releaseId))
    .orderBy(desc(releaseRuns.id));
}

/** The run in force: the latest one not superseded. */
export async function currentRun(db: DbOrTx, releaseId: number): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(releaseRuns)
    .where(and(eq(releaseRuns.release_id, releaseId), eq(releaseRuns.superseded, false)))
    .orderBy(desc(releaseRuns.id))
    .limit(1);
  return row;
}

export async function insertRun(db: DbOrTx, values: typeof releaseRuns.$inferInsert): Promise<RunRow> {
  const [row] = await db.insert(releaseRuns).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateRun(
  db: DbOrTx,
  id: number,
  values: Partial<typeof releaseRuns.$inferInsert>,
): Promise<void> {
  await db.update(releaseRuns).set(values).where(eq(releaseRuns.id, id));
}

export async function namesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, first: users.first_name, last: users.last_name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
}

export async function bostadOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: apartments.id, bostad: apartments.bostad })
    .from(apartments)
    .where(inArray(apartments.id, ids));
  return new Map(rows.map((r) => [r.id, r.bostad]));
}
