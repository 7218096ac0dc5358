import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import {
  DatabaseUnavailableError,
  describeFree,
  freeBytes,
  isDiskFull,
  isFatal,
  MIN_FREE_BYTES,
} from './database-errors';
import { openPGliteDir, PGLITE_OPTIONS } from './pristine';

interface Log {
  error(obj: object, msg: string): void;
  info(msg: string): void;
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/**
 * The embedded database as drizzle sees it (query and transaction), kept usable when
 * PGlite is not. When a write fails because the disk is full, PostgreSQL inside PGlite
 * may PANIC, after which that instance answers every query with the same PANIC. The
 * instance is then closed, and the next request after a growing pause (1 s … 30 s)
 * reopens it, which replays the WAL as after a crash. In between, requests fail at once
 * with a clear 507/503 instead of a stack of 500s; nothing retries on a timer, so an
 * idle server with a full disk uses no CPU.
 */
export class EmbeddedDatabase {
  private pg: PGlite | undefined;
  private reopening: Promise<PGlite> | undefined;
  private failure: { message: string; diskFull: boolean; retryAt: number; delayMs: number } | undefined;
  private closed = false;
  /** Notification listeners, attached again to a reopened instance. */
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(
    private readonly dir: string | undefined,
    private readonly log: Log | undefined,
    private readonly now: () => number,
    private readonly minFreeBytes: number,
    private readonly snapshot: Blob | undefined,
  ) {}

  /** Opens PGlite in `dir` (in memory without one); says plainly when the disk is full. */
  static async open(
    dir: string | undefined,
    log?: Log,
    /**
     * For tests: the clock, the free space below which writes are refused (0: never), and a
     * dump (PGlite's dumpDataDir) an in-memory database starts from instead of running initdb.
     */
    testing: { now?: () => number; minFreeBytes?: number; snapshot?: Blob } = {},
  ): Promise<EmbeddedDatabase> {
    const db = new EmbeddedDatabase(
      dir,
      log,
      testing.now ?? Date.now,
      testing.minFreeBytes ?? MIN_FREE_BYTES,
      dir ? undefined : testing.snapshot,
    );
    db.pg = await db.start();
    return db;
  }

