import {
  allocate,
  ALLOCATION_VERSION,
  AllocationInputError,
  commitSeed,
  isAllocatedMode,
  newSeed,
  nextReleaseState,
  releaseSettingsIssues,
  releaseStepDueAt,
  serverMessage,
  type AllocationInput,
  type AllocationProtocol,
  type Project,
  type Release,
  type ReleaseIssue,
  type ReleaseProtocolDocument,
  type ReleaseRun,
  type ReleaseState,
  type ReleaseTimes,
  type releaseCreateSchema,
  type releaseUpdateSchema,
} from '@planvy/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError, conflict, invalid } from '../../lib/http-error';
import { insertAuditEntry } from '../audit/repository';
import type { HoldConfig } from '../holds/service';
import { effectiveStatus } from '../interest/repository';
import type { OutboxKind } from '../outbox/loop';
import { notifyView } from '../live/notify';
import { enqueue } from '../outbox/repository';
import type { Caller } from '../projects/service';
import { emitWebhookEvents } from '../webhooks/webhooks';
import { onEnterReleaseState } from './on-enter';
import * as repo from './repository';

export { RELEASE_DUE_KIND } from './repository';

export const releaseNotFound = () => new HttpError(404, serverMessage('releaseNotFound'));
const stale = () => conflict(serverMessage('releaseStale'));
const wrongState = (state: ReleaseState) => conflict(serverMessage('releaseWrongState', { state }));

/** Settings that decide the allocation: fixed once the wish window has opened. */
const LOCKED_AFTER_OPEN = ['mode', 'max_wishes', 'one_per_household', 'tiers'] as const;
const BEFORE_OPEN: readonly ReleaseState[] = ['draft', 'scheduled'];
/** Apartments may change until the allocation has run. */
const APARTMENTS_UNTIL: readonly ReleaseState[] = ['draft', 'scheduled', 'wishes_open', 'wishes_closed'];

const iso = (d: Date | null) => d?.toISOString() ?? null;
const date = (s: string | null | undefined) => (s === null || s === undefined ? null : new Date(s));

function timesOf(row: repo.ReleaseRow): ReleaseTimes {
  return {
    wishes_open_at: iso(row.wishes_open_at),
    wishes_close_at: iso(row.wishes_close_at),
    public_at: iso(row.public_at),
    closes_at: iso(row.closes_at),
  };
}

export function toRelease(row: repo.ReleaseRow, apartmentIds: number[]): Release {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    mode: row.mode,
    state: row.state,
    paused: row.paused,
    max_wishes: row.max_wishes,
    one_per_household: row.one_per_household,
    offer_hours: row.offer_hours,
    checkout_minutes: row.checkout_minutes,
    tiers: row.tiers,
    ...timesOf(row),
    show_demand: row.show_demand,
    rules_text: row.rules_text,
    rules_version: row.rules_version,
    seed_commitment: row.seed_commitment,
    apartment_ids: apartmentIds,
    next_state: nextReleaseState(row.mode, row.state),
    next_due_at: releaseStepDueAt(row.mode, row.state, timesOf(row)),
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function releaseOut(db: DbOrTx, row: repo.ReleaseRow): Promise<Release> {
  return toRelease(row, (await repo.apartmentIdsOf(db, [row.id])).get(row.id) ?? []);
}

export async function listReleases(db: DbOrTx, projectId: number): Promise<Release[]> {
  const rows = await repo.listReleases(db, projectId);
  const ids = await repo.apartmentIdsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRelease(r, ids.get(r.id) ?? []));
}

export async function getRelease(db: DbOrTx, projectId: number, id: number): Promise<Release> {
  const row = await repo.findRelease(db, id, projectId);
  if (!row) throw releaseNotFound();
  return releaseOut(db, row);
}

async function locked(tx: DbOrTx, projectId: number, id: number): Promise<repo.ReleaseRow> {
  const row = await repo.findRelease(tx, id, projectId, true);
  if (!row) throw releaseNotFound();
  return row;
}

/** 422 with every field's problem, as zod's validation would answer it. */
function assertNoIssues(issues: ReleaseIssue[]): void {
  if (issues.length === 0) return;
  const fields: Record<string, ReleaseIssue['message'][]> = {};
  for (const i of issues) (fields[i.field] ??= []).push(i.message);
  throw new HttpError(422, issues[0]!.message, fields);
}

