import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import type { AppConfig } from '../../env';
import { DbLimiter } from '../../lib/rate-limiter';

/** The first back-off step; each further one doubles, up to the configured maximum. */
export const BACKOFF_FIRST_SECONDS = 15;
/** How long the per-e-mail count behind the back-off lasts. */
const EMAIL_WINDOW_SECONDS = 60 * 60;
/** An address that signed in successfully is remembered for the account this long. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;
/** A browser that signed in successfully is remembered for the account this long (and keeps its cookie as long). */
export const KNOWN_BROWSER_SECONDS = 90 * 24 * 60 * 60;
/** The browser's id: 128 random bits, base64url. */
const BROWSER_ID = /^[\w-]{22}$/;
const newBrowserId = () => randomBytes(16).toString('base64url');

/** The cookie that holds it: sent only to the sign-in route, never readable by a script. */
export const BROWSER_COOKIE = 'planvy_device';

/** The browser id a request's Cookie header carries, if any (one cookie of a fixed shape: no parser needed). */
export function browserIdOf(cookieHeader: string | undefined): string | undefined {
  return cookieHeader?.match(/(?:^|;\s*)planvy_device=([\w-]{22})(?:;|$)/)?.[1];
}

/** The Set-Cookie value that keeps `id` in the browser. */
export function browserCookie(id: string, secure: boolean): string {
  return `${BROWSER_COOKIE}=${id}; Path=/api/v1/login; Max-Age=${KNOWN_BROWSER_SECONDS}; HttpOnly;${secure ? ' Secure;' : ''} SameSite=Strict`;
}

/**
 * Seconds after the first counted attempt at which the `extra`-th attempt beyond the
 * free ones may be checked: 15, 45, 105, 225, … (each wait double the last, capped).
 */
export function backoffOffsetSeconds(extra: number, maxSeconds: number): number {
  let total = 0;
  for (let i = 0; i < extra; i++) {
    const step = Math.min(BACKOFF_FIRST_SECONDS * 2 ** i, maxSeconds);
    total += step;
    if (step === maxSeconds) return total + (extra - i - 1) * maxSeconds;
  }
  return total;
}

/**
 * Seconds from `elapsed` (since the first counted attempt) until the next back-off slot
 * opens. A refused request says this rather than its own slot's time: under a burst its
 * count includes requests still in flight that will give their points back.
 */
export function secondsUntilNextSlot(elapsed: number, maxSeconds: number): number {
  for (let k = 1; ; k++) {
    const offset = backoffOffsetSeconds(k, maxSeconds);
    if (offset > elapsed) return offset - elapsed;
  }
}

export type Admission =
  | {
      ok: true;
      /** Call after a correct password; answers the browser id to keep in its cookie. */
      succeeded(): Promise<{ browser: string }>;
    }
  | { ok: false; retryAfterSeconds: number };

/** Keys hold hashes, so the table never lists e-mail addresses or IP addresses. */
const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');

/**
 * Sign-in limits, counted in the database so they hold across restarts and instances
 * (ADR 007). A request is admitted to the password check only after it has taken a
 * point from every counter, atomically, so a burst of simultaneous requests cannot all
 * slip through; a request refused by a later counter gives back what it took, so only
 * password checks count.
 *
 * - per browser that signed in to the account before (its id is an HttpOnly cookie sent
 *   only to /login): `perEmail` checks per window, and nothing else. So no wrong password
 *   from anyone else, elsewhere or on her own shared address, refuses her in her browser;
 * - per address: `perIp` checks per window (one address spraying many accounts);
 * - per e-mail and address: `perEmail` checks per window (one address guessing one
 *   password). Only that address is refused, so nobody elsewhere can lock a user out;
 * - per e-mail from addresses that never signed in to it: `perEmail` free checks, then
 *   exponential back-off (a distributed attacker is slowed to a few dozen guesses an
 *   hour, while the user waits at most `backoffMaxSeconds` on a new address and not at
 *   all on one she has used before).
 */
export class LoginLimits {
  private readonly ip: DbLimiter;
  private readonly emailIp: DbLimiter;
  private readonly email: DbLimiter;
  private readonly known: DbLimiter;
  private readonly browser: DbLimiter;
  private readonly knownBrowser: DbLimiter;
  private readonly perEmail: number;
  private readonly backoffMax: number;

