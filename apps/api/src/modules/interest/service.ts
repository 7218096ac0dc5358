import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  consentText,
  CURRENT_CONSENT,
  INTEREST_RULES,
  interestAddSchema,
  interestSubmitSchema,
  languageOf,
  serverMessage,
  settingsFromRows,
  type ConsentMethod,
  type InterestEntry,
  type InterestMine,
  type InterestPreferences,
  type Language,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/database-errors';
import type { AppConfig } from '../../env';
import { conflict, HttpError, invalid, notFound } from '../../lib/http-error';
import { DbLimiter } from '../../lib/rate-limiter';
import { enqueueMail, SECRET_MARK } from '../mail/mail';
import { enqueue } from '../outbox/repository';
import { readSettings } from '../settings/repository';
import { getConfig } from '../users/repository';
import { emitWebhookEvents } from '../webhooks/webhooks';
import { activeHoldsForEmail } from '../holds/repository';
import {
  applyOnConfirm,
  checkWishes,
  namedWishes,
  releasesFor,
  setWishes,
  storeWishes,
} from '../releases/wishes';
import * as repo from './repository';

/** The outbox kind of an interest entry's due work: reminders, expiry, lapse, erasure (ADR 036). */
export const INTEREST_KIND = 'interest';
export type DueStep = 'confirm_reminder' | 'confirm_expire' | 'lapse_reminder' | 'lapse' | 'erase';
export interface DuePayload {
  step: DueStep;
  entry_id: number;
  /** The confirmation token for the reminder's link; the outbox drops it once the row ends. */
  secret?: string;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');
const linkRefused = () => invalid('token', serverMessage('interestLinkInvalid'));
const entryNotFound = () => new HttpError(404, serverMessage('interestNotFound'));

type Submit = z.output<typeof interestSubmitSchema>;
type Add = z.output<typeof interestAddSchema>;

/** A project's interest settings, as its settings rows say now. */
export async function interestSettings(db: DbOrTx, projectId: number) {
  const { settings } = settingsFromRows(await readSettings(db, projectId));
  return {
    enabled: settings.interest_enabled === '1',
    retentionDays: Number(settings.interest_retention_days),
  };
}

function schedule(db: DbOrTx, projectId: number, payload: DuePayload, dueAt: Date) {
  return enqueue(db, { kind: INTEREST_KIND, projectId, payload: { ...payload }, dueAt });
}

const confirmLink = (config: AppConfig) => `${config.appUrl}/interest/confirm?token=${SECRET_MARK}`;
export const pageLink = (config: Pick<AppConfig, 'appUrl'>) =>
  `${config.appUrl}/interest/my?token=${SECRET_MARK}`;

function dateTime(at: Date, lang: Language): string {
  return at.toLocaleString(lang === 'en' ? 'en-GB' : 'sv-SE', {
    timeZone: 'Europe/Stockholm',
    dateStyle: 'long',
    timeStyle: 'medium',
  });
}

/** Every apartment named must be the project's. */
async function assertApartments(db: DbOrTx, projectId: number, ids: number[]): Promise<void> {
  const found = await repo.projectApartments(db, projectId, ids);
  if (found.length !== ids.length) throw invalid('apartment_ids', serverMessage('interestUnknownApartment'));
}

/**
 * A new confirmation link for a pending entry, valid 7 days from now, mailed with its
 * reminder after 48 hours and its expiry (each checks at its time whether it still applies).
 */
async function sendConfirmation(tx: DbOrTx, entry: repo.EntryRow, projectName: string, config: AppConfig) {
  const token = newToken();
  const now = Date.now();
  const expires = new Date(now + INTEREST_RULES.confirmDays * DAY);
  await repo.updateEntry(tx, entry.id, { confirm_token_hash: hash(token), confirm_expires_at: expires });
  const lang = languageOf(entry.lang);
  await enqueueMail(tx, {
    to: entry.email,
    lang,
    template: 'interest_confirm',
    params: {
      name: entry.name,
      project: projectName,
      link: confirmLink(config),
      days: INTEREST_RULES.confirmDays,
    },
    secret: token,
    projectId: entry.project_id,
  });
  await schedule(
    tx,
    entry.project_id,
    { step: 'confirm_reminder', entry_id: entry.id, secret: token },
    new Date(now + INTEREST_RULES.confirmReminderHours * HOUR),
  );
  await schedule(tx, entry.project_id, { step: 'confirm_expire', entry_id: entry.id }, expires);
}

/**
 * A new token for the buyer's own page (the earlier link stops working), for a mail that
 * carries it as its secret with `pageLink` (offers, ADR 042, mail one too).
 */
export async function issuePageToken(tx: DbOrTx, entryId: number): Promise<string> {
  const token = newToken();
  await repo.updateEntry(tx, entryId, { page_token_hash: hash(token) });
  return token;
}

/** Ranked wishes in a release, sent with a registration (ADR 041). */
export interface WishProposal {
  release: number;
  wishes: number[];
}

/**
 * A new link to the buyer's own page (the earlier one stops working), mailed. With wishes
 * proposed from the form (ADR 041) the link opens the page with them proposed, to be saved there.
 */
async function sendPageLink(
  tx: DbOrTx,
  entry: repo.EntryRow,
  projectName: string,
  config: AppConfig,
  proposal?: WishProposal & { name: string },
) {
  const token = await issuePageToken(tx, entry.id);
  const base = { to: entry.email, lang: languageOf(entry.lang), secret: token, projectId: entry.project_id };
  if (!proposal) {
    await enqueueMail(tx, {
      ...base,
      template: 'interest_page_link',
      params: { name: entry.name, project: projectName, link: pageLink(config) },
    });
    return;
  }
  const named = await namedWishes(tx, proposal.release, proposal.wishes);
  await enqueueMail(tx, {
    ...base,
    template: 'release_wishes_proposed',
    params: {
      name: entry.name,
      project: projectName,
      release: proposal.name,
      wishes: named.map((w) => w.bostad),
      link: `${pageLink(config)}&release=${proposal.release}&wishes=${named.map((w) => w.id).join(',')}`,
    },
  });
}

/** Ends an entry (withdrawn or lapsed): tokens other than the page's go, erasure is scheduled. */
async function endEntry(
  tx: DbOrTx,
  entry: repo.EntryRow,
  status: 'withdrawn' | 'lapsed',
): Promise<repo.EntryRow | undefined> {
  const now = new Date();
  const row = await repo.updateEntry(tx, entry.id, {
    status,
    ended_at: now,
    confirm_token_hash: null,
    confirm_expires_at: null,
  });
  const { retentionDays } = await interestSettings(tx, entry.project_id);
  await schedule(
    tx,
    entry.project_id,
    { step: 'erase', entry_id: entry.id },
    new Date(now.getTime() + retentionDays * DAY),
  );
  return row;
}

/** An unconfirmed entry past its link is deleted; a confirmed one past a year without activity lapses. */
async function settleOverdue(tx: DbOrTx, entry: repo.EntryRow): Promise<repo.EntryRow | undefined> {
  if (repo.effectiveStatus(entry) !== 'lapsed' || entry.status === 'lapsed') return entry;
  if (entry.status === 'pending') {
    await repo.deleteEntry(tx, entry.id);
    return undefined;
  }
  return endEntry(tx, entry, 'lapsed');
}

/** Activity keeps a confirmed entry alive for another year: the lapse and its reminder move with it. */
async function touch(tx: DbOrTx, entry: repo.EntryRow): Promise<repo.EntryRow> {
  const now = new Date();
  const row = (await repo.updateEntry(tx, entry.id, { last_activity_at: now })) ?? entry;
  // One pair of rows per day at most: an older pair finds the activity moved and does nothing.
  if (now.getTime() - entry.last_activity_at.getTime() > DAY || entry.status !== 'confirmed') {
    await scheduleLapse(tx, row);
  }
  return row;
}

async function scheduleLapse(tx: DbOrTx, entry: repo.EntryRow) {
  const lapses = repo.lapsesAt(entry);
  await schedule(
    tx,
    entry.project_id,
    { step: 'lapse_reminder', entry_id: entry.id },
    new Date(lapses.getTime() - INTEREST_RULES.lapseReminderDays * DAY),
  );
  await schedule(tx, entry.project_id, { step: 'lapse', entry_id: entry.id }, lapses);
}

/** Limits on registrations, counted in the shared rate-limit table (hashed keys: no addresses stored). */
export class InterestLimits {
  private readonly ip: DbLimiter;
  private readonly email: DbLimiter;
  private readonly project: DbLimiter;