/** Only the project's apartments, each in no other release. */
async function setApartments(tx: DbOrTx, projectId: number, releaseId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await repo.projectApartments(tx, projectId, unique);
  if (found.length !== unique.length) throw invalid('apartment_ids', serverMessage('foreignApartments'));
  const taken = await repo.takenApartment(tx, releaseId, unique);
  if (taken) throw conflict(serverMessage('releaseApartmentTaken', { bostad: taken.bostad }));
  await repo.replaceApartments(tx, releaseId, unique);
}

/** Turns a unique violation on release_apartments (two releases saving at once) into the 409. */
async function apartmentRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    for (
      let e: unknown = err, i = 0;
      e && typeof e === 'object' && i < 5;
      e = (e as { cause?: unknown }).cause, i++
    )
      if ((e as { code?: unknown }).code === '23505')
        throw conflict(serverMessage('releaseApartmentTaken', { bostad: '?' }));
    throw err;
  }
}

export type ReleaseCreateInput = z.output<typeof releaseCreateSchema>;
export type ReleaseUpdateInput = z.output<typeof releaseUpdateSchema>;

export async function createRelease(
  db: Db,
  caller: Caller,
  project: Project,
  input: ReleaseCreateInput,
): Promise<Release> {
  return apartmentRace(() =>
    db.transaction(async (tx) => {
      const { apartment_ids, ...fields } = input;
      const row = await repo.insertRelease(tx, {
        ...fields,
        project_id: project.id,
        wishes_open_at: date(fields.wishes_open_at),
        wishes_close_at: date(fields.wishes_close_at),
        public_at: date(fields.public_at),
        closes_at: date(fields.closes_at),
        created_by: caller.id,
      });
      await setApartments(tx, project.id, row.id, apartment_ids);
      return releaseOut(tx, row);
    }),
  );
}

/** What a rules version holds: the settings buyers are shown, and the text. */
async function rulesSnapshot(tx: DbOrTx, row: repo.ReleaseRow): Promise<Record<string, unknown>> {
  // The release as the API shows it, less what is not a rule (its life, its ids, its times of writing).
  const {
    id: _id,
    project_id: _project,
    state: _state,
    paused: _paused,
    rules_version: _rulesVersion,
    seed_commitment: _commitment,
    next_state: _next,
    next_due_at: _due,
    version: _version,
    created_at: _created,
    updated_at: _updated,
    ...rules
  } = await releaseOut(tx, row);
  return rules;
}

/**
 * Publishes the rules as a new version when they differ from the last one (never rewriting
 * an old one); answers the release as it is now.
 */
async function publishRulesIn(tx: DbOrTx, row: repo.ReleaseRow, by: number | null): Promise<repo.ReleaseRow> {
  const rules = await rulesSnapshot(tx, row);
  const last = await repo.latestRules(tx, row.id);
  if (last && JSON.stringify(canonical(last.rules)) === JSON.stringify(canonical(rules))) return row;
  const version = row.rules_version + 1;
  await repo.insertRules(tx, { release_id: row.id, version, rules, published_by: by });
  return repo.updateRelease(tx, row.id, { rules_version: version });
}

/** Keys sorted at every level: a JSON column may hand back an object's keys in another order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** The timer's row for the state the release is in, when its time is set (ADR 040). */
async function enqueueDue(tx: DbOrTx, row: repo.ReleaseRow): Promise<void> {
  const due = releaseStepDueAt(row.mode, row.state, timesOf(row));
  if (due === null) return;
  await enqueue(tx, {
    kind: repo.RELEASE_DUE_KIND,
    payload: { release_id: row.id, state: row.state, due_at: due },
    projectId: row.project_id,
    dueAt: new Date(due),
  });
}