  constructor(db: DbOrTx, limits: AppConfig['loginLimits']) {
    const window = limits.windowSeconds;
    this.ip = new DbLimiter(db, { keyPrefix: 'login-ip', points: limits.perIp, duration: window });
    this.emailIp = new DbLimiter(db, {
      keyPrefix: 'login-email-ip',
      points: limits.perEmail,
      duration: window,
    });
    // Only counts; the back-off below decides.
    this.email = new DbLimiter(db, {
      keyPrefix: 'login-email',
      points: 1_000_000,
      duration: EMAIL_WINDOW_SECONDS,
    });
    this.known = new DbLimiter(db, { keyPrefix: 'login-known', points: 1, duration: KNOWN_ADDRESS_SECONDS });
    this.browser = new DbLimiter(db, {
      keyPrefix: 'login-browser',
      points: limits.perEmail,
      duration: window,
    });
    this.knownBrowser = new DbLimiter(db, {
      keyPrefix: 'login-known-browser',
      points: 1,
      duration: KNOWN_BROWSER_SECONDS,
    });
    this.perEmail = limits.perEmail;
    this.backoffMax = limits.backoffMaxSeconds;
  }

  /**
   * Takes what one password check costs, or says how long to wait. `browser` is the id the
   * browser's cookie holds, if any; one that signed in to this account before is counted
   * on its own and by nothing else.
   */
  async admit(email: string, ip: string, browser?: string): Promise<Admission> {
    const normalised = email.trim().toLowerCase();
    const keys = { ip: digest(ip), emailIp: digest(normalised, ip), email: digest(normalised) };

    if (browser !== undefined && BROWSER_ID.test(browser)) {
      const key = digest(normalised, 'browser', browser);
      if ((await this.knownBrowser.retryAfter(key)) > 0) {
        // Her own wrong passwords in this browser still count: a stolen laptop guesses no faster than an address.
        const byBrowser = await this.browser.consume(key);
        if (!byBrowser.ok) return byBrowser;
        return {
          ok: true,
          succeeded: async () => {
            await this.browser.reset(key);
            return { browser };
          },
        };
      }
    }

    const taken: (() => Promise<void>)[] = [];
    const refuse = async (retryAfterSeconds: number): Promise<Admission> => {
      await Promise.all(taken.map((giveBack) => giveBack()));
      return { ok: false, retryAfterSeconds };
    };

    const byIp = await this.ip.consume(keys.ip);
    if (!byIp.ok) return refuse(byIp.retryAfterSeconds);
    taken.push(() => this.ip.reward(keys.ip));

    const byEmailIp = await this.emailIp.consume(keys.emailIp);
    if (!byEmailIp.ok) return refuse(byEmailIp.retryAfterSeconds);
    taken.push(() => this.emailIp.reward(keys.emailIp));

    const knownAddress = (await this.known.retryAfter(keys.emailIp)) > 0;
    let countedForEmail = false;
    if (!knownAddress) {
      const byEmail = await this.email.consume(keys.email);
      if (!byEmail.ok) return refuse(byEmail.retryAfterSeconds);
      taken.push(() => this.email.reward(keys.email));
      countedForEmail = true;
      const extra = byEmail.consumed - this.perEmail;
      if (extra > 0) {
        const elapsed = (EMAIL_WINDOW_SECONDS * 1000 - byEmail.msBeforeNext) / 1000;
        if (backoffOffsetSeconds(extra, this.backoffMax) > elapsed) {
          return refuse(Math.max(1, Math.ceil(secondsUntilNextSlot(elapsed, this.backoffMax))));
        }
      }
    }

    return {
      ok: true,
      succeeded: async () => {
        // A success is not a failed guess: give back what it took, forget this address's
        // failures for the account, and remember the address and the browser.
        const id = browser !== undefined && BROWSER_ID.test(browser) ? browser : newBrowserId();
        const browserKey = digest(normalised, 'browser', id);
        await Promise.all([
          this.ip.reward(keys.ip),
          this.emailIp.reset(keys.emailIp),
          countedForEmail ? this.email.reward(keys.email) : Promise.resolve(),
          knownAddress ? Promise.resolve() : this.known.consume(keys.emailIp),
          this.browser.reset(browserKey),
          this.knownBrowser.reset(browserKey).then(() => this.knownBrowser.consume(browserKey)),
        ]);
        return { browser: id };
      },
    };
  }
}
