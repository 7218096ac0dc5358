import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  languageOf,
  PRE_RELEASE_STATUSES,
  RELEASE_PUBLIC_STATUS,
  serverMessage,
  settingsFromRows,
  type AllocationInput,
  type AllocationProtocol,
  type Language,
  type OfferState,
  type ReleaseConsole,
  type ReleaseOffer,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import {
  apartments,
  holds,
  interestEntries,
  projects,
  releaseApartments,
  releaseOffers,
  releaseRuns,
  releaseWishes,
  users,
} from '../../db/schema';
import { isActive, shownStatus } from '../holds/repository';
import { conflict, HttpError } from '../../lib/http-error';
import { insertAuditEntry } from '../audit/repository';
import { changeStatus, formatUntil, holdIn, isUniqueViolation, type HoldConfig } from '../holds/service';
import { effectiveStatusSql } from '../interest/repository';
import { issuePageToken, pageLink } from '../interest/service';
import { mailMessage } from '../mail/mail';
import type { OutboxKind } from '../outbox/loop';
import { enqueueMany, type NewOutboxMessage } from '../outbox/repository';
import type { Caller } from '../projects/service';
import { readSettings } from '../settings/repository';
import { emitWebhookEvents } from '../webhooks/webhooks';
import { bostadOf, findRelease, type ReleaseRow } from './repository';

export type { ReleaseRow };

/**
 * Offers of a release (ADR 042). The approved run's allocations become pending offers with a
 * deadline; accepted, an offer is a reservation hold; declined or run out, the home passes at
 * once to the next unserved person who wished it, walking the run's order from the start.
 * Every change locks the release row first, so two answers racing are taken one after the
 * other and the pass-down never offers two homes to one person; the partial unique index
 * (one pending or accepted offer per home) is the last word.
 */

/** The outbox kind of an offer's deadline. */
export const OFFER_DUE_KIND = 'offer_due';

type OfferRow = typeof releaseOffers.$inferSelect;
type RunRow = typeof releaseRuns.$inferSelect;

export const releaseNotFound = () => new HttpError(404, serverMessage('releaseNotFound'));
const offerNotFound = () => new HttpError(404, serverMessage('offerNotFound'));

/** An hour as long as a hold's day makes it (HOLD_DAY_SECONDS shortens both for tests, ADR 035). */
export const hourMs = (cfg: HoldConfig) => cfg.dayMs / 24;

/** The release, locked: every change to its offers is taken one at a time. */
export async function lockRelease(db: DbOrTx, id: number): Promise<ReleaseRow> {
  const row = await findRelease(db, id, undefined, true);
  if (!row) throw releaseNotFound();
  return row;
}

/** The run offers follow: the latest approved one not superseded. */
export async function approvedRunId(db: DbOrTx, releaseId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: releaseRuns.id })
    .from(releaseRuns)
    .where(
      and(
        eq(releaseRuns.release_id, releaseId),
        isNotNull(releaseRuns.approved_at),
        eq(releaseRuns.superseded, false),
      ),
    )
    .orderBy(desc(releaseRuns.id))
    .limit(1);
  return row?.id;
}

/**
 * What offers need of a run, derived once per run (its protocol never changes): each person's
 * place in the order, household and wishes, and per home the people who wished it in the order
 * they are served (queue and lottery: the person order; per-apartment lottery: that home's steps).
 */
export interface RunLine {
  runId: number;
  place: Map<number, number>;
  household: Map<number, string>;
  wishes: Map<number, number[]>;
  candidates: Map<number, number[]>;
  allocations: { person: number; apartment: number; rank: number }[];
}

const runLines = new Map<string, RunLine>();