  constructor(db: DbOrTx, limits: AppConfig['interestLimits']) {
    const hour = 3600;
    this.ip = new DbLimiter(db, { keyPrefix: 'interest-ip', points: limits.perIpHour, duration: hour });
    this.email = new DbLimiter(db, {
      keyPrefix: 'interest-email',
      points: limits.perEmailHour,
      duration: hour,
    });
    this.project = new DbLimiter(db, {
      keyPrefix: 'interest-project',
      points: limits.perProjectHour,
      duration: hour,
    });
  }

  /** Per client address and per project: refused with 429 (a flood, not a person). */
  async admit(projectId: number, ip: string): Promise<void> {
    for (const [limiter, key] of [
      [this.ip, hash(ip)],
      [this.project, String(projectId)],
    ] as const) {
      const res = await limiter.consume(key);
      if (!res.ok) {
        throw new HttpError(
          429,
          serverMessage('tooManyInterest'),
          {},
          { 'retry-after': String(res.retryAfterSeconds) },
        );
      }
    }
  }

  /** Per address and project: past it the answer is the same and nothing more is mailed (no inbox flooding). */
  async mayMail(projectId: number, email: string): Promise<boolean> {
    return (await this.email.consume(hash(`${projectId}\n${email}`))).ok;
  }
}

function consentRows(
  entryId: number,
  interestVersion: string,
  newsletterVersion: string | undefined,
  method: ConsentMethod,
) {
  return [
    { entry_id: entryId, purpose: 'interest_list' as const, text_version: interestVersion, method },
    ...(newsletterVersion
      ? [{ entry_id: entryId, purpose: 'newsletter' as const, text_version: newsletterVersion, method }]
      : []),
  ];
}

/**
 * A registration (from the widget, or by the sales team for a person met at a viewing). A
 * new address gets a pending entry and a confirmation mail; a pending one gets its wishes
 * updated and a new confirmation mail; a confirmed one gets its page link again (its
 * queue place stays). The caller's answer is the same in every case.
 */
export async function register(
  db: Db,
  config: AppConfig,
  projectId: number,
  input: {
    name: string;
    email: string;
    phone?: string;
    lang: Language;
    preferences: InterestPreferences;
    consents: { interest: string; newsletter?: string };
    source: 'widget' | 'viewing';
    /** Ranked wishes in a release that takes them (ADR 041). */
    release?: WishProposal;
  },
): Promise<{ entry: repo.EntryRow; created: boolean }> {
  await assertApartments(db, projectId, input.preferences.apartment_ids);
  const method: ConsentMethod = input.source === 'viewing' ? 'added_at_viewing' : 'widget_form';
  const attempt = () =>
    db.transaction(async (tx) => {
      const team = await repo.projectAndTeam(tx, projectId);
      if (!team) throw notFound('Project');
      // Checked before the address is looked up: the answer is the same for a known one.
      const proposal = input.release;
      const checked = proposal
        ? await checkWishes(tx, projectId, proposal.release, proposal.wishes)
        : undefined;
      let live = await repo.findLiveByEmail(tx, projectId, input.email);
      if (live) live = await settleOverdue(tx, live);
      if (live?.status === 'confirmed') {
        // A confirmed address's wishes change only from Min sida: the mail proposes them there.
        await sendPageLink(
          tx,
          live,
          team.name,
          config,
          proposal && checked && proposal.wishes.length > 0
            ? { ...proposal, name: checked.release.name }
            : undefined,
        );
        return { entry: live, created: false };
      }
      const fields = {
        name: input.name,
        phone: input.phone || null,
        lang: input.lang,
        rooms: input.preferences.rooms,
        max_price: input.preferences.max_price,
        apartment_ids: input.preferences.apartment_ids,
      };
      const entry = live
        ? (await repo.updateEntry(tx, live.id, fields))!
        : await repo.insertEntry(tx, {
            ...fields,
            project_id: projectId,
            email: input.email,
            source: input.source,
          });
      await repo.insertConsents(
        tx,
        consentRows(entry.id, input.consents.interest, input.consents.newsletter, method),
      );
      // A pending entry's wishes count for nothing until it is confirmed (applyOnConfirm).
      if (proposal) await storeWishes(tx, proposal.release, entry.id, proposal.wishes);
      await sendConfirmation(tx, entry, team.name, config);
      return { entry, created: !live };
    });
  try {
    return await attempt();
  } catch (err) {
    // The same address sent twice at once: the unique index let one in; this one now finds it.
    if (isUniqueViolation(err)) return attempt();
    throw err;
  }
}

export function fromWidget(body: Submit) {
  return {
    name: body.name,
    email: body.email,
    phone: body.phone,
    lang: body.lang,
    preferences: { rooms: body.rooms, max_price: body.max_price, apartment_ids: body.apartment_ids },
    consents: {
      interest: body.consents.interest_list_version,
      newsletter: body.consents.newsletter
        ? (body.consents.newsletter_version ?? CURRENT_CONSENT.newsletter)
        : undefined,
    },
    source: 'widget' as const,
    ...(body.release_id !== undefined
      ? { release: { release: body.release_id, wishes: body.wishes ?? [] } }
      : {}),
  };
}

export function fromViewing(body: Add) {
  return {
    name: body.name,
    email: body.email,
    phone: body.phone,
    lang: body.lang,
    preferences: { rooms: body.rooms, max_price: body.max_price, apartment_ids: body.apartment_ids },
    consents: {
      interest: CURRENT_CONSENT.interest_list,
      newsletter: body.newsletter ? CURRENT_CONSENT.newsletter : undefined,
    },
    source: 'viewing' as const,
  };
}

/**
 * Double opt-in: the link's token confirms a pending entry once, within its 7 days. Answers the
 * project and whether wishes it proposed now count where demand is public (the view changed).
 */
export async function confirm(
  db: Db,
  config: AppConfig,
  token: string,
): Promise<{ pageToken: string; projectId: number; demandChanged: boolean }> {
  return db.transaction(async (tx) => {
    const entry = await repo.findByToken(tx, 'confirm_token_hash', hash(token));
    if (!entry || entry.status !== 'pending' || repo.effectiveStatus(entry) !== 'pending')
      throw linkRefused();
    const team = await repo.projectAndTeam(tx, entry.project_id);
    if (!team) throw linkRefused();
    const now = new Date();
    const pageToken = newToken();
    const row = (await repo.updateEntry(tx, entry.id, {
      status: 'confirmed',
      confirmed_at: now,
      last_activity_at: now,
      confirm_token_hash: null,
      confirm_expires_at: null,
      page_token_hash: hash(pageToken),
    }))!;
    await scheduleLapse(tx, row);
    const applied = await applyOnConfirm(tx, row, team.name);
    await emitWebhookEvents(tx, entry.project_id, [
      {
        type: 'interest.confirmed',
        data: {
          interest_id: row.id,
          project_id: row.project_id,
          confirmed_at: now.toISOString(),
          source: row.source,
          rooms: row.rooms,
          max_price: row.max_price,
          apartment_ids: row.apartment_ids,
        },
        personal: { name: row.name, email: row.email, phone: row.phone },
      },
    ]);
    for (const member of team.team) {
      const lang = languageOf(await getConfig(tx, member.id, 'language'));
      await enqueueMail(tx, {
        to: member.email,
        lang,
        template: 'interest_new',
        params: {
          project: team.name,
          buyer: row.name,
          email: row.email,
          confirmed: dateTime(now, lang),
          link: `${config.appUrl}/projects/${row.project_id}`,
        },
        projectId: row.project_id,
      });
    }
    await enqueueMail(tx, {
      to: row.email,
      lang: languageOf(row.lang),
      template: 'interest_page_link',
      params: { name: row.name, project: team.name, link: pageLink(config) },
      secret: pageToken,
      projectId: row.project_id,
    });
    return { pageToken, projectId: row.project_id, demandChanged: applied.some((r) => r.show_demand) };
  });
}

/** "Send me my link again": the page link to a confirmed entry, a new confirmation to a pending one, nothing otherwise. */
export async function resendLink(db: Db, config: AppConfig, projectId: number, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const team = await repo.projectAndTeam(tx, projectId);
    let live = await repo.findLiveByEmail(tx, projectId, email);
    if (!live || !team) return;
    live = await settleOverdue(tx, live);
    if (live?.status === 'confirmed') await sendPageLink(tx, live, team.name, config);
    else if (live?.status === 'pending') await sendConfirmation(tx, live, team.name, config);
  });
}

