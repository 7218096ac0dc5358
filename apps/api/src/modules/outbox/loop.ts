import type { Db } from '../../db/client';
import { claimDue, finish, nextDueAt, type OutboxRow } from './repository';

/**
 * Sends one outbox row of a kind; throws when it did not leave (a SendError to say more).
 * May answer what the receiver said, for the attempt's record.
 */
export type OutboxHandler = (row: OutboxRow) => Promise<void | { responseCode?: number }>;

/** A failed send with what the receiver answered, or one not worth trying again. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly details: { responseCode?: number; giveUp?: boolean } = {},
  ) {
    super(message);
  }
}

/** How rows of one kind are sent, and retried when the kind has a schedule of its own. */
export interface OutboxKind {
  send: OutboxHandler;
  /**
   * The waits after each failed attempt (webhooks: about three days in all); after the last
   * one the row is given up. Without it the kind follows the options' doubling back-off.
   */
  retryDelaysMs?: readonly number[];
  /** Runs after a row was given up because its retries ran out (not after a SendError's giveUp). */
  onExhausted?: (row: OutboxRow, error: string) => Promise<void>;
}

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
  /** How often, at most, a pass is followed by the housekeeping (pruning what the logs no longer show). */
  housekeepingMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  run: true,
  pollMs: 30_000,
  batch: 10,
  maxAttempts: 8,
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
  housekeepingMs: 60 * 60_000,
};

/**
 * The wait before attempt `attempts + 1`, after `attempts` failed ones, or null when that was
 * the last: the kind's own schedule, else 30 s, 1 min, 2 min, … up to maxAttempts.
 */
export function retryDelayMs(
  attempts: number,
  opts: Pick<OutboxOptions, 'firstRetryMs' | 'maxRetryMs' | 'maxAttempts'>,
  schedule?: readonly number[],
): number | null {
  if (schedule) return schedule[attempts - 1] ?? null;
  if (attempts >= opts.maxAttempts) return null;
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
  private lastHousekeeping = 0;

  constructor(
    private readonly db: Db,
    private readonly kinds: Readonly<Record<string, OutboxKind>>,
    private readonly opts: OutboxOptions,
    private readonly log: Log,
    /** Runs after a pass, at most every housekeepingMs (and after the first pass). */
    private readonly housekeeping?: () => Promise<void>,
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
      .then(() => this.keepHouse())
      .then(() => this.schedule())
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async keepHouse(): Promise<void> {
    if (!this.housekeeping || Date.now() - this.lastHousekeeping < this.opts.housekeepingMs) return;
    this.lastHousekeeping = Date.now();
    await this.housekeeping().catch((err: unknown) => this.log.error({ err }, 'outbox: housekeeping failed'));
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
    const kind = this.kinds[row.kind];
    try {
      if (!kind) throw new SendError(`no handler for outbox kind "${row.kind}"`, { giveUp: true });
      const answer = await kind.send(row);
      await finish(this.db, row, startedAt, { sent: true, responseCode: answer?.responseCode });
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const details = err instanceof SendError ? err.details : {};
      const retryInMs = details.giveUp ? null : retryDelayMs(row.attempts, this.opts, kind?.retryDelaysMs);
      this.log.error({ err, outboxId: row.id, attempt: row.attempts }, 'outbox: a message did not leave');
      await finish(this.db, row, startedAt, {
        sent: false,
        error,
        retryInMs,
        responseCode: details.responseCode,
      });
      if (retryInMs === null && !details.giveUp) await kind?.onExhausted?.(row, error);
    }
  }
}