export async function updateRelease(
  db: Db,
  caller: Caller,
  project: Project,
  id: number,
  { version, ...input }: ReleaseUpdateInput,
): Promise<Release> {
  return db.transaction(async (tx) => {
    const row = await locked(tx, project.id, id);
    if (version !== undefined && version !== row.version) throw stale();
    if (row.state === 'closed') throw wrongState(row.state);
    if (!BEFORE_OPEN.includes(row.state)) {
      for (const field of LOCKED_AFTER_OPEN) {
        if (input[field] !== undefined && JSON.stringify(input[field]) !== JSON.stringify(row[field]))
          throw new HttpError(409, serverMessage('releaseSettingsLocked'), {
            [field]: [serverMessage('releaseSettingsLocked')],
          });
      }
    }
    const merged = { ...toRelease(row, []), ...input };
    assertNoIssues(releaseSettingsIssues(merged, row.state !== 'draft'));
    const { wishes_open_at, wishes_close_at, public_at, closes_at, ...rest } = input;
    let updated = await repo.updateRelease(tx, row.id, {
      ...rest,
      ...(wishes_open_at !== undefined ? { wishes_open_at: date(wishes_open_at) } : {}),
      ...(wishes_close_at !== undefined ? { wishes_close_at: date(wishes_close_at) } : {}),
      ...(public_at !== undefined ? { public_at: date(public_at) } : {}),
      ...(closes_at !== undefined ? { closes_at: date(closes_at) } : {}),
    });
    // After scheduling, a change of rules is a new published version (ADR 040).
    if (row.state !== 'draft') updated = await publishRulesIn(tx, updated, caller.id);
    // A changed time gets its own timer row; the old one finds the time moved and does nothing.
    const before = releaseStepDueAt(row.mode, row.state, timesOf(row));
    if (releaseStepDueAt(updated.mode, updated.state, timesOf(updated)) !== before)
      await enqueueDue(tx, updated);
    return releaseOut(tx, updated);
  });
}

export async function deleteRelease(db: Db, project: Project, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await locked(tx, project.id, id);
    if (row.state !== 'draft') throw conflict(serverMessage('releaseDeleteDraft'));
    await repo.deleteRelease(tx, row.id);
  });
}

export async function putApartments(
  db: Db,
  caller: Caller,
  project: Project,
  id: number,
  input: { apartment_ids: number[]; version?: number },
): Promise<Release> {
  return apartmentRace(() =>
    db.transaction(async (tx) => {
      const row = await locked(tx, project.id, id);
      if (input.version !== undefined && input.version !== row.version) throw stale();
      if (!APARTMENTS_UNTIL.includes(row.state)) throw wrongState(row.state);
      await setApartments(tx, project.id, row.id, input.apartment_ids);
      let updated = await repo.updateRelease(tx, row.id, {});
      if (row.state !== 'draft') updated = await publishRulesIn(tx, updated, caller.id);
      return releaseOut(tx, updated);
    }),
  );
}

/** Publishes the rules now (a new version only if they changed since the last). */
export async function publishRules(
  db: Db,
  caller: Caller,
  project: Project,
  id: number,
  version: number | undefined,
): Promise<Release> {
  return db.transaction(async (tx) => {
    const row = await locked(tx, project.id, id);
    if (version !== undefined && version !== row.version) throw stale();
    return releaseOut(tx, await publishRulesIn(tx, row, caller.id));
  });
}

/** Who moved a release: a person (the route records the audit entry) or the timer. */
type Mover = { caller: Caller } | { timer: true };

/**
 * Moves a release into `to`, in the caller's transaction: the seed and its commitment when the
 * wish window opens, the rules published when it is scheduled, the timer's row for the new
 * state, the webhook, the other parts' hook, and (for the timer) the audit entry.
 */
async function transition(
  tx: DbOrTx,
  row: repo.ReleaseRow,
  to: ReleaseState,
  by: Mover,
  cfg: HoldConfig,
): Promise<repo.ReleaseRow> {
  const values: Partial<repo.ReleaseInsert> = { state: to };
  if (to === 'wishes_open' && row.seed === null) {
    // Fixed before any wish is made and kept secret until the run; only its hash is published (ADR 039).
    const seed = newSeed();
    values.seed = seed;
    values.seed_commitment = commitSeed(seed);
  }
  let updated = await repo.updateRelease(tx, row.id, values);
  if (to === 'scheduled' || to === 'wishes_open')
    updated = await publishRulesIn(tx, updated, 'caller' in by ? by.caller.id : null);
  await enqueueDue(tx, updated);
  await emitWebhookEvents(tx, row.project_id, [
    {
      type: 'release.state_changed',
      data: {
        project_id: row.project_id,
        release: { id: row.id, name: row.name, mode: row.mode, state: to, previous_state: row.state },
      },
    },
  ]);
  if ('timer' in by) {
    await insertAuditEntry(tx, {
      actor_id: null,
      actor_name: 'Planvy',
      action: 'step',
      entity_type: 'release',
      entity_id: String(row.id),
      project_id: row.project_id,
      detail: { from: row.state, to, by: 'timer', labels: { entity: row.name } },
      route: 'timer release_due',
    });
  }
  await onEnterReleaseState(tx, updated, to, { cfg, caller: 'caller' in by ? by.caller : null });
  // What the widget shows of a release (its wish window, its checkout) follows its state: open
  // widgets refetch the view, and every instance drops its cached copy, at commit.
  await notifyView(tx, row.project_id);
  return updated;
}