/** The entry a page token opens (any status until it is erased), locked for the change that follows. */
export async function byPageToken(tx: DbOrTx, token: string): Promise<repo.EntryRow> {
  const entry = await repo.findByToken(tx, 'page_token_hash', hash(token));
  const settled = entry && (await settleOverdue(tx, entry));
  if (!settled) throw linkRefused();
  return settled;
}

/** What the buyer's page shows; opening it is activity. */
export async function mine(
  db: Db,
  token: string,
  lang: Language,
): Promise<InterestMine & { rules: string[] }> {
  return db.transaction(async (tx) => {
    let entry = await byPageToken(tx, token);
    if (entry.status === 'confirmed') entry = await touch(tx, entry);
    return describe(tx, entry, lang);
  });
}

async function describe(tx: DbOrTx, entry: repo.EntryRow, lang: Language) {
  const team = await repo.projectAndTeam(tx, entry.project_id);
  const found = await repo.projectApartments(tx, entry.project_id, entry.apartment_ids);
  const consents = await repo.consentsOf(tx, [entry.id]);
  const status = repo.effectiveStatus(entry);
  const held = await activeHoldsForEmail(tx, entry.project_id, entry.email);
  return {
    project: { id: entry.project_id, name: team?.name ?? '' },
    name: entry.name,
    email: entry.email,
    phone: entry.phone,
    status,
    submitted_at: entry.submitted_at.toISOString(),
    confirmed_at: entry.confirmed_at?.toISOString() ?? null,
    lapses_at: status === 'confirmed' ? repo.lapsesAt(entry).toISOString() : null,
    preferences: { rooms: entry.rooms, max_price: entry.max_price, apartment_ids: entry.apartment_ids },
    // In the buyer's order; an apartment deleted since drops out.
    apartments: entry.apartment_ids.flatMap((id) => found.filter((a) => a.id === id)),
    consents: consents.map((c) => ({
      purpose: c.purpose,
      version: c.text_version,
      text: consentText(c.text_version, lang),
      given_at: c.given_at.toISOString(),
      method: c.method,
    })),
    reservations: held.map((h) => ({
      apartment_id: h.apartment_id,
      bostad: h.bostad,
      kind: h.kind,
      expires_at: h.expires_at.toISOString(),
    })),
    releases: await releasesFor(tx, entry),
    rules: rulesText(lang),
  };
}

