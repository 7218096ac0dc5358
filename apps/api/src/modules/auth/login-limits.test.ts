import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { argon2Passwords } from '../../lib/password';
import { createTestApp, type TestApp } from '../../../test/harness';
import { backoffOffsetSeconds, secondsUntilNextSlot } from './login-limits';

/**
 * Brute force against POST /login, as an attacker would run it: many requests at once,
 * from one address or from many. The limits are the defaults (8 per e-mail and address,
 * 30 per address, per 15 minutes).
 */
let t: TestApp;
/**
 * Each test checks up to ~50 passwords with the real argon2 (19 MiB, two passes): a second or
 * two here, but CI runs this file a second time (the PostgreSQL pass) at a low priority beside the
 * browser tier, where it has been starved past 30 s. A timed-out test would also go on in the
 * background and spoil the next one's counts.
 */
const ARGON2_PACED = { timeout: 120_000 };
const passwords = argon2Passwords();
const verify = vi.spyOn(passwords, 'verify');

beforeAll(async () => {
  t = await createTestApp({}, { passwords });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  verify.mockClear();
});

const login = (email: string, password: string, ip: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email, password },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** The browser's cookie after a sign-in (what it sends to /login next time), or undefined. */
function browserCookie(res: Awaited<ReturnType<typeof login>>): string | undefined {
  const set = res.headers['set-cookie'];
  return (Array.isArray(set) ? set : [set]).find((c) => c?.startsWith('planvy_device='))?.split(';')[0];
}

describe('a concurrent burst of wrong passwords', ARGON2_PACED, () => {
  it('from one address gets at most the configured number of password checks; the rest are 429 with Retry-After', async () => {
    await t.createUser('client', { email: 'victim@example.com' });
    const limit = t.config.loginLimits.perEmail;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login('victim@example.com', `wrong-${i}`, '198.51.100.7')),
    );
    expect(verify.mock.calls.length).toBeLessThanOrEqual(limit);
    expect(answers.filter((a) => a.statusCode === 401).length).toBe(verify.mock.calls.length);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBe(100 - verify.mock.calls.length);
    for (const a of refused) {
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
      expect(a.json().status_code).toBe(429);
    }
    // The same address stays refused afterwards, for the right password too, without a check.
    verify.mockClear();
    expect((await login('victim@example.com', 'secret123', '198.51.100.7')).statusCode).toBe(429);
    expect(verify).not.toHaveBeenCalled();
  });

  it('from a hundred addresses (a distributed attacker) is slowed the same way', async () => {
    await t.createUser('client', { email: 'victim@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login('victim@example.com', `wrong-${i}`, `203.0.113.${i + 1}`)),
    );
    expect(verify.mock.calls.length).toBeLessThanOrEqual(t.config.loginLimits.perEmail);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBe(100 - verify.mock.calls.length);
    // The next check is due after the first back-off step, not in 15 minutes.
    for (const a of refused) expect(Number(a.headers['retry-after'])).toBeLessThanOrEqual(15);
  });
});

describe('the victim is not locked out', ARGON2_PACED, () => {
  it('signs in from an address she used before while an attacker is refused, and waits seconds, not 15 minutes, on a new one', async () => {
    await t.createUser('client', { email: 'victim@example.com' });
    // She signed in from home once.
    expect((await login('victim@example.com', 'secret123', '192.0.2.10')).statusCode).toBe(200);
    // An attacker uses up the limit for her account from his address.
    for (let i = 0; i < 12; i++) await login('victim@example.com', `guess-${i}`, '198.51.100.66');
    const attacker = await login('victim@example.com', 'secret123', '198.51.100.66');
    expect(attacker.statusCode).toBe(429);
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(800);

    expect((await login('victim@example.com', 'secret123', '192.0.2.10')).statusCode).toBe(200);
    const elsewhere = await login('victim@example.com', 'secret123', '192.0.2.99');
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeLessThanOrEqual(15);
  });

  it('forgets an address’s failures after a successful sign-in', async () => {
    await t.createUser('client', { email: 'karin@example.com' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 7; i++)
        expect((await login('karin@example.com', 'typo', '192.0.2.20')).statusCode).toBe(401);
      expect((await login('karin@example.com', 'secret123', '192.0.2.20')).statusCode).toBe(200);
    }
  });
});