/**
 * A step button: from the state the caller saw, at the version they saw (409 when stale),
 * to the next one. The run and the approval are their own actions; scheduling needs every
 * time the timer follows and at least one apartment.
 */
export async function step(
  db: Db,
  caller: Caller,
  project: Project,
  id: number,
  input: { from: ReleaseState; version: number },
  cfg: HoldConfig,
): Promise<Release> {
  return db.transaction(async (tx) => {
    const row = await locked(tx, project.id, id);
    if (row.state !== input.from || row.version !== input.version) throw stale();
    if (row.paused) throw conflict(serverMessage('releasePaused'));
    const to = nextReleaseState(row.mode, row.state);
    if (to === null) throw wrongState(row.state);
    if (to === 'allocated') throw conflict(serverMessage('releaseNoRun'));
    if (to === 'offers_out') throw wrongState(row.state);
    if (to === 'scheduled') {
      assertNoIssues(releaseSettingsIssues(toRelease(row, []), true));
      const ids = (await repo.apartmentIdsOf(tx, [row.id])).get(row.id) ?? [];
      if (ids.length === 0) throw invalid('apartment_ids', serverMessage('releaseNoApartments'));
    }
    return releaseOut(tx, await transition(tx, row, to, { caller }, cfg));
  });
}

export async function setPaused(
  db: Db,
  project: Project,
  id: number,
  paused: boolean,
  version: number | undefined,
  cfg: HoldConfig,
): Promise<Release> {
  return db.transaction(async (tx) => {
    const row = await locked(tx, project.id, id);
    if (version !== undefined && version !== row.version) throw stale();
    let updated = await repo.updateRelease(tx, row.id, { paused });
    if (!paused) {
      // A step that fell due while paused happens now; one still ahead gets its timer row again.
      const due = releaseStepDueAt(updated.mode, updated.state, timesOf(updated));
      const next = nextReleaseState(updated.mode, updated.state);
      if (due !== null && next !== null && Date.parse(due) <= Date.now())
        updated = await transition(tx, updated, next, { timer: true }, cfg);
      else await enqueueDue(tx, updated);
    }
    return releaseOut(tx, updated);
  });
}

/** What the outbox's timer row says: the step out of `state` that falls due at `due_at`. */
interface ReleaseDuePayload {
  release_id: number;
  state: ReleaseState;
  due_at: string;
}

/**
 * The timer (ADR 040): a row for a state the release has left, a time that moved later, or a
 * paused release does nothing (resuming moves what fell due).
 */
export function releaseDueKind(db: Db, cfg: HoldConfig): OutboxKind {
  return {
    send: async (outboxRow) => {
      const p = outboxRow.payload as unknown as ReleaseDuePayload;
      await db.transaction(async (tx) => {
        const row = await repo.findRelease(tx, p.release_id, undefined, true);
        if (!row || row.state !== p.state || row.paused) return;
        const due = releaseStepDueAt(row.mode, row.state, timesOf(row));
        const next = nextReleaseState(row.mode, row.state);
        if (due === null || next === null || Date.parse(due) > Date.now()) return;
        await transition(tx, row, next, { timer: true }, cfg);
      });
    },
  };
}

/** Household keys without names: the lowest entry id of the household (ADR 040). */
function householdKeys(entries: repo.EntryRow[], onePerHousehold: boolean): Map<number, string> {
  const first = new Map<string, number>();
  for (const e of entries) {
    if (!onePerHousehold || e.household === null) continue;
    const seen = first.get(e.household);
    if (seen === undefined || e.id < seen) first.set(e.household, e.id);
  }
  return new Map(
    entries.map((e) => [
      e.id,
      String(onePerHousehold && e.household !== null ? first.get(e.household)! : e.id),
    ]),
  );
}