export async function runLine(db: DbOrTx, runId: number): Promise<RunLine> {
  // Keyed by the run's digest too: a database that was reset (tests) reuses run ids.
  const [head] = await db
    .select({ digest: releaseRuns.input_digest, created: releaseRuns.created_at })
    .from(releaseRuns)
    .where(eq(releaseRuns.id, runId));
  if (!head) throw releaseNotFound();
  const key = `${runId}:${head.digest}:${head.created.getTime()}`;
  const cached = runLines.get(key);
  if (cached) return cached;
  const [run] = await db
    .select({ input: releaseRuns.input, protocol: releaseRuns.protocol })
    .from(releaseRuns)
    .where(eq(releaseRuns.id, runId));
  const line = deriveLine(runId, run as Pick<RunRow, 'input' | 'protocol'>);
  // A handful of releases run at a time; keep the latest few.
  if (runLines.size >= 16) runLines.delete(runLines.keys().next().value!);
  runLines.set(key, line);
  return line;
}

function deriveLine(runId: number, run: Pick<RunRow, 'input' | 'protocol'>): RunLine {
  const input = run.input as unknown as AllocationInput;
  const protocol = run.protocol as unknown as AllocationProtocol;
  const household = new Map<number, string>();
  const wishes = new Map<number, number[]>();
  for (const p of input.people) {
    household.set(Number(p.id), p.household);
    wishes.set(Number(p.id), p.wishes.map(Number));
  }
  const place = new Map<number, number>();
  const candidates = new Map<number, number[]>();
  const push = (apartment: number, person: number) => {
    const list = candidates.get(apartment);
    if (list) list.push(person);
    else candidates.set(apartment, [person]);
  };
  for (const step of protocol.order) {
    const person = Number(step.person);
    if (!place.has(person)) place.set(person, place.size + 1);
    if (step.apartment !== null) push(Number(step.apartment), person);
    else for (const a of wishes.get(person) ?? []) push(a, person);
  }
  return {
    runId,
    place,
    household,
    wishes,
    candidates,
    allocations: protocol.allocations.map((a) => ({
      person: Number(a.person),
      apartment: Number(a.apartment),
      rank: a.rank,
    })),
  };
}

/** The offers of a release as they stand (entry, home, state). */
function offerFacts(db: DbOrTx, releaseId: number) {
  return db
    .select({
      entry_id: releaseOffers.entry_id,
      apartment_id: releaseOffers.apartment_id,
      state: releaseOffers.state,
    })
    .from(releaseOffers)
    .where(eq(releaseOffers.release_id, releaseId));
}
type OfferFact = Awaited<ReturnType<typeof offerFacts>>[number];

/** The people of the run whose interest entry is still live (pending or confirmed). */
async function livePeople(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: interestEntries.id })
    .from(interestEntries)
    .where(and(inArray(interestEntries.id, ids), sql`${effectiveStatusSql} in ('pending', 'confirmed')`));
  return new Set(rows.map((r) => r.id));
}

/**
 * A picker of the next unserved person for freed homes: first in the run's order among those
 * who wished the home, skipping anyone with a pending or accepted offer of this release, anyone
 * who declined (or let run out, or lost) this home, anyone whose household has a home when the
 * release gives one per household, and anyone whose entry is no longer live.
 */
function nextPicker(line: RunLine, facts: OfferFact[], onePerHousehold: boolean, live: Set<number>) {
  const busy = new Set<number>();
  const households = new Set<string>();
  const refused = new Set<string>();
  for (const f of facts) {
    if (f.state === 'pending' || f.state === 'accepted') {
      busy.add(f.entry_id);
      households.add(line.household.get(f.entry_id) ?? `#${f.entry_id}`);
    } else refused.add(`${f.entry_id}:${f.apartment_id}`);
  }
  return (apartmentId: number): number | undefined =>
    line.candidates
      .get(apartmentId)
      ?.find(
        (p) =>
          !busy.has(p) &&
          !refused.has(`${p}:${apartmentId}`) &&
          !(onePerHousehold && households.has(line.household.get(p) ?? `#${p}`)) &&
          live.has(p),
      );
}

interface OfferFactsOfProject {
  name: string;
  broker_id: number | null;
}