describe('wrong passwords from her own address', ARGON2_PACED, () => {
  const home = '192.0.2.10';

  it('(someone on her shared network guessing) do not lock her out of the browser she signed in with', async () => {
    await t.createUser('client', { email: 'victim@example.com' });
    const first = await login('victim@example.com', 'secret123', home);
    expect(first.statusCode).toBe(200);
    const cookie = browserCookie(first);

    // An office, a school or a phone carrier: one address for many people, one of them guessing.
    for (let i = 0; i < 12; i++) await login('victim@example.com', `guess-${i}`, home);
    const guesser = await login('victim@example.com', 'secret123', home);
    expect(guesser.statusCode).toBe(429);
    expect(verify).toHaveBeenCalledTimes(1 + t.config.loginLimits.perEmail);

    expect((await login('victim@example.com', 'secret123', home, cookie)).statusCode).toBe(200);
    // Only the sign-in route ever sees the cookie, and no script does.
    expect(first.headers['set-cookie']).toMatch(
      /^planvy_device=[\w-]{22,}; Path=\/api\/v1\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    // Spraying other accounts from the address uses up the address's limit, not her browser's.
    for (let i = 0; i < t.config.loginLimits.perIp + 5; i++) await login(`other${i}@example.com`, 'x', home);
    expect((await login('someone@example.com', 'secret123', home)).statusCode).toBe(429);
    expect((await login('victim@example.com', 'secret123', home, cookie)).statusCode).toBe(200);
  });

  it('(her own, in her browser) are limited for that browser like an address', async () => {
    await t.createUser('client', { email: 'karin@example.com' });
    const cookie = browserCookie(await login('karin@example.com', 'secret123', home));
    verify.mockClear();
    // A burst from the browser gets no more checks than an address would.
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => login('karin@example.com', 'typo', home, cookie)),
    );
    expect(verify).toHaveBeenCalledTimes(t.config.loginLimits.perEmail);
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(t.config.loginLimits.perEmail);
    verify.mockClear();
    const refused = await login('karin@example.com', 'secret123', home, cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(verify).not.toHaveBeenCalled();
  });

  it('a browser cookie helps only the account that signed in with it, and only a real one', async () => {
    await t.createUser('client', { email: 'victim@example.com' });
    await t.createUser('client', { email: 'mallory@example.com' });
    const theirs = browserCookie(await login('mallory@example.com', 'secret123', home));
    for (let i = 0; i < 12; i++) await login('victim@example.com', `guess-${i}`, home, theirs);
    expect((await login('victim@example.com', 'secret123', home, theirs)).statusCode).toBe(429);
    const made = 'planvy_device=AAAAAAAAAAAAAAAAAAAAAA';
    expect((await login('victim@example.com', 'secret123', home, made)).statusCode).toBe(429);
  });
});

describe('counters live in the database', ARGON2_PACED, () => {
  it('hold across a restart and a second instance on the same database', async () => {
    await t.createUser('client', { email: 'victim@example.com' });
    for (let i = 0; i < 8; i++) await login('victim@example.com', `guess-${i}`, '198.51.100.5');
    const other = await buildApp({ config: t.config, db: t.db, jwtSecret: 'test-secret-'.padEnd(48, 'x') });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: 'victim@example.com', password: 'secret123' },
        remoteAddress: '198.51.100.5',
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('back-off schedule', () => {
  it('doubles from 15 seconds up to the maximum', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffOffsetSeconds(n, 300))).toEqual([15, 45, 105, 225, 465]);
    expect(backoffOffsetSeconds(6, 300)).toBe(765);
    expect(backoffOffsetSeconds(8, 60)).toBe(15 + 30 + 60 * 6);
    expect(backoffOffsetSeconds(0, 300)).toBe(0);
  });

  it('tells a refused request when the next slot opens', () => {
    expect(secondsUntilNextSlot(0, 300)).toBe(15);
    expect(secondsUntilNextSlot(14.5, 300)).toBe(0.5);
    expect(secondsUntilNextSlot(15, 300)).toBe(30);
    expect(secondsUntilNextSlot(500, 300)).toBe(265);
    expect(secondsUntilNextSlot(800, 300)).toBe(265);
  });
});
