import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  isAvailableStatus,
  serverMessage,
  type checkoutRequestSchema,
  type Hold,
  type Language,
} from '@planvy/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { apartments, holds, projects, releaseApartments, releases } from '../../db/schema';
import { conflict, HttpError, invalid } from '../../lib/http-error';
import { DbLimiter } from '../../lib/rate-limiter';
import { formatUntil, holdIn, isUniqueViolation, type HoldConfig } from '../holds/service';
import { openHoldOf } from '../holds/repository';
import { enqueueMail, SECRET_MARK } from '../mail/mail';
import { lockRelease } from './offers';
import { findRelease, type ReleaseRow } from './repository';

/**
 * First come (ADR 042): at the public time a buyer asks for a home of a first-come release
 * with their e-mail, gets a one-time link, and confirming it (a POST, so a mail scanner
 * confirms nothing) takes a `checkout` hold of `checkout_minutes` that sets "Reserverad" and
 * expires back by the holds' own expiry. One checkout hold per e-mail and release. The link is
 * signed, not stored: it names the release, home, address and the time it was made, and is
 * used up once a checkout hold for that address in that release was placed after that time.
 */

/** How long a checkout link works. */
export const CHECKOUT_LINK_MINUTES = 30;

interface LinkFacts {
  r: number;
  a: number;
  e: string;
  l: Language;
  t: number;
}