  private async start(): Promise<PGlite> {
    try {
      if (this.dir) return await openPGliteDir(this.dir);
      return await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: this.snapshot });
    } catch (err) {
      throw new Error(this.explain('Cannot open the embedded database', err), { cause: err });
    }
  }

  /** A sentence for the operator: what failed, and the free space when that is the likely cause. */
  explain(what: string, err: unknown): string {
    const free = this.dir ? freeBytes(this.dir) : undefined;
    const where = this.dir ? ` in ${this.dir}` : '';
    if (isDiskFull(err) || (free !== undefined && free < MIN_FREE_BYTES)) {
      return (
        `${what}${where}: the disk is full (${describeFree(free)} free; PGlite needs at least ` +
        `${describeFree(MIN_FREE_BYTES)} to write its log). Free some space.`
      );
    }
    return `${what}${where}: ${err instanceof Error ? err.message : String(err)}`;
  }

  private async current(): Promise<PGlite> {
    if (this.pg) return this.pg;
    if (this.closed || !this.failure) throw new Error('The embedded database is closed');
    const failure = this.failure;
    if (!this.reopening) {
      if (this.now() < failure.retryAt) throw this.unavailable();
      this.reopening = this.start()
        .then(
          (pg) => {
            this.pg = pg;
            this.failure = undefined;
            for (const channel of this.listeners.keys())
              this.attach(pg, channel).catch((err: unknown) =>
                this.log?.error({ err }, 'cannot listen again'),
              );
            this.log?.info('embedded database reopened');
            return pg;
          },
          (err: unknown) => {
            const delayMs = Math.min(failure.delayMs * 2, LAST_RETRY_MS);
            const free = this.dir ? freeBytes(this.dir) : undefined;
            this.failure = {
              message: this.explain('The embedded database cannot be reopened', err),
              diskFull: isDiskFull(err) || (free !== undefined && free < MIN_FREE_BYTES),
              retryAt: this.now() + delayMs,
              delayMs,
            };
            throw this.unavailable();
          },
        )
        .finally(() => {
          this.reopening = undefined;
        });
    }
    return this.reopening;
  }

  private unavailable(): DatabaseUnavailableError {
    const f = this.failure!;
    return new DatabaseUnavailableError(
      `${f.message} Planvy retries by itself.`,
      f.diskFull,
      Math.max(1, Math.ceil((f.retryAt - this.now()) / 1000)),
    );
  }

  /** After a PANIC the instance is useless: close it and let the next request reopen it. */
  private async failed(pg: PGlite, err: unknown): Promise<never> {
    if (this.pg === pg) {
      this.pg = undefined;
      const free = this.dir ? freeBytes(this.dir) : undefined;
      this.failure = {
        message: this.explain('The embedded database stopped', err),
        diskFull: isDiskFull(err) || (free !== undefined && free < MIN_FREE_BYTES),
        retryAt: this.now() + FIRST_RETRY_MS,
        delayMs: FIRST_RETRY_MS,
      };
      this.log?.error({ err }, this.failure.message);
      await pg.close().catch(() => undefined);
    }
    throw this.unavailable();
  }

  /**
   * Refuses a write that could leave PostgreSQL without room for its next WAL segment. A
   * PANIC there, at COMMIT, aborts PGlite's WebAssembly and leaves it spinning on the main
   * thread: no request, health check or SIGTERM is served again. Never let it get there:
   * keep {@link MIN_FREE_BYTES} free plus three times what the statement carries (the row,
   * its WAL record, its TOAST copy).
   */
  private ensureRoom(query: string, params?: unknown[]): void {
    if (!this.dir || this.minFreeBytes === 0 || /^\s*(select|show)\b/i.test(query)) return;
    let carried = 0;
    for (const p of params ?? [])
      carried += typeof p === 'string' ? p.length : ArrayBuffer.isView(p) ? p.byteLength : 16;
    const free = freeBytes(this.dir);
    if (free !== undefined && free < this.minFreeBytes + 3 * carried) {
      throw new DatabaseUnavailableError(
        `The disk holding ${this.dir} is full (${describeFree(free)} free); nothing was written.`,
        true,
        60,
      );
    }
  }

  /** The transaction object drizzle writes through, with the same room check per statement. */
  private guarded(tx: Transaction): Transaction {
    return new Proxy(tx, {
      get: (target, key, receiver) => {
        const value: unknown = Reflect.get(target, key, receiver);
        if (key !== 'query' && key !== 'exec')
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        return (query: string, ...rest: unknown[]) => {
          this.ensureRoom(query, key === 'query' ? (rest[0] as unknown[] | undefined) : undefined);
          return (value as (...a: unknown[]) => unknown).call(target, query, ...rest);
        };
      },
    });
  }

  async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    this.ensureRoom(query, params);
    const pg = await this.current();
    try {
      return await pg.query<T>(query, params, options);
    } catch (err) {
      if (isFatal(err)) return this.failed(pg, err);
      throw err;
    }
  }

  async exec(query: string, options?: QueryOptions): Promise<Results[]> {
    this.ensureRoom(query);
    const pg = await this.current();
    try {
      return await pg.exec(query, options);
    } catch (err) {
      if (isFatal(err)) return this.failed(pg, err);
      throw err;
    }
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const pg = await this.current();
    try {
      return await pg.transaction((tx) => callback(this.guarded(tx)));
    } catch (err) {
      if (isFatal(err)) return this.failed(pg, err);
      throw err;
    }
  }

  /**
   * LISTEN within this process: PGlite delivers a NOTIFY when its transaction commits.
   * Kept across a reopen after a failure.
   */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      if (this.pg) await this.attach(this.pg, channel);
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
    };
  }

  private async attach(pg: PGlite, channel: string): Promise<void> {
    await pg.listen(channel, (payload) => {
      for (const fn of this.listeners.get(channel) ?? []) fn(payload);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const pg = this.pg;
    this.pg = undefined;
    await pg?.close();
  }
}