/**
 * The allocation's input from the frozen wishes: confirmed interest entries only, each wish
 * limited to the release's homes and its maximum, tiers ranked by the release's order
 * (an entry of no listed tier last). People are interest entry ids: no names, no e-mails.
 */
export async function buildInput(tx: DbOrTx, row: repo.ReleaseRow): Promise<AllocationInput> {
  const apartmentIds = (await repo.apartmentIdsOf(tx, [row.id])).get(row.id) ?? [];
  const inRelease = new Set(apartmentIds);
  const now = new Date();
  const people = (await repo.wishesWithEntries(tx, row.id))
    .filter((p) => effectiveStatus(p.entry, now) === 'confirmed')
    .map((p) => ({
      ...p,
      wishes: [...new Set(p.wishes)].filter((a) => inRelease.has(a)).slice(0, row.max_wishes),
    }))
    .filter((p) => p.wishes.length > 0);
  const households = householdKeys(
    people.map((p) => p.entry),
    row.one_per_household,
  );
  const tierKeys = row.tiers.map((t) => t.key);
  return {
    mode: row.mode,
    max_wishes: row.max_wishes,
    apartments: apartmentIds.map(String),
    people: people.map(({ entry, wishes }) => {
      const tier = entry.tier === null ? -1 : tierKeys.indexOf(entry.tier);
      return {
        id: String(entry.id),
        household: households.get(entry.id)!,
        tier: tier < 0 ? tierKeys.length : tier,
        points: entry.points,
        queued_at: entry.confirmed_at?.toISOString() ?? null,
        wishes: wishes.map(String),
      };
    }),
  };
}

/**
 * Runs the allocation (wishes closed → allocated) or runs it again (allocated, before the
 * approval): the same seed, the input rebuilt from the frozen wishes, the last unapproved run
 * superseded. The run stores its input, protocol, digest and algorithm version.
 */
export async function run(
  db: Db,
  caller: Caller,
  project: Project,
  id: number,
  cfg: HoldConfig,
): Promise<ReleaseRunOut> {
  return db.transaction(async (tx) => {
    const row = await locked(tx, project.id, id);
    if (row.paused) throw conflict(serverMessage('releasePaused'));
    if (!isAllocatedMode(row.mode) || (row.state !== 'wishes_closed' && row.state !== 'allocated'))
      throw wrongState(row.state);
    const previous = await repo.currentRun(tx, row.id);
    if (row.state === 'allocated' && previous?.approved_at)
      throw conflict(serverMessage('releaseRunApproved'));
    if (row.seed === null) throw wrongState(row.state);
    const input = await buildInput(tx, row);
    let protocol: AllocationProtocol;
    try {
      protocol = allocate(input, row.seed);
    } catch (err) {
      if (err instanceof AllocationInputError) throw new HttpError(422, err.message);
      throw err;
    }
    if (previous) await repo.updateRun(tx, previous.id, { superseded: true });
    const stored = await repo.insertRun(tx, {
      release_id: row.id,
      input: input as unknown as Record<string, unknown>,
      protocol: protocol as unknown as Record<string, unknown>,
      input_digest: protocol.input_digest,
      algorithm_version: protocol.version,
      created_by: caller.id,
    });
    const updated =
      row.state === 'wishes_closed'
        ? await transition(tx, row, 'allocated', { caller }, cfg)
        : await repo.updateRelease(tx, row.id, {});
    return { run: await runOut(tx, updated, stored), release: await releaseOut(tx, updated) };
  });
}

/** The client's (or an admin's) approval of the run in force: allocated → offers out. */
export async function approve(
  db: Db,
  caller: Caller,
  project: Project,
  id: number,
  version: number | undefined,
  cfg: HoldConfig,
): Promise<ReleaseRunOut> {
  return db.transaction(async (tx) => {
    const row = await locked(tx, project.id, id);
    if (version !== undefined && version !== row.version) throw stale();
    if (row.paused) throw conflict(serverMessage('releasePaused'));
    if (row.state !== 'allocated') throw wrongState(row.state);
    const current = await repo.currentRun(tx, row.id);
    if (!current) throw conflict(serverMessage('releaseNoRun'));
    if (current.approved_at) throw conflict(serverMessage('releaseRunApproved'));
    await repo.updateRun(tx, current.id, { approved_at: new Date(), approved_by: caller.id });
    const updated = await transition(tx, row, 'offers_out', { caller }, cfg);
    const approved = (await repo.currentRun(tx, row.id))!;
    return { run: await runOut(tx, updated, approved), release: await releaseOut(tx, updated) };
  });
}