export class CheckoutLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('planvy checkout link').digest();
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  issue(facts: Omit<LinkFacts, 't'>, at = Date.now()): string {
    const body = Buffer.from(JSON.stringify({ ...facts, t: at })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The link's facts if this server made it and it is not older than CHECKOUT_LINK_MINUTES. */
  check(token: string, now = Date.now()): LinkFacts | undefined {
    const m = /^([\w-]{1,600})\.([\w-]{43})$/.exec(token);
    if (!m) return undefined;
    const expected = Buffer.from(this.mac(m[1]!));
    const given = Buffer.from(m[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const facts = JSON.parse(Buffer.from(m[1]!, 'base64url').toString()) as LinkFacts;
    const age = now - facts.t;
    return age >= 0 && age <= CHECKOUT_LINK_MINUTES * 60_000 ? facts : undefined;
  }
}

const linkRefused = () => new HttpError(410, serverMessage('checkoutLinkInvalid'));

/** Whether the release takes checkout holds now: first come, public, not paused. */
const takesCheckouts = (r: ReleaseRow | undefined): r is ReleaseRow =>
  r !== undefined && r.mode === 'first_come' && r.state === 'public' && !r.paused;

/** The home, if it is one of the release's; with its project's name. */
async function releaseHome(db: Db, releaseId: number, apartmentId: number) {
  const [row] = await db
    .select({
      id: apartments.id,
      bostad: apartments.bostad,
      status: apartments.status,
      project_name: projects.name,
    })
    .from(releaseApartments)
    .innerJoin(apartments, eq(apartments.id, releaseApartments.apartment_id))
    .innerJoin(projects, eq(projects.id, apartments.project_id))
    .where(and(eq(releaseApartments.release_id, releaseId), eq(releaseApartments.apartment_id, apartmentId)));
  return row;
}

/** Checkout requests per client address and hour (hashed keys), beside the per-address mail limit. */
export class CheckoutLimits {
  private readonly ip: DbLimiter;
  private readonly email: DbLimiter;

  constructor(db: Db) {
    this.ip = new DbLimiter(db, { keyPrefix: 'checkout-ip', points: 30, duration: 3600 });
    this.email = new DbLimiter(db, { keyPrefix: 'checkout-email', points: 5, duration: 3600 });
  }

  async admit(ip: string): Promise<void> {
    const res = await this.ip.consume(createHmac('sha256', 'checkout').update(ip).digest('base64url'));
    if (!res.ok) {
      throw new HttpError(
        429,
        serverMessage('tooManyInterest'),
        {},
        { 'retry-after': String(res.retryAfterSeconds) },
      );
    }
  }

  async mayMail(releaseId: number, email: string): Promise<boolean> {
    return (
      await this.email.consume(
        createHmac('sha256', 'checkout').update(`${releaseId}\n${email}`).digest('base64url'),
      )
    ).ok;
  }
}

/** The project's releases that take checkout holds now, with their homes (the widget's card asks). */
export async function openCheckouts(db: Db, projectId: number) {
  const rows = await db
    .select({
      id: releases.id,
      checkout_minutes: releases.checkout_minutes,
      apartment_id: releaseApartments.apartment_id,
    })
    .from(releases)
    .innerJoin(releaseApartments, eq(releaseApartments.release_id, releases.id))
    .where(
      and(
        eq(releases.project_id, projectId),
        eq(releases.mode, 'first_come'),
        eq(releases.state, 'public'),
        eq(releases.paused, false),
      ),
    );
  const out = new Map<number, { id: number; checkout_minutes: number; apartment_ids: number[] }>();
  for (const r of rows) {
    const rel = out.get(r.id) ?? { id: r.id, checkout_minutes: r.checkout_minutes, apartment_ids: [] };
    rel.apartment_ids.push(r.apartment_id);
    out.set(r.id, rel);
  }
  return [...out.values()];
}

/**
 * A buyer asks to reserve a home of a public first-come release: mails the one-time link.
 * 404 for a release of another project or one that does not take checkouts now; 409 when the
 * home cannot be had now (held, or not for sale).
 */
export async function requestCheckout(
  db: Db,
  projectId: number,
  releaseId: number,
  body: z.output<typeof checkoutRequestSchema>,
  deps: { links: CheckoutLinks; limits: CheckoutLimits; appUrl: string; ip: string },
): Promise<void> {
  const release = await findRelease(db, releaseId);
  if (!takesCheckouts(release) || release.project_id !== projectId) {
    throw new HttpError(404, serverMessage('checkoutClosed'));
  }
  await deps.limits.admit(deps.ip);
  const home = await releaseHome(db, release.id, body.apartment_id);
  if (!home) throw invalid('apartment_id', serverMessage('apartmentNotFound'));
  if ((await openHoldOf(db, home.id)) || !isAvailableStatus(home.status)) {
    throw conflict(serverMessage('apartmentHeld'));
  }
  const email = body.email.toLowerCase();
  // Past the per-address limit the answer is the same and nothing is mailed (no inbox flooding).
  if (!(await deps.limits.mayMail(release.id, email))) return;
  const token = deps.links.issue({ r: release.id, a: home.id, e: email, l: body.language });
  await enqueueMail(db, {
    to: email,
    lang: body.language,
    template: 'checkout_confirm',
    params: {
      project: home.project_name,
      bostad: home.bostad,
      minutes: release.checkout_minutes,
      link: `${deps.appUrl}/checkout/confirm?token=${SECRET_MARK}`,
    },
    secret: token,
    projectId: release.project_id,
  });
}

/**
 * Confirms a checkout link: the checkout hold, for the release's checkout_minutes (minutes of
 * a hold's day, so HOLD_DAY_SECONDS shortens them for tests). The release row is locked, so
 * one address's links are taken one at a time (one hold per address and release); two buyers
 * racing for one home are ordered by the home's lock and the holds' unique index (409).
 */
export async function confirmCheckout(
  db: Db,
  links: CheckoutLinks,
  token: string,
  cfg: HoldConfig,
): Promise<{ hold: Hold; bostad: string; until: string; lang: Language }> {
  const facts = links.check(token);
  if (!facts) throw linkRefused();
  try {
    return await db.transaction(async (tx) => {
      const release = await lockRelease(tx, facts.r);
      if (!takesCheckouts(release)) throw new HttpError(409, serverMessage('checkoutClosed'));
      const mine = await tx
        .select({ active: sql<boolean>`${holds.ended_at} is null and ${holds.expires_at} > now()` })
        .from(holds)
        .innerJoin(releaseApartments, eq(releaseApartments.apartment_id, holds.apartment_id))
        .where(
          and(
            eq(releaseApartments.release_id, release.id),
            eq(holds.kind, 'checkout'),
            sql`lower(${holds.email}) = ${facts.e}`,
            gte(holds.placed_at, new Date(facts.t)),
          ),
        );
      // A hold placed after the link was made used it up.
      if (mine.length > 0) throw linkRefused();
      const [active] = await tx
        .select({ id: holds.id })
        .from(holds)
        .innerJoin(releaseApartments, eq(releaseApartments.apartment_id, holds.apartment_id))
        .where(
          and(
            eq(releaseApartments.release_id, release.id),
            eq(holds.kind, 'checkout'),
            sql`lower(${holds.email}) = ${facts.e}`,
            isNull(holds.ended_at),
            sql`${holds.expires_at} > now()`,
          ),
        );
      if (active) throw conflict(serverMessage('checkoutTaken'));
      const [project] = await tx
        .select({ name: projects.name, broker_id: projects.broker_id })
        .from(projects)
        .where(eq(projects.id, release.project_id));
      const hold = await holdIn(
        tx,
        null,
        { id: release.project_id, name: project!.name, broker_id: project!.broker_id },
        {
          apartment_id: facts.a,
          kind: 'checkout',
          name: facts.e,
          email: facts.e,
          phone: '',
          language: facts.l,
        },
        cfg,
        { lastsMs: (release.checkout_minutes * cfg.dayMs) / 1440, requireAvailable: true },
      );
      return {
        hold,
        bostad: hold.bostad,
        until: formatUntil(new Date(hold.expires_at), facts.l),
        lang: facts.l,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(serverMessage('apartmentHeld'));
    throw err;
  }
}