async function projectFacts(db: DbOrTx, projectId: number): Promise<OfferFactsOfProject> {
  const [row] = await db
    .select({ name: projects.name, broker_id: projects.broker_id })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw releaseNotFound();
  return row;
}

/**
 * Inserts pending offers and everything that goes with them, in the caller's transaction: a
 * mail to each buyer with the deadline and a fresh Min sida link, the deadline as an outbox
 * row, and the webhook release.offer_made (the person only to endpoints that opted in).
 */
async function makeOffers(
  tx: DbOrTx,
  release: ReleaseRow,
  runId: number,
  offers: { entry_id: number; apartment_id: number; rank: number }[],
  cfg: HoldConfig,
): Promise<OfferRow[]> {
  if (offers.length === 0) return [];
  const now = Date.now();
  const expires = new Date(now + release.offer_hours * hourMs(cfg));
  const rows = await tx
    .insert(releaseOffers)
    .values(
      offers.map((o) => ({
        release_id: release.id,
        run_id: runId,
        entry_id: o.entry_id,
        apartment_id: o.apartment_id,
        rank: o.rank,
        offered_at: new Date(now),
        expires_at: expires,
      })),
    )
    .returning();
  const project = await projectFacts(tx, release.project_id);
  const people = new Map(
    (
      await tx
        .select()
        .from(interestEntries)
        .where(
          inArray(
            interestEntries.id,
            rows.map((r) => r.entry_id),
          ),
        )
    ).map((e) => [e.id, e]),
  );
  const bostad = await bostadOf(
    tx,
    rows.map((r) => r.apartment_id),
  );
  const out: NewOutboxMessage[] = [];
  const events = [];
  for (const offer of rows) {
    const person = people.get(offer.entry_id)!;
    const lang: Language = languageOf(person.lang);
    const token = await issuePageToken(tx, person.id);
    out.push(
      mailMessage({
        to: person.email,
        lang,
        template: 'release_offer',
        params: {
          name: person.name,
          project: project.name,
          release: release.name,
          bostad: bostad.get(offer.apartment_id) ?? '',
          until: formatUntil(offer.expires_at, lang),
          link: `${pageLink(cfg)}#offers`,
        },
        secret: token,
        projectId: release.project_id,
      }),
      {
        kind: OFFER_DUE_KIND,
        payload: { offer_id: offer.id, expires_at: offer.expires_at.toISOString() },
        projectId: release.project_id,
        dueAt: offer.expires_at,
      },
    );
    events.push({
      type: 'release.offer_made' as const,
      data: {
        project_id: release.project_id,
        release_id: release.id,
        offer: {
          id: offer.id,
          apartment: { id: offer.apartment_id, bostad: bostad.get(offer.apartment_id) ?? '' },
          rank: offer.rank,
          expires_at: offer.expires_at.toISOString(),
          entry_id: offer.entry_id,
        },
      },
      personal: { person: { name: person.name, email: person.email, phone: person.phone ?? '' } },
    });
  }
  await enqueueMany(tx, out);
  await emitWebhookEvents(tx, release.project_id, events);
  return rows;
}

/**
 * Offers every home of the approved run to the person it was allocated to (the lead calls it
 * when the release enters `offers_out`). A person no longer on the list is passed over and
 * their home goes down the line at once. Idempotent: a release that has offers gets none more.
 * Answers how many offers it made.
 */
export async function startOffers(tx: DbOrTx, releaseId: number, cfg: HoldConfig): Promise<number> {
  const release = await lockRelease(tx, releaseId);
  const runId = await approvedRunId(tx, release.id);
  if (runId === undefined) return 0;
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(releaseOffers)
    .where(eq(releaseOffers.release_id, release.id));
  if ((existing?.n ?? 0) > 0) return 0;
  const line = await runLine(tx, runId);
  const live = await livePeople(tx, [...line.place.keys()]);
  const made = await makeOffers(
    tx,
    release,
    runId,
    line.allocations
      .filter((a) => live.has(a.person))
      .map((a) => ({ entry_id: a.person, apartment_id: a.apartment, rank: a.rank })),
    cfg,
  );
  const gone = line.allocations.filter((a) => !live.has(a.person)).map((a) => a.apartment);
  forgetConsole(release.id);
  return made.length + (await passOn(tx, release, gone, cfg));
}