export function rulesText(lang: Language): string[] {
  return lang === 'en'
    ? [
        'Your place in the queue is the moment you confirmed your registration.',
        `The registration lasts ${INTEREST_RULES.lapseDays / 365 === 1 ? '12 months' : `${INTEREST_RULES.lapseDays} days`} from your latest activity (opening or changing this page); we remind you three weeks before it lapses.`,
        'Changing your wishes does not change your place in the queue.',
        'If you withdraw, or the registration lapses, your data is erased after the time the project has set.',
      ]
    : [
        'Din plats i kön är tidpunkten då du bekräftade din anmälan.',
        'Anmälan gäller i 12 månader från din senaste aktivitet (när du öppnar eller ändrar den här sidan); vi påminner dig tre veckor innan den förfaller.',
        'Att ändra dina önskemål påverkar inte din plats i kön.',
        'Om du återkallar anmälan, eller den förfaller, raderas dina uppgifter efter den tid projektet har bestämt.',
      ];
}

/** Wishes from a plain form, held to the schema's bounds rather than refused (the page has no script to explain). */
export function preferencesOf(input: {
  rooms: number[];
  max_price: number | null;
  apartment_ids: number[];
}): InterestPreferences {
  return {
    rooms: [...new Set(input.rooms.filter((n) => n >= 1 && n <= 20))].slice(0, 20),
    max_price: input.max_price === null ? null : Math.min(input.max_price, 2_000_000_000),
    apartment_ids: [...new Set(input.apartment_ids)].slice(0, INTEREST_RULES.maxRankedApartments),
  };
}

