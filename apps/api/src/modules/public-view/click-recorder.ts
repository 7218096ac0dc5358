import { createHmac, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { clickSalts } from '../../db/schema';
import { errorForLog } from '../../lib/error-log';
import { DbLimiter } from '../../lib/rate-limiter';
import * as repo from './repository';

interface PendingClick {
  project_id: number;
  apartment_id: number;
  clicked_at: Date;
}

export interface ClickOptions {
  /** Queued clicks are written after this long… */
  flushMs: number;
  /** …or once this many are queued. */
  maxBatch: number;
  /** One visitor's opens of one apartment within this many seconds count once. */
  dedupSeconds: number;
  /** What one visitor (an IPv4 address or IPv6 /64) can count per project per hour. */
  perProjectHour: number;
}

export const DEFAULT_CLICK_OPTIONS: ClickOptions = {
  flushMs: 2000,
  maxBatch: 500,
  dedupSeconds: 600,
  perProjectHour: 60,
};

/**
 * The network a visitor is counted by: an IPv4 address, or the /64 of an IPv6 address
 * (one household or phone gets a whole /64, and can change addresses within it at will).
 */
export function visitorNetwork(ip: string): string {
  try {
    let addr = ipaddr.parse(ip);
    if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
      addr = (addr as ipaddr.IPv6).toIPv4Address();
    }
    if (addr.kind() === 'ipv4') return addr.toString();
    return `${(addr as ipaddr.IPv6).parts
      .slice(0, 4)
      .map((p) => p.toString(16))
      .join(':')}::/64`;
  } catch {
    return ip;
  }
}

/**
 * The day's random salt, kept in the database so every instance hashes a visitor alike.
 * Whichever instance needs it first on a UTC day creates it (insert … on conflict do
 * nothing, then read what won); earlier days' salts are deleted, so once a day is over
 * nobody can recompute which address made which key.
 */
export class DailySalt {
  private current: { day: string; salt: Promise<Buffer> } | undefined;

  constructor(private readonly db: DbOrTx) {}

  get(now = new Date()): Promise<Buffer> {
    const day = now.toISOString().slice(0, 10);
    if (this.current?.day !== day) {
      const salt = this.load(day);
      const entry = { day, salt };
      // A failed read is tried again by the next click, not remembered.
      salt.catch(() => {
        if (this.current === entry) this.current = undefined;
      });
      this.current = entry;
    }
    return this.current.salt;
  }

  private async load(day: string): Promise<Buffer> {
    await this.db
      .insert(clickSalts)
      .values({ day, salt: randomBytes(32).toString('base64') })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(clickSalts).where(eq(clickSalts.day, day));
    await this.db.delete(clickSalts).where(lt(clickSalts.day, day));
    if (!row) throw new Error('the click salt could not be read');
    return Buffer.from(row.salt, 'base64');
  }
}

/**
 * Records apartment opens from the public widget, with nothing personal kept and no
 * cookie. A visitor is a keyed hash of their network (see `visitorNetwork`), keyed with
 * the server secret and the day's salt; the same visitor and apartment count once per
 * `dedupSeconds`, and one visitor counts at most `perProjectHour` opens per project per
 * hour, whatever the User-Agent says. Both counters live in the database (rate_limits),
 * so every instance on one PostgreSQL shares them, and each click costs the same: two
 * keyed upserts, no scan. Counted clicks are queued and written in batches.
 */
export class ClickRecorder {
  private queue: PendingClick[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly salt: DailySalt;
  private readonly once: DbLimiter;
  private readonly hourly: DbLimiter;

  constructor(
    private readonly db: DbOrTx,
    private readonly log: FastifyBaseLogger,
    private readonly secret: string,
    private readonly opts: ClickOptions = DEFAULT_CLICK_OPTIONS,
  ) {
    this.salt = new DailySalt(db);
    this.once = new DbLimiter(db, { keyPrefix: 'click-once', points: 1, duration: opts.dedupSeconds });
    this.hourly = new DbLimiter(db, { keyPrefix: 'click-hour', points: opts.perProjectHour, duration: 3600 });
  }

  /** The visitor key for an address: no address, and no way back to one without the server secret and the day's salt. */
  async visitor(ip: string, now = new Date()): Promise<string> {
    return createHmac('sha256', this.secret)
      .update(await this.salt.get(now))
      .update(visitorNetwork(ip))
      .digest('base64url');
  }

  /**
   * Counts an open of an apartment the caller has already checked belongs to the project;
   * false when this visitor opened it within the window or has used up the project's hour.
   */
  async record(projectId: number, apartmentId: number, ip: string, now = new Date()): Promise<boolean> {
    const visitor = await this.visitor(ip, now);
    if (!(await this.once.consume(`${visitor}:${apartmentId}`)).ok) return false;
    if (!(await this.hourly.consume(`${visitor}:${projectId}`)).ok) return false;
    this.queue.push({ project_id: projectId, apartment_id: apartmentId, clicked_at: now });
    if (this.queue.length >= this.opts.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.opts.flushMs).unref();
    return true;
  }

  /** Writes everything queued in one transaction; clicks on apartments deleted meanwhile are dropped. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.db.transaction(async (tx) => repo.recordClicks(tx, batch));
      } catch (err) {
        this.log.error({ error: errorForLog(err), clicks: batch.length }, 'could not record clicks');
      }
    });
    return this.flushing;
  }
}
