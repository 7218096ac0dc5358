import { and, asc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apartments, holds, outbox, projects, users } from '../../db/schema';

/** The outbox kind of a hold's due times: its expiry and its reminders (ADR 035). */
export const HOLD_DUE_KIND = 'hold_due';

export type HoldRow = typeof holds.$inferSelect;
export type HoldInsert = typeof holds.$inferInsert;

/** A hold that has not ended and whose time has not run out (ADR 035: an overdue one reads as ended). */
export const isActive = and(isNull(holds.ended_at), gt(holds.expires_at, sql`now()`));

/**
 * The status an apartment shows (ADR 035): its stored status, unless an overdue hold that
 * the timer has not ended yet set it, in which case the status that hold will restore. So
 * every read shows an expired hold as ended even while no outbox loop runs.
 */
// Qualified by hand: drizzle writes a column of a one-table query unqualified, and inside the
// subquery a bare "id" would be the hold's.
export const shownStatus: SQL<string> = sql<string>`coalesce((
  select h.previous_status from ${holds} h
   where h.apartment_id = "apartments"."id" and h.ended_at is null
     and h.expires_at <= now() and h.set_status = "apartments"."status"), "apartments"."status")`;

export async function insertHold(db: DbOrTx, values: HoldInsert): Promise<HoldRow> {
  const [row] = await db.insert(holds).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The hold of the project, locked for the rest of the transaction. */
export async function lockHold(db: DbOrTx, id: number, projectId: number): Promise<HoldRow | undefined> {
  const [row] = await db
    .select()
    .from(holds)
    .where(and(eq(holds.id, id), eq(holds.project_id, projectId)))
    .for('update');
  return row;
}

export async function findHold(db: DbOrTx, id: number): Promise<HoldRow | undefined> {
  const [row] = await db.select().from(holds).where(eq(holds.id, id));
  return row;
}

/** The apartment's hold that has not been ended, overdue or not. */
export async function openHoldOf(db: DbOrTx, apartmentId: number): Promise<HoldRow | undefined> {
  const [row] = await db
    .select()
    .from(holds)
    .where(and(eq(holds.apartment_id, apartmentId), isNull(holds.ended_at)))
    .for('update');
  return row;
}

export async function updateHold(db: DbOrTx, id: number, values: Partial<HoldInsert>): Promise<HoldRow> {
  const [row] = await db.update(holds).set(values).where(eq(holds.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

const holdColumns = {
  hold: holds,
  bostad: apartments.bostad,
  placed_by_first: users.first_name,
  placed_by_last: users.last_name,
};

/** A project's active holds, soonest expiry first, with each apartment's bostad and who placed it. */
export function listActiveHolds(db: DbOrTx, projectId: number) {
  return db
    .select(holdColumns)
    .from(holds)
    .innerJoin(apartments, eq(apartments.id, holds.apartment_id))
    .leftJoin(users, eq(users.id, holds.placed_by))
    .where(and(eq(holds.project_id, projectId), isActive))
    .orderBy(asc(holds.expires_at), asc(holds.id));
}

export function holdsByIds(db: DbOrTx, ids: number[]) {
  return db
    .select(holdColumns)
    .from(holds)
    .innerJoin(apartments, eq(apartments.id, holds.apartment_id))
    .leftJoin(users, eq(users.id, holds.placed_by))
    .where(inArray(holds.id, ids));
}
export type HoldListRow = Awaited<ReturnType<typeof listActiveHolds>>[number];

/**
 * The buyer's active holds in a project (for "Min sida"): which apartment, and until when.
 * E-mail addresses compare without regard to case.
 */
export function activeHoldsForEmail(
  db: DbOrTx,
  projectId: number,
  email: string,
): Promise<{ apartment_id: number; bostad: string; kind: HoldRow['kind']; expires_at: Date }[]> {
  return db
    .select({
      apartment_id: holds.apartment_id,
      bostad: apartments.bostad,
      kind: holds.kind,
      expires_at: holds.expires_at,
    })
    .from(holds)
    .innerJoin(apartments, eq(apartments.id, holds.apartment_id))
    .where(
      and(eq(holds.project_id, projectId), sql`lower(${holds.email}) = lower(${email.trim()})`, isActive),
    )
    .orderBy(asc(holds.expires_at));
}

/**
 * Up to `limit` overdue holds the timer has not ended, locked (skipping any another
 * instance is ending), with their apartment's current status and what the mails need.
 */
export function lockOverdue(db: DbOrTx, limit: number, apartmentId?: number) {
  return db
    .select({
      hold: holds,
      bostad: apartments.bostad,
      status: apartments.status,
      price: apartments.price,
      project_name: projects.name,
      broker_id: projects.broker_id,
    })
    .from(holds)
    .innerJoin(apartments, eq(apartments.id, holds.apartment_id))
    .innerJoin(projects, eq(projects.id, holds.project_id))
    .where(
      and(
        isNull(holds.ended_at),
        lte(holds.expires_at, sql`now()`),
        apartmentId === undefined ? undefined : eq(holds.apartment_id, apartmentId),
      ),
    )
    .orderBy(asc(holds.expires_at), asc(holds.id))
    .limit(limit)
    .for('update', { of: [holds, apartments], skipLocked: true });
}

/** Ends many holds at once with one reason, at their expiry (expired) or now. */
export async function endHolds(db: DbOrTx, ids: number[], reason: 'expired'): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(holds)
    .set({ ended_at: sql`least(now(), ${holds.expires_at})`, end_reason: reason })
    .where(inArray(holds.id, ids));
}

/** What open widgets are told of apartments (live events, ADR 015), as stored now, in id order. */
export function liveRowsOf(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id: apartments.id,
      status: apartments.status,
      inactive: apartments.inactive,
      price: apartments.price,
      fee: apartments.fee,
    })
    .from(apartments)
    .where(inArray(apartments.id, ids))
    .orderBy(asc(apartments.id));
}

/** The project's name and broker. */
export async function projectOf(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ name: projects.name, broker_id: projects.broker_id })
    .from(projects)
    .where(eq(projects.id, id));
  return row;
}

/**
 * Marks the waiting expiry rows of holds that have just been ended as done, so the outbox loop
 * does not claim them one by one only to find nothing to do (1,000 holds due in one minute).
 */
export async function settleExpiryRows(db: DbOrTx, holdIds: number[]): Promise<void> {
  if (holdIds.length === 0) return;
  await db
    .update(outbox)
    .set({ status: 'sent', sent_at: sql`now()` })
    .where(
      and(
        eq(outbox.kind, HOLD_DUE_KIND),
        eq(outbox.status, 'pending'),
        sql`${outbox.payload}->>'event' = 'expire'`,
        sql`(${outbox.payload}->>'hold_id')::int in (${sql.join(
          holdIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
}

/** Each broker's e-mail address, by user id. */
export async function emailsOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}
