import {
  convertedStatus,
  HOLD_MAX_DAYS,
  HOLD_STATUS,
  isAvailableStatus,
  serverMessage,
  settingsFromRows,
  type Hold,
  type HoldKind,
  type Language,
  type Project,
  type holdCreateSchema,
} from '@planvy/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, HttpError, invalid, notFound } from '../../lib/http-error';
import * as apartmentRepo from '../apartments/repository';
import { notifyApartments } from '../live/notify';
import { mailMessage } from '../mail/mail';
import type { HoldMailParams } from '../mail/templates';
import type { OutboxKind } from '../outbox/loop';
import { enqueueMany, type NewOutboxMessage } from '../outbox/repository';
import type { Caller } from '../projects/service';
import { readSettings } from '../settings/repository';
import { emitApartmentChanges, emitWebhookEvents } from '../webhooks/webhooks';
import * as interestRepo from '../interest/repository';
import * as repo from './repository';

/** What holds need of the configuration: the length of a day (HOLD_DAY_SECONDS) and the app's address. */
export interface HoldConfig {
  dayMs: number;
  appUrl: string;
}

export const holdConfig = (config: { holdDayMs: number; appUrl: string }): HoldConfig => ({
  dayMs: config.holdDayMs,
  appUrl: config.appUrl,
});

export { HOLD_DUE_KIND } from './repository';

/** A due time of one hold, for the expiry it was written for (an extension writes new ones). */
export interface HoldDuePayload {
  hold_id: number;
  event: 'expire' | 'remind';
  expires_at: string;
}

/** Reminders before the expiry, in days: 48 hours and 2 hours (issue 23). */
const REMINDERS_DAYS = [2, 2 / 24];
/** Holds ended per transaction when the timer finds them overdue. */
const EXPIRE_BATCH = 500;

export const holdNotFound = () => notFound('Hold');

/** A hold as the API answers it; an overdue one reads as expired at its expiry. */
export function toHold(row: repo.HoldListRow): Hold {
  const h = row.hold;
  const overdue = h.ended_at === null && h.expires_at.getTime() <= Date.now();
  return {
    id: h.id,
    project_id: h.project_id,
    apartment_id: h.apartment_id,
    bostad: row.bostad,
    kind: h.kind,
    name: h.name,
    email: h.email,
    phone: h.phone,
    language: h.language,
    interest_id: h.interest_id,
    set_status: h.set_status,
    previous_status: h.previous_status,
    placed_at: h.placed_at.toISOString(),
    expires_at: h.expires_at.toISOString(),
    max_expires_at: h.max_expires_at.toISOString(),
    extensions: h.extensions,
    placed_by:
      h.placed_by === null
        ? null
        : { id: h.placed_by, name: `${row.placed_by_first ?? ''} ${row.placed_by_last ?? ''}`.trim() },
    ended_at: overdue ? h.expires_at.toISOString() : (h.ended_at?.toISOString() ?? null),
    end_reason: overdue ? 'expired' : h.end_reason,
  };
}

async function holdOut(db: DbOrTx, id: number): Promise<Hold> {
  const [row] = await repo.holdsByIds(db, [id]);
  if (!row) throw holdNotFound();
  return toHold(row);
}

export async function listHolds(db: DbOrTx, projectId: number): Promise<Hold[]> {
  return (await repo.listActiveHolds(db, projectId)).map(toHold);
}

/** "28 november 2026 14:05" / "28 November 2026 at 14:05", Swedish time. */
export function formatUntil(at: Date, lang: Language): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sv-SE', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Stockholm',
  }).format(at);
}

interface MailFacts {
  hold: repo.HoldRow;
  bostad: string;
  projectName: string;
  brokerEmail: string | undefined;
}

/** The mails of one hold event: to the buyer in their language, and to the project's broker if it has one. */
function holdMails(
  cfg: HoldConfig,
  template: 'hold_placed' | 'hold_expiring' | 'hold_ended',
  f: MailFacts,
  at: Date,
): NewOutboxMessage[] {
  const h = f.hold;
  const params = (to: HoldMailParams['to'], lang: Language): HoldMailParams => ({
    to,
    name: h.name,
    email: h.email,
    project: f.projectName,
    bostad: f.bostad,
    kind: h.kind,
    until: formatUntil(at, lang),
    ...(to === 'broker' ? { link: `${cfg.appUrl}/projects/${h.project_id}?tab=holds` } : {}),
  });
  const out = [
    mailMessage({
      to: h.email,
      lang: h.language,
      template,
      params: params('buyer', h.language),
      projectId: h.project_id,
    }),
  ];
  if (f.brokerEmail) {
    out.push(
      mailMessage({
        to: f.brokerEmail,
        lang: h.language,
        template,
        params: params('broker', h.language),
        projectId: h.project_id,
      }),
    );
  }
  return out;
}

