import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';

export interface DbLimiterOptions {
  /** Namespaces the keys, e.g. "login-ip". */
  keyPrefix: string;
  /** Points one key may consume per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
  /** When set, a key that runs out is blocked for this many seconds. */
  blockDuration?: number;
}

export type ConsumeResult =
  | {
      ok: true;
      remaining: number;
      /** Points taken in this window so far, this consume included. */
      consumed: number;
      /** Until the window resets. */
      msBeforeNext: number;
    }
  | { ok: false; retryAfterSeconds: number };

/**
 * A counter kept in the database, so every instance on one PostgreSQL (and a
 * restarted one) sees the same count. Each consume is one atomic upsert, so
 * concurrent requests can never all slip under the limit.
 */
export class DbLimiter {
  private readonly limiter: RateLimiterDrizzle;

  constructor(
    db: DbOrTx,
    readonly options: DbLimiterOptions,
  ) {
    this.limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: options.keyPrefix,
      points: options.points,
      duration: options.duration,
      blockDuration: options.blockDuration ?? 0,
    });
  }

  /** Takes `points` for `key`, or says how long to wait when there are none left. */
  async consume(key: string, points = 1): Promise<ConsumeResult> {
    try {
      const res = await this.limiter.consume(key, points);
      return {
        ok: true,
        remaining: res.remainingPoints,
        consumed: res.consumedPoints,
        msBeforeNext: res.msBeforeNext,
      };
    } catch (err) {
      // The library rejects with a RateLimiterRes when the key is out of points,
      // and with an Error when the store failed (which must not pass as "allowed").
      if (err instanceof RateLimiterRes) {
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
      }
      throw err;
    }
  }

  /** Seconds `key` must still wait, or 0 when it may go on (consumes nothing). */
  async retryAfter(key: string): Promise<number> {
    const res = await this.limiter.get(key);
    if (!res || res.remainingPoints > 0) return 0;
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }

  /** Gives back `points` taken from `key` (e.g. by a request that was refused later on). */
  async reward(key: string, points = 1): Promise<void> {
    await this.limiter.reward(key, points);
  }

  /** Forgets `key` (e.g. after a successful sign-in). */
  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