/**
 * Freed homes go to the next person in line, each a new pending offer with a fresh deadline
 * and mail. A home nobody is left for waits for the public flip; after the flip it goes on
 * open sale at once. Answers how many offers it made.
 */
async function passOn(tx: DbOrTx, release: ReleaseRow, apartmentIds: number[], cfg: HoldConfig) {
  if (apartmentIds.length === 0) return 0;
  if (release.state === 'public' || release.state === 'closed') {
    await openForSale(tx, release, apartmentIds, null);
    return 0;
  }
  const runId = await approvedRunId(tx, release.id);
  if (runId === undefined) return 0;
  const line = await runLine(tx, runId);
  const facts = await offerFacts(tx, release.id);
  const live = await livePeople(tx, [...line.place.keys()]);
  const made: { entry_id: number; apartment_id: number; rank: number }[] = [];
  for (const apartmentId of apartmentIds) {
    const next = nextPicker(
      line,
      [...facts, ...made.map((m) => ({ ...m, state: 'pending' as const }))],
      release.one_per_household,
      live,
    )(apartmentId);
    if (next === undefined) continue;
    made.push({
      entry_id: next,
      apartment_id: apartmentId,
      rank: (line.wishes.get(next)?.indexOf(apartmentId) ?? 0) + 1,
    });
  }
  return (await makeOffers(tx, release, runId, made, cfg)).length;
}

/**
 * Homes of a release that still show a pre-release status and have no hold and no live offer
 * go on open sale (all of them, or those named): the status, its history, one live event
 * batch for every open widget, the webhooks. Answers the homes it changed.
 */
async function openForSale(
  tx: DbOrTx,
  release: ReleaseRow,
  only: number[] | null,
  by: Caller | null,
): Promise<{ id: number; bostad: string }[]> {
  const rows = await tx
    .select({
      id: apartments.id,
      bostad: apartments.bostad,
      status: apartments.status,
      price: apartments.price,
    })
    .from(apartments)
    .innerJoin(releaseApartments, eq(releaseApartments.apartment_id, apartments.id))
    .where(
      and(
        eq(releaseApartments.release_id, release.id),
        inArray(apartments.status, [...PRE_RELEASE_STATUSES]),
        only ? inArray(apartments.id, only.length ? only : [-1]) : undefined,
        sql`not exists (select 1 from ${holds} h where h.apartment_id = ${apartments.id} and h.ended_at is null)`,
        sql`not exists (select 1 from ${releaseOffers} o where o.apartment_id = ${apartments.id} and o.state in ('pending', 'accepted'))`,
      ),
    )
    .orderBy(asc(apartments.id))
    .for('update', { of: [apartments] });
  await changeStatus(
    tx,
    release.project_id,
    rows.map((r) => ({
      id: r.id,
      bostad: r.bostad,
      from: r.status,
      to: RELEASE_PUBLIC_STATUS,
      price: r.price,
    })),
    by,
  );
  return rows;
}

/**
 * The public flip (the lead calls it when the release enters `public`), in the caller's
 * transaction: every home of the release that is not held or offered and still shows its
 * pre-release status goes on sale, with history, one live batch and the webhooks; a hold on a
 * home that still shows `upcoming` as the status it restores now restores `sale`, so its
 * expiry puts the home on sale. Pending offers stand until their deadline (the buyer was
 * promised it); a home they free then goes on sale at once (passOn). Idempotent: a second
 * call finds nothing left to change and sends nothing.
 */