/** The expiry and the reminders still ahead of a hold, as outbox rows due then. */
function dueRows(hold: repo.HoldRow, cfg: HoldConfig): NewOutboxMessage[] {
  const expires = hold.expires_at.getTime();
  const payload = (event: HoldDuePayload['event']): Record<string, unknown> => ({
    hold_id: hold.id,
    event,
    expires_at: hold.expires_at.toISOString(),
  });
  const rows: NewOutboxMessage[] = [
    {
      kind: repo.HOLD_DUE_KIND,
      payload: payload('expire'),
      projectId: hold.project_id,
      dueAt: hold.expires_at,
    },
  ];
  for (const days of REMINDERS_DAYS) {
    const at = expires - days * cfg.dayMs;
    if (at > Date.now()) {
      rows.push({
        kind: repo.HOLD_DUE_KIND,
        payload: payload('remind'),
        projectId: hold.project_id,
        dueAt: new Date(at),
      });
    }
  }
  return rows;
}

async function brokerEmail(db: DbOrTx, brokerId: number | null): Promise<string | undefined> {
  return brokerId === null ? undefined : (await repo.emailsOf(db, [brokerId])).get(brokerId);
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

/**
 * Sets apartments' status after a hold changed it, with everything that goes with a status
 * change, in the caller's transaction: the history row, the live event for open widgets and
 * the webhook apartment.status_changed.
 */
export async function changeStatus(
  tx: DbOrTx,
  projectId: number,
  changes: { id: number; bostad: string; from: string; to: string; price: number | null }[],
  by: Caller | null,
): Promise<void> {
  if (changes.length === 0) return;
  const byStatus = new Map<string, number[]>();
  for (const c of changes) byStatus.set(c.to, [...(byStatus.get(c.to) ?? []), c.id]);
  for (const [status, ids] of byStatus) await apartmentRepo.setStatus(tx, ids, status);
  await apartmentRepo.recordStatusChanges(
    tx,
    changes.map((c) => ({ apartment_id: c.id, from_status: c.from, to_status: c.to })),
    by,
  );
  await notifyApartments(
    tx,
    projectId,
    await repo.liveRowsOf(
      tx,
      changes.map((c) => c.id),
    ),
  );
  await emitApartmentChanges(
    tx,
    projectId,
    changes.map((c) => ({
      before: { id: c.id, bostad: c.bostad, status: c.from, price: c.price },
      after: { status: c.to, price: c.price },
    })),
  );
}

/**
 * Ends overdue holds the timer has not ended (all of them, EXPIRE_BATCH at a time, or the
 * one of an apartment) in the caller's transaction: each apartment gets back the status it
 * had, if it still has the one the hold set (someone who changed it by hand since decided
 * otherwise); history, live events, webhooks hold.expired and the mails go with it.
 * Answers how many it ended.
 */
export async function expireOverdue(
  tx: DbOrTx,
  cfg: HoldConfig,
  only?: { apartmentId: number },
): Promise<number> {
  const rows = await repo.lockOverdue(tx, EXPIRE_BATCH, only?.apartmentId);
  if (rows.length === 0) return 0;
  const ended = rows.map((r) => r.hold.id);
  await repo.endHolds(tx, ended, 'expired');
  await repo.settleExpiryRows(tx, ended);
  const brokers = await repo.emailsOf(tx, [
    ...new Set(rows.flatMap((r) => (r.broker_id === null ? [] : [r.broker_id]))),
  ]);
  const byProject = new Map<number, typeof rows>();
  for (const r of rows) byProject.set(r.hold.project_id, [...(byProject.get(r.hold.project_id) ?? []), r]);
  const mails: NewOutboxMessage[] = [];
  for (const [projectId, group] of byProject) {
    await changeStatus(
      tx,
      projectId,
      group
        .filter((r) => r.status === r.hold.set_status)
        .map((r) => ({
          id: r.hold.apartment_id,
          bostad: r.bostad,
          from: r.status,
          to: r.hold.previous_status,
          price: r.price,
        })),
      null,
    );
    await emitWebhookEvents(
      tx,
      projectId,
      group.map((r) => holdEvent('hold.expired', r.hold, r.bostad)),
    );
    for (const r of group) {
      const facts = {
        hold: r.hold,
        bostad: r.bostad,
        projectName: r.project_name,
        brokerEmail: r.broker_id === null ? undefined : brokers.get(r.broker_id),
      };
      mails.push(...holdMails(cfg, 'hold_ended', facts, r.hold.expires_at));
    }
  }
  await enqueueMany(tx, mails);
  return rows.length;
}

function holdEvent(type: 'hold.placed' | 'hold.expired', h: repo.HoldRow, bostad: string) {
  return {
    type,
    data: {
      project_id: h.project_id,
      hold: {
        id: h.id,
        kind: h.kind,
        apartment: { id: h.apartment_id, bostad },
        expires_at: h.expires_at.toISOString(),
        status: h.set_status,
        previous_status: h.previous_status,
      },
    },
    personal: { person: { name: h.name, email: h.email, phone: h.phone } },
  };
}

export type HoldInput = z.output<typeof holdCreateSchema>;

function assertDays(kind: HoldKind, days: number) {
  if (days > HOLD_MAX_DAYS[kind]) throw invalid('days', serverMessage('holdCap', { n: HOLD_MAX_DAYS[kind] }));
}

/**
 * Places a hold on an apartment of `project` (checked by the access hook). At most one
 * active hold per apartment: the apartment row is locked, and the unique index decides a
 * race the lock did not (409 either way). Sets the kind's status with its history, live
 * event and webhooks, writes hold.placed, the mails, and the expiry and reminders.
 */
export async function placeHold(
  db: Db,
  caller: Caller,
  project: Project,
  input: HoldInput,
  cfg: HoldConfig,
): Promise<Hold> {
  const { settings } = settingsFromRows(await readSettings(db, project.id));
  const days =
    input.days ?? (input.kind === 'reservation' ? Number(settings.reservation_days) : HOLD_MAX_DAYS.booking);
  assertDays(input.kind, days);
  try {
    return await db.transaction((tx) =>
      holdIn(tx, caller, project, input, cfg, { lastsMs: days * cfg.dayMs, requireAvailable: true }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(serverMessage('apartmentHeld'));
    throw err;
  }
}

/** What placing a hold needs of its project. */
export type HoldProject = Pick<Project, 'id' | 'name' | 'broker_id'>;

/**
 * A hold placed in the caller's transaction: by a person (`by`), or by the buyer themselves
 * (null: an accepted offer on Min sida, a first-come checkout, ADR 042). `requireAvailable`
 * false is for an offer being accepted, whose home still shows its pre-release status; the
 * offer is the right to it. A unique violation (a race the lock did not order) is the
 * caller's to answer.
 */
export async function holdIn(
  tx: DbOrTx,
  by: Caller | null,
  project: HoldProject,
  input: Omit<HoldInput, 'kind' | 'days'> & { kind: HoldKind },
  cfg: HoldConfig,
  opts: { lastsMs: number; requireAvailable: boolean },
): Promise<Hold> {
  const before = await apartmentRepo.lockApartment(tx, input.apartment_id);
  if (!before || before.project_id !== project.id) {
    throw invalid('apartment_id', serverMessage('apartmentNotFound'));
  }
  // An overdue hold the timer has not ended yet ends now, so the apartment is free again.
  await expireOverdue(tx, cfg, { apartmentId: before.id });
  const apartment = (await apartmentRepo.findApartment(tx, before.id))!;
  if (await repo.openHoldOf(tx, apartment.id)) throw conflict(serverMessage('apartmentHeld'));
  if (opts.requireAvailable && !isAvailableStatus(apartment.status)) {
    throw conflict(serverMessage('apartmentNotAvailable'));
  }
  if (input.interest_id !== undefined) {
    // Only a live entry of this project: a withdrawn, lapsed or erased person is not held for.
    const entry = await interestRepo.findEntry(tx, input.interest_id, project.id);
    const live = entry && ['pending', 'confirmed'].includes(interestRepo.effectiveStatus(entry));
    if (!live) throw invalid('interest_id', serverMessage('interestNotFound'));
  }
  const now = Date.now();
  const hold = await repo.insertHold(tx, {
    project_id: project.id,
    apartment_id: apartment.id,
    kind: input.kind,
    name: input.name,
    email: input.email,
    phone: input.phone,
    language: input.language,
    interest_id: input.interest_id ?? null,
    set_status: HOLD_STATUS[input.kind],
    previous_status: apartment.status,
    placed_at: new Date(now),
    expires_at: new Date(now + opts.lastsMs),
    max_expires_at: new Date(now + Math.max(opts.lastsMs, HOLD_MAX_DAYS[input.kind] * cfg.dayMs)),
    placed_by: by?.id ?? null,
  });
  await changeStatus(
    tx,
    project.id,
    [
      {
        id: apartment.id,
        bostad: apartment.bostad,
        from: apartment.status,
        to: hold.set_status,
        price: apartment.price,
      },
    ],
    by,
  );
  await emitWebhookEvents(tx, project.id, [holdEvent('hold.placed', hold, apartment.bostad)]);
  const facts = {
    hold,
    bostad: apartment.bostad,
    projectName: project.name,
    brokerEmail: await brokerEmail(tx, project.broker_id),
  };
  await enqueueMany(tx, [...holdMails(cfg, 'hold_placed', facts, hold.expires_at), ...dueRows(hold, cfg)]);
  return holdOut(tx, hold.id);
}

export { isUniqueViolation };

/** The project's hold, locked, if it is still active (an overdue one has ended: 409). */
async function activeHold(tx: DbOrTx, projectId: number, id: number): Promise<repo.HoldRow> {
  const hold = await repo.lockHold(tx, id, projectId);
  if (!hold) throw holdNotFound();
  if (hold.ended_at !== null || hold.expires_at.getTime() <= Date.now()) {
    throw new HttpError(409, serverMessage('holdEnded'));
  }
  return hold;
}

/** More days on an active hold, within its kind's cap from when it was placed; counted. */
export async function extendHold(
  db: Db,
  project: Project,
  id: number,
  days: number,
  cfg: HoldConfig,
): Promise<Hold> {
  return db.transaction(async (tx) => {
    const hold = await activeHold(tx, project.id, id);
    const expires = new Date(hold.expires_at.getTime() + days * cfg.dayMs);
    if (expires > hold.max_expires_at) {
      throw invalid('days', serverMessage('holdCap', { n: HOLD_MAX_DAYS[hold.kind] }));
    }
    const updated = await repo.updateHold(tx, hold.id, {
      expires_at: expires,
      extensions: hold.extensions + 1,
    });
    // The rows written for the old expiry find it changed and do nothing.
    await enqueueMany(tx, dueRows(updated, cfg));
    return holdOut(tx, hold.id);
  });
}

/**
 * Ends an active hold now. Released: the apartment gets back its previous status if it still
 * has the one the hold set, and the buyer and broker are told. Converted: the apartment is
 * sold (leased in a rental project), whatever it showed.
 */
export async function endHold(
  db: Db,
  caller: Caller,
  project: Project,
  id: number,
  reason: 'released' | 'converted',
  cfg: HoldConfig,
): Promise<Hold> {
  return db.transaction(async (tx) => {
    const hold = await activeHold(tx, project.id, id);
    const apartment = await apartmentRepo.lockApartment(tx, hold.apartment_id);
    if (!apartment) throw holdNotFound();
    await repo.updateHold(tx, hold.id, { ended_at: new Date(), end_reason: reason });
    const to =
      reason === 'converted'
        ? convertedStatus(project.type)
        : apartment.status === hold.set_status
          ? hold.previous_status
          : apartment.status;
    if (to !== apartment.status) {
      await changeStatus(
        tx,
        project.id,
        [{ id: apartment.id, bostad: apartment.bostad, from: apartment.status, to, price: apartment.price }],
        caller,
      );
    }
    if (reason === 'released') {
      const facts = {
        hold,
        bostad: apartment.bostad,
        projectName: project.name,
        brokerEmail: await brokerEmail(tx, project.broker_id),
      };
      await enqueueMany(tx, holdMails(cfg, 'hold_ended', facts, new Date()));
    }
    return holdOut(tx, hold.id);
  });
}

/** The reminder mails of a hold, if it is still active and still ends when the row was written for. */
async function remind(db: Db, cfg: HoldConfig, p: HoldDuePayload): Promise<void> {
  await db.transaction(async (tx) => {
    const hold = await repo.findHold(tx, p.hold_id);
    if (!hold || hold.ended_at !== null || hold.expires_at.getTime() !== Date.parse(p.expires_at)) return;
    if (hold.expires_at.getTime() <= Date.now()) return;
    const [row] = await repo.holdsByIds(tx, [hold.id]);
    const project = await repo.projectOf(tx, hold.project_id);
    if (!row || !project) return;
    const facts = {
      hold,
      bostad: row.bostad,
      projectName: project.name,
      brokerEmail: await brokerEmail(tx, project.broker_id),
    };
    await enqueueMany(tx, holdMails(cfg, 'hold_expiring', facts, hold.expires_at));
  });
}

/**
 * The outbox kind of holds' due times. An expiry ends every overdue hold, EXPIRE_BATCH per
 * transaction, so a thousand holds due in the same minute are ended by the first row claimed
 * and the rest find nothing left to do (ADR 035).
 */
export function holdDueKind(db: Db, cfg: HoldConfig): OutboxKind {
  return {
    send: async (row) => {
      const p = row.payload as unknown as HoldDuePayload;
      if (p.event === 'remind') return remind(db, cfg, p);
      while ((await db.transaction((tx) => expireOverdue(tx, cfg))) === EXPIRE_BATCH);
    },
  };
}

export { activeHoldsForEmail } from './repository';
