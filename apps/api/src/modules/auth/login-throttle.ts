/**
 * Counts failed logins per key in a fixed window. In-memory: good for one
 * instance; several instances each keep their own (documented in the README).
 */
export class LoginThrottle {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, limit: number): number {
    const entry = this.hits.get(key);
    const now = this.now();
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= limit ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  fail(key: string): void {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.hits.size > 50_000) this.prune(now);
    } else {
      entry.count += 1;
    }
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  clear(): void {
    this.hits.clear();
  }

  private prune(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