export async function flipPublic(
  tx: DbOrTx,
  releaseId: number,
  by: Caller | null = null,
): Promise<{ id: number; bostad: string }[]> {
  const release = await lockRelease(tx, releaseId);
  forgetConsole(release.id);
  const changed = await openForSale(tx, release, null, by);
  await tx
    .update(holds)
    .set({ previous_status: RELEASE_PUBLIC_STATUS })
    .where(
      and(
        isNull(holds.ended_at),
        inArray(holds.previous_status, [...PRE_RELEASE_STATUSES]),
        sql`${holds.apartment_id} in (select apartment_id from ${releaseApartments} where release_id = ${release.id})`,
      ),
    );
  if (changed.length > 0) {
    await emitWebhookEvents(tx, release.project_id, [
      {
        type: 'release.public',
        data: {
          project_id: release.project_id,
          release: { id: release.id, name: release.name },
          apartments: changed,
        },
      },
    ]);
  }
  return changed;
}

/** An offer as the console and the buyer's page read it; an overdue pending one reads as expired. */
function offerOut(
  row: OfferRow & {
    bostad: string;
    name: string;
    email: string;
    by_first: string | null;
    by_last: string | null;
  },
  line: RunLine | undefined,
  now = Date.now(),
): ReleaseOffer {
  const overdue = row.state === 'pending' && row.expires_at.getTime() <= now;
  return {
    id: row.id,
    release_id: row.release_id,
    apartment_id: row.apartment_id,
    bostad: row.bostad,
    entry_id: row.entry_id,
    name: row.name,
    email: row.email,
    queue_place: line?.place.get(row.entry_id) ?? null,
    rank: row.rank,
    state: overdue ? 'expired' : row.state,
    offered_at: row.offered_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    responded_at: overdue ? row.expires_at.toISOString() : (row.responded_at?.toISOString() ?? null),
    responded_by:
      row.responded_by === null
        ? null
        : { id: row.responded_by, name: `${row.by_first ?? ''} ${row.by_last ?? ''}`.trim() },
    hold_id: row.hold_id,
  };
}

/** Offers of a release with what they are shown with, pending first and soonest deadline first. */
export function listOffers(db: DbOrTx, where: { releaseId: number } | { entryId: number } | { id: number }) {
  return db
    .select({
      offer: releaseOffers,
      bostad: apartments.bostad,
      name: interestEntries.name,
      email: interestEntries.email,
      by_first: users.first_name,
      by_last: users.last_name,
    })
    .from(releaseOffers)
    .innerJoin(apartments, eq(apartments.id, releaseOffers.apartment_id))
    .innerJoin(interestEntries, eq(interestEntries.id, releaseOffers.entry_id))
    .leftJoin(users, eq(users.id, releaseOffers.responded_by))
    .where(
      'releaseId' in where
        ? eq(releaseOffers.release_id, where.releaseId)
        : 'entryId' in where
          ? eq(releaseOffers.entry_id, where.entryId)
          : eq(releaseOffers.id, where.id),
    )
    .orderBy(
      sql`${releaseOffers.state} = 'pending' desc`,
      asc(releaseOffers.expires_at),
      desc(releaseOffers.id),
    );
}

export async function offersOut(
  db: DbOrTx,
  rows: Awaited<ReturnType<typeof listOffers>>,
): Promise<ReleaseOffer[]> {
  const lines = new Map<number, RunLine>();
  for (const r of rows) {
    const runId = r.offer.run_id;
    if (runId !== null && !lines.has(runId)) lines.set(runId, await runLine(db, runId));
  }
  const now = Date.now();
  return rows.map((r) =>
    offerOut(
      {
        ...r.offer,
        bostad: r.bostad,
        name: r.name,
        email: r.email,
        by_first: r.by_first,
        by_last: r.by_last,
      },
      r.offer.run_id === null ? undefined : lines.get(r.offer.run_id),
      now,
    ),
  );
}

