import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { DbLimiter } from './rate-limiter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('DbLimiter (counters in the database)', () => {
  it('lets exactly `points` of 100 concurrent consumes through, and tells the rest when to retry', async () => {
    const limiter = new DbLimiter(t.db, { keyPrefix: 'test', points: 8, duration: 900 });
    const results = await Promise.all(Array.from({ length: 100 }, () => limiter.consume('k')));
    expect(results.filter((r) => r.ok)).toHaveLength(8);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(92);
    for (const r of refused) expect(r.retryAfterSeconds).toBeGreaterThan(800);
    expect(await limiter.retryAfter('k')).toBeGreaterThan(800);
    // Other keys are independent.
    expect((await limiter.consume('other')).ok).toBe(true);
  });

  it('is shared by two limiters on one database (as two instances would be) and forgets on reset', async () => {
    const a = new DbLimiter(t.db, { keyPrefix: 'shared', points: 3, duration: 60 });
    const b = new DbLimiter(t.db, { keyPrefix: 'shared', points: 3, duration: 60 });
    expect((await a.consume('x')).ok).toBe(true);
    expect((await b.consume('x')).ok).toBe(true);
    expect((await a.consume('x')).ok).toBe(true);
    expect((await b.consume('x')).ok).toBe(false);
    await a.reset('x');
    expect(await b.retryAfter('x')).toBe(0);
    expect((await b.consume('x')).ok).toBe(true);
  });
});