export interface ReleaseRunOut {
  run: ReleaseRun | null;
  release: Release;
}

export async function currentRunOf(db: DbOrTx, project: Project, id: number): Promise<ReleaseRunOut> {
  const row = await repo.findRelease(db, id, project.id);
  if (!row) throw releaseNotFound();
  const current = await repo.currentRun(db, row.id);
  return { run: current ? await runOut(db, row, current) : null, release: await releaseOut(db, row) };
}

/** A run as the back office shows it: each person in priority order with what they got. */
async function runOut(db: DbOrTx, release: repo.ReleaseRow, r: repo.RunRow): Promise<ReleaseRun> {
  const input = r.input as unknown as AllocationInput;
  const protocol = r.protocol as unknown as AllocationProtocol;
  const people = new Map(input.people.map((p) => [p.id, p]));
  const got = new Map(protocol.allocations.map((a) => [a.person, a]));
  const order: string[] = [];
  const seen = new Set<string>();
  for (const s of protocol.order)
    if (!seen.has(s.person)) {
      seen.add(s.person);
      order.push(s.person);
    }
  const bostad = await repo.bostadOf(db, input.apartments.map(Number));
  const names = await repo.namesOf(
    db,
    [r.created_by, r.approved_by].filter((x): x is number => x !== null),
  );
  const person = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? '' });
  return {
    id: r.id,
    release_id: r.release_id,
    algorithm_version: r.algorithm_version,
    input_digest: r.input_digest,
    seed_commitment: protocol.seed_commitment,
    created_at: r.created_at.toISOString(),
    created_by: person(r.created_by),
    approved_at: iso(r.approved_at),
    approved_by: person(r.approved_by),
    superseded: r.superseded,
    allocated: protocol.allocations.length,
    unserved: protocol.unserved.length,
    rows: order.map((id, i) => {
      const p = people.get(id)!;
      const a = got.get(id);
      return {
        entry_id: Number(id),
        position: i + 1,
        tier: release.tiers[p.tier]?.label ?? null,
        points: p.points,
        queued_at: p.queued_at,
        apartment_id: a ? Number(a.apartment) : null,
        bostad: a ? (bostad.get(Number(a.apartment)) ?? a.apartment) : null,
        rank: a?.rank ?? null,
        wishes: p.wishes.length,
      };
    }),
  };
}

/**
 * The public protocol (no login, ADR 040): nothing before the wish window opens (404, as
 * missing); then the rules and the seed's commitment; after the run, its input and protocol.
 */
export async function publicProtocol(db: DbOrTx, id: number): Promise<ReleaseProtocolDocument> {
  const row = await repo.findRelease(db, id);
  if (!row || row.state === 'draft' || row.state === 'scheduled') throw releaseNotFound();
  const rules = await repo.latestRules(db, row.id);
  const runs = await repo.runsOf(db, row.id);
  const current = runs.find((r) => !r.superseded);
  const apartmentIds = (await repo.apartmentIdsOf(db, [row.id])).get(row.id) ?? [];
  const bostad = await repo.bostadOf(db, apartmentIds);
  return {
    release: {
      id: row.id,
      project_id: row.project_id,
      name: row.name,
      mode: row.mode,
      state: row.state,
      rules_version: row.rules_version,
      rules: rules?.rules ?? null,
      seed_commitment: row.seed_commitment,
    },
    apartments: apartmentIds.map((a) => ({ id: String(a), bostad: bostad.get(a) ?? '' })),
    algorithm_version: ALLOCATION_VERSION,
    run: current
      ? {
          id: current.id,
          created_at: current.created_at.toISOString(),
          approved_at: iso(current.approved_at),
          input: current.input,
          protocol: current.protocol,
        }
      : null,
    superseded: runs
      .filter((r) => r.superseded)
      .map((r) => ({ id: r.id, created_at: r.created_at.toISOString(), input_digest: r.input_digest }))
      .reverse(),
  };
}
