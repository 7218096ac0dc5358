import type { Db } from '../../db/client';
import { claimDue, finish, nextDueAt, type OutboxRow } from './repository';

/** Sends one outbox row of a kind; throws when it did not leave. */
export type OutboxHandler = (row: OutboxRow) => Promise<void>;

export interface OutboxOptions {
  /** Run the loop in this instance (off in the API tests, which drain it themselves). */
  run: boolean;
  /** The longest sleep between passes when nothing wakes the loop sooner. */
  pollMs: number;
  /** Rows claimed per pass. */
  batch: number;
  /** After this many attempts a row is given up (status failed). */
  maxAttempts: number;
  /** The wait after the first failure; each further one doubles, up to maxRetryMs. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** How long a claim holds before another instance may take the row over (longer than any send). */
  leaseMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  run: true,
  pollMs: 30_000,
  batch: 10,
  maxAttempts: 8,
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
};

/** The wait before attempt `attempts + 1`, after `attempts` failed ones: 30 s, 1 min, 2 min, … */
export function retryDelayMs(
  attempts: number,
  opts: Pick<OutboxOptions, 'firstRetryMs' | 'maxRetryMs'>,
): number {
  return Math.min(opts.firstRetryMs * 2 ** Math.max(0, attempts - 1), opts.maxRetryMs);
}

interface Log {
  error(obj: object, msg: string): void;
}

/**
 * One small loop per instance (ADR 032): claims due rows, sends each with its kind's
 * handler, records the attempt, and sleeps until the next row falls due, the poll interval
 * passes, or `wake()` (a notification that a row was written) comes first.
 */
export class OutboxLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly handlers: Readonly<Record<string, OutboxHandler>>,
    private readonly opts: OutboxOptions,
    private readonly log: Log,
  ) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Waits for the pass under way; no new one starts. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a pass now (or right after the one under way). */
  wake(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'outbox: a pass failed'))
      .then(() => this.schedule())
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async schedule(): Promise<void> {
    if (this.stopped) return;
    const next = await nextDueAt(this.db).catch(() => undefined);
    const wait = next ? Math.max(0, next.getTime() - Date.now()) : this.opts.pollMs;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), Math.min(wait + 50, this.opts.pollMs));
    this.timer.unref();
  }

  /** Sends everything due now, pass after pass, until a pass claims nothing. Answers how many rows it handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await claimDue(this.db, this.opts.batch, this.opts.leaseMs);
      if (rows.length === 0) return handled;
      for (const row of rows) await this.send(row);
      handled += rows.length;
    }
  }

  private async send(row: OutboxRow): Promise<void> {
    const startedAt = new Date();
    const handler = this.handlers[row.kind];
    try {
      if (!handler) throw new Error(`no handler for outbox kind "${row.kind}"`);
      await handler(row);
      await finish(this.db, row, startedAt, { sent: true });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const last = row.attempts >= this.opts.maxAttempts || !handler;
      this.log.error({ err, outboxId: row.id, attempt: row.attempts }, 'outbox: a message did not leave');
      await finish(this.db, row, startedAt, {
        sent: false,
        error: error.slice(0, 1000),
        retryInMs: last ? null : retryDelayMs(row.attempts, this.opts),
      });
    }
  }
}