/** The buyer changes wishes (a confirmed entry only); the queue place stays. */
export async function updateMine(db: Db, token: string, prefs: InterestPreferences, lang: Language) {
  return db.transaction(async (tx) => {
    const entry = await byPageToken(tx, token);
    if (entry.status !== 'confirmed') throw conflict(serverMessage('interestEnded'));
    await assertApartments(tx, entry.project_id, prefs.apartment_ids);
    await repo.updateEntry(tx, entry.id, {
      rooms: prefs.rooms,
      max_price: prefs.max_price,
      apartment_ids: prefs.apartment_ids,
    });
    const row = await touch(tx, (await repo.findEntry(tx, entry.id))!);
    return describe(tx, row, lang);
  });
}

/**
 * The buyer's ranked wishes in a release (ADR 041), from Min sida: a confirmed entry only,
 * while the release takes wishes; a receipt is mailed. Answers the page and whether the
 * public view's demand changed.
 */
export async function updateMyWishes(
  db: Db,
  token: string,
  releaseId: number,
  wishes: number[],
  lang: Language,
) {
  return db.transaction(async (tx) => {
    const entry = await byPageToken(tx, token);
    if (entry.status !== 'confirmed') throw conflict(serverMessage('interestEnded'));
    const team = await repo.projectAndTeam(tx, entry.project_id);
    const { release } = await setWishes(tx, entry, team?.name ?? '', releaseId, wishes);
    const row = await touch(tx, entry);
    return { mine: await describe(tx, row, lang), demandChanged: release.show_demand };
  });
}

