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

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress: ip });

describe('a concurrent burst of wrong passwords', () => {
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

describe('the victim is not locked out', () => {
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

describe('counters live in the database', () => {
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