export type OfferAnswer = 'accept' | 'decline';

/**
 * Accepts or declines a pending offer, for the buyer (`by` null: Min sida, where `entryId`
 * must be theirs) or by a staff member for a buyer on the phone. Accepting places the
 * reservation hold (the project's reservation_days); declining passes the home on at once.
 * An answered or overdue offer is 409. Audited: staff answers by their route, the buyer's here.
 */
export async function answerOffer(
  db: Db,
  releaseId: number,
  offerId: number,
  answer: OfferAnswer,
  by: Caller | null,
  cfg: HoldConfig,
  opts: { entryId?: number; route?: string } = {},
): Promise<ReleaseOffer> {
  try {
    return await db.transaction(async (tx) => {
      const release = await lockRelease(tx, releaseId);
      const [offer] = await tx
        .select()
        .from(releaseOffers)
        .where(and(eq(releaseOffers.id, offerId), eq(releaseOffers.release_id, release.id)))
        .for('update');
      if (!offer || (opts.entryId !== undefined && offer.entry_id !== opts.entryId)) throw offerNotFound();
      if (offer.state !== 'pending' || offer.expires_at.getTime() <= Date.now()) {
        throw conflict(serverMessage('offerEnded'));
      }
      forgetConsole(release.id);
      const respondedAt = new Date();
      if (answer === 'accept') {
        const [person] = await tx
          .select()
          .from(interestEntries)
          .where(eq(interestEntries.id, offer.entry_id));
        const project = await projectFacts(tx, release.project_id);
        const { settings } = settingsFromRows(await readSettings(tx, release.project_id));
        const hold = await holdIn(
          tx,
          by,
          { id: release.project_id, name: project.name, broker_id: project.broker_id },
          {
            apartment_id: offer.apartment_id,
            kind: 'reservation',
            name: person!.name,
            email: person!.email,
            phone: person!.phone ?? '',
            language: languageOf(person!.lang),
            interest_id: person!.id,
          },
          cfg,
          { lastsMs: Number(settings.reservation_days) * cfg.dayMs, requireAvailable: false },
        );
        await tx
          .update(releaseOffers)
          .set({
            state: 'accepted',
            responded_at: respondedAt,
            responded_by: by?.id ?? null,
            hold_id: hold.id,
          })
          .where(eq(releaseOffers.id, offer.id));
      } else {
        await tx
          .update(releaseOffers)
          .set({ state: 'declined', responded_at: respondedAt, responded_by: by?.id ?? null })
          .where(eq(releaseOffers.id, offer.id));
        await passOn(tx, release, [offer.apartment_id], cfg);
      }
      if (by === null) {
        await insertAuditEntry(tx, {
          actor_id: null,
          actor_name: 'buyer (Min sida)',
          action: answer,
          entity_type: 'release_offer',
          entity_id: String(offer.id),
          project_id: release.project_id,
          detail: { release_id: release.id, entry_id: offer.entry_id },
          route: opts.route ?? 'POST /interest/my/offer',
        });
      }
      const [row] = await listOffers(tx, { id: offer.id });
      return (await offersOut(tx, [row!]))[0]!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(serverMessage('apartmentHeld'));
    throw err;
  }
}

/**
 * Ends every overdue pending offer, each in its own transaction with the release locked, and
 * passes its home on. The first deadline row of a minute does the work of the others, which
 * then find nothing left (as holds do, ADR 035).
 */
export async function expireOverdueOffers(db: Db, cfg: HoldConfig): Promise<number> {
  const due = await db
    .select({ id: releaseOffers.id, release_id: releaseOffers.release_id })
    .from(releaseOffers)
    .where(and(eq(releaseOffers.state, 'pending'), lte(releaseOffers.expires_at, sql`now()`)))
    .orderBy(asc(releaseOffers.expires_at), asc(releaseOffers.id))
    .limit(500);
  let ended = 0;
  for (const d of due) {
    ended += await db.transaction(async (tx) => {
      const release = await lockRelease(tx, d.release_id);
      const [offer] = await tx
        .update(releaseOffers)
        .set({ state: 'expired', responded_at: sql`${releaseOffers.expires_at}` })
        .where(
          and(
            eq(releaseOffers.id, d.id),
            eq(releaseOffers.state, 'pending'),
            lte(releaseOffers.expires_at, sql`now()`),
          ),
        )
        .returning();
      if (!offer) return 0;
      forgetConsole(release.id);
      await passOn(tx, release, [offer.apartment_id], cfg);
      return 1;
    });
  }
  return ended;
}

/** The outbox kind of offers' deadlines. */
export function offerDueKind(db: Db, cfg: HoldConfig): OutboxKind {
  return {
    send: async () => {
      while ((await expireOverdueOffers(db, cfg)) === 500);
    },
  };
}

/** A buyer's offers in a project (Min sida), by their live entry. */
export async function offersOfEntry(db: DbOrTx, entryId: number): Promise<ReleaseOffer[]> {
  return offersOut(db, await listOffers(db, { entryId }));
}

/** Counts of the release's offers by state (an overdue pending one counts as expired). */
export function countOffers(offers: ReleaseOffer[]): Record<OfferState, number> {
  const out: Record<OfferState, number> = { pending: 0, accepted: 0, declined: 0, expired: 0, withdrawn: 0 };
  for (const o of offers) out[o.state] += 1;
  return out;
}

/** Who would get each home if it were freed now (the console's "next in line"). */
export async function nextInLine(
  db: DbOrTx,
  release: ReleaseRow,
  runId: number,
  apartmentIds: number[],
): Promise<Map<number, { entry_id: number; queue_place: number }>> {
  const line = await runLine(db, runId);
  const facts = await offerFacts(db, release.id);
  const live = await livePeople(db, [...line.place.keys()]);
  const pick = nextPicker(line, facts, release.one_per_household, live);
  const out = new Map<number, { entry_id: number; queue_place: number }>();
  for (const id of apartmentIds) {
    const next = pick(id);
    if (next !== undefined) out.set(id, { entry_id: next, queue_place: line.place.get(next)! });
  }
  return out;
}

/**
 * Everything the launch console shows, in one call and a few queries (ADR 042): the release,
 * counters, the offers, and per home its shown status and who is next in line. The run's
 * derived order is kept in memory per run, so fifty consoles polling read no protocol.
 */
export async function releaseConsole(db: DbOrTx, release: ReleaseRow): Promise<ReleaseConsole> {
  const runId = await approvedRunId(db, release.id);
  const [offerRows, homeRows, wishRows, holdRows, runRows] = await Promise.all([
    listOffers(db, { releaseId: release.id }),
    db
      .select({ id: apartments.id, bostad: apartments.bostad, status: shownStatus })
      .from(apartments)
      .innerJoin(releaseApartments, eq(releaseApartments.apartment_id, apartments.id))
      .where(eq(releaseApartments.release_id, release.id))
      .orderBy(asc(apartments.bostad), asc(apartments.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(releaseWishes)
      .where(
        and(eq(releaseWishes.release_id, release.id), sql`cardinality(${releaseWishes.apartment_ids}) > 0`),
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(holds)
      .innerJoin(releaseApartments, eq(releaseApartments.apartment_id, holds.apartment_id))
      .where(and(eq(releaseApartments.release_id, release.id), isActive)),
    runId === undefined
      ? Promise.resolve([])
      : db
          .select({ id: releaseRuns.id, approved_at: releaseRuns.approved_at })
          .from(releaseRuns)
          .where(eq(releaseRuns.id, runId)),
  ]);
  const offers = await offersOut(db, offerRows);
  const live = new Map(
    offers.filter((o) => o.state === 'pending' || o.state === 'accepted').map((o) => [o.apartment_id, o.id]),
  );
  const next =
    runId === undefined
      ? new Map<number, { entry_id: number; queue_place: number }>()
      : await nextInLine(
          db,
          release,
          runId,
          homeRows.map((h) => h.id),
        );
  const run = runRows[0];
  return {
    release: {
      id: release.id,
      project_id: release.project_id,
      name: release.name,
      mode: release.mode,
      state: release.state,
      paused: release.paused,
      public_at: release.public_at?.toISOString() ?? null,
      offer_hours: release.offer_hours,
    },
    run: run ? { id: run.id, approved_at: run.approved_at?.toISOString() ?? null } : null,
    counters: { wishes: wishRows[0]?.n ?? 0, offers: countOffers(offers), holds: holdRows[0]?.n ?? 0 },
    offers,
    apartments: homeRows.map((h) => ({
      id: h.id,
      bostad: h.bostad,
      status: h.status,
      offer_id: live.get(h.id) ?? null,
      next: next.get(h.id) ?? null,
    })),
    now: new Date().toISOString(),
  };
}

/**
 * The console as this instance last read it, per release, for CONSOLE_TTL_MS: fifty staff
 * polling every few seconds share one read (as the public view's cache does for widgets,
 * ADR 015). Every offer change in this instance forgets it; another instance's change shows
 * within the TTL.
 */
const CONSOLE_TTL_MS = 2000;
const consoles = new Map<number, { at: number; value: Promise<ReleaseConsole> }>();

export function forgetConsole(releaseId: number): void {
  consoles.delete(releaseId);
}

export async function cachedConsole(db: DbOrTx, release: ReleaseRow): Promise<ReleaseConsole> {
  const hit = consoles.get(release.id);
  // A read still under way is shared too: its age counts from when it is done.
  if (hit && Date.now() - hit.at < CONSOLE_TTL_MS) {
    return { ...(await hit.value), now: new Date().toISOString() };
  }
  const entry = { at: Number.POSITIVE_INFINITY, value: releaseConsole(db, release) };
  consoles.set(release.id, entry);
  entry.value.then(
    () => (entry.at = Date.now()),
    () => consoles.get(release.id) === entry && consoles.delete(release.id),
  );
  return entry.value;
}

const CONSOLE_CSV_HEADERS = {
  sv: [
    'Bostad',
    'Status',
    'Erbjudande',
    'Namn',
    'E-post',
    'Köplats',
    'Önskan nr',
    'Erbjuden',
    'Svara senast',
    'Besvarad',
    'Besvarad av',
    'Nästa i kön (köplats)',
  ],
  en: [
    'Home',
    'Status',
    'Offer',
    'Name',
    'E-mail',
    'Queue place',
    'Wish no.',
    'Offered',
    'Answer by',
    'Answered',
    'Answered by',
    'Next in line (queue place)',
  ],
} as const;

/** The console as rows for the CSV export: every offer, then each home that never had one. */
export function consoleCsvRows(c: ReleaseConsole, lang: Language): string[][] {
  const home = new Map(c.apartments.map((a) => [a.id, a]));
  const nextOf = (id: number) => {
    const n = home.get(id)?.next;
    return n ? String(n.queue_place) : '';
  };
  const offered = new Set(c.offers.map((o) => o.apartment_id));
  return [
    [...CONSOLE_CSV_HEADERS[lang]],
    ...c.offers.map((o) => [
      o.bostad,
      home.get(o.apartment_id)?.status ?? '',
      o.state,
      o.name,
      o.email,
      o.queue_place === null ? '' : String(o.queue_place),
      String(o.rank),
      o.offered_at,
      o.expires_at,
      o.responded_at ?? '',
      o.responded_by?.name ?? '',
      nextOf(o.apartment_id),
    ]),
    ...c.apartments
      .filter((a) => !offered.has(a.id))
      .map((a) => [a.bostad, a.status, '', '', '', '', '', '', '', '', '', nextOf(a.id)]),
  ];
}