export async function withdrawMine(db: Db, token: string, lang: Language) {
  return db.transaction(async (tx) => {
    const entry = await byPageToken(tx, token);
    if (entry.status !== 'confirmed') throw conflict(serverMessage('interestEnded'));
    const row = (await endEntry(tx, entry, 'withdrawn'))!;
    return describe(tx, row, lang);
  });
}

/** Everything stored about the buyer for this project: the entry, its notes and tier, and every consent. */
export async function myData(db: Db, token: string, lang: Language) {
  return db.transaction(async (tx) => {
    const entry = await byPageToken(tx, token);
    const { rules: _rules, ...described } = await describe(tx, entry, lang);
    return {
      ...described,
      source: entry.source,
      language: entry.lang,
      last_activity_at: entry.last_activity_at.toISOString(),
      ended_at: entry.ended_at?.toISOString() ?? null,
      tier: entry.tier,
      notes: entry.notes,
      exported_at: new Date().toISOString(),
    };
  });
}

/** The back office's view of an entry. */
export function toEntry(row: repo.ListedRow): InterestEntry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.effective,
    source: row.source,
    submitted_at: row.submitted_at.toISOString(),
    confirmed_at: row.confirmed_at?.toISOString() ?? null,
    last_activity_at: row.last_activity_at.toISOString(),
    tier: row.tier,
    notes: row.notes,
    preferences: { rooms: row.rooms, max_price: row.max_price, apartment_ids: row.apartment_ids },
    newsletter: row.newsletter,
    duplicate_email: row.duplicate_email,
    duplicate_phone: row.duplicate_phone,
  };
}

export async function listedEntry(db: DbOrTx, projectId: number, id: number): Promise<InterestEntry> {
  const rows = await repo.listEntries(db, projectId, {});
  const row = rows.find((r) => r.id === id);
  if (!row) throw entryNotFound();
  return toEntry(row);
}

export async function updateTierNotes(
  db: DbOrTx,
  projectId: number,
  id: number,
  body: { tier?: string | null; notes?: string | null },
): Promise<InterestEntry> {
  const entry = await repo.findEntry(db, id, projectId);
  if (!entry) throw entryNotFound();
  await repo.updateEntry(db, id, {
    ...(body.tier !== undefined ? { tier: body.tier || null } : {}),
    ...(body.notes !== undefined ? { notes: body.notes || null } : {}),
  });
  return listedEntry(db, projectId, id);
}

/** The outbox handler of the interest kind: each step checks whether it still applies, then acts. */
export function dueHandler(db: Db, config: AppConfig) {
  return async (row: { payload: Record<string, unknown> }): Promise<void> => {
    const p = row.payload as unknown as DuePayload;
    await db.transaction(async (tx) => {
      const entry = await repo.findEntry(tx, p.entry_id);
      if (!entry) return;
      const team = await repo.projectAndTeam(tx, entry.project_id);
      const projectName = team?.name ?? '';
      const lang = languageOf(entry.lang);
      const now = Date.now();
      switch (p.step) {
        case 'confirm_reminder': {
          const live = entry.status === 'pending' && repo.effectiveStatus(entry) === 'pending';
          if (!live || !p.secret || entry.confirm_token_hash !== hash(p.secret)) return;
          await enqueueMail(tx, {
            to: entry.email,
            lang,
            template: 'interest_confirm_reminder',
            params: {
              name: entry.name,
              project: projectName,
              link: confirmLink(config),
              expires: dateTime(entry.confirm_expires_at!, lang),
            },
            secret: p.secret,
            projectId: entry.project_id,
          });
          return;
        }
        case 'confirm_expire':
        case 'lapse':
          await settleOverdue(tx, entry);
          return;
        case 'lapse_reminder': {
          const due = repo.lapsesAt(entry).getTime() - INTEREST_RULES.lapseReminderDays * DAY;
          // Activity since this row was written moved the lapse on: a newer row reminds then.
          if (entry.status !== 'confirmed' || repo.effectiveStatus(entry) !== 'confirmed' || due > now + HOUR)
            return;
          const token = newToken();
          await repo.updateEntry(tx, entry.id, { page_token_hash: hash(token) });
          await enqueueMail(tx, {
            to: entry.email,
            lang,
            template: 'interest_lapse_reminder',
            params: {
              name: entry.name,
              project: projectName,
              link: pageLink(config),
              lapses: dateTime(repo.lapsesAt(entry), lang),
            },
            secret: token,
            projectId: entry.project_id,
          });
          return;
        }
        case 'erase': {
          if (entry.status !== 'withdrawn' && entry.status !== 'lapsed') return;
          const { retentionDays } = await interestSettings(tx, entry.project_id);
          const at = (entry.ended_at?.getTime() ?? now) + retentionDays * DAY;
          if (at <= now) await repo.deleteEntry(tx, entry.id);
          // The project keeps them longer now: erase then.
          else await schedule(tx, entry.project_id, { step: 'erase', entry_id: entry.id }, new Date(at));
          return;
        }
      }
    });
  };
}
