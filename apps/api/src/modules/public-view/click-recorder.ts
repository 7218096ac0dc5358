import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import * as repo from './repository';

/** More distinct apartments than this from one visitor in the window is a script, not a buyer. */
const MAX_PER_VISITOR = 200;

interface PendingClick {
  project_id: number;
  apartment_id: number;
  clicked_at: Date;
}

/**
 * Records apartment opens from the public widget. Writes are batched; a visitor who
 * opens the same apartment again within `dedupMs` counts once. A visitor is a hash
 * of IP and user agent with a salt that lives only in memory and changes daily, so
 * nothing personal is stored and no cookie is needed.
 */
export class ClickRecorder {
  private queue: PendingClick[] = [];
  private readonly lastSeen = new Map<string, number>();
  private readonly perVisitor = new Map<string, { since: number; count: number }>();
  private salt = randomBytes(16);
  private saltDay = new Date().toISOString().slice(0, 10);
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DbOrTx,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { flushMs: number; maxBatch: number; dedupMs: number } = {
      flushMs: 2000,
      maxBatch: 500,
      dedupMs: 10 * 60 * 1000,
    },
  ) {}

  visitor(ip: string, userAgent: string): string {
    const today = new Date().toISOString().slice(0, 10);
    if (today !== this.saltDay) {
      this.salt = randomBytes(16);
      this.saltDay = today;
      this.lastSeen.clear();
      this.perVisitor.clear();
    }
    return createHash('sha256')
      .update(this.salt)
      .update(ip)
      .update('\0')
      .update(userAgent)
      .digest('base64url');
  }

  /**
   * Queues a click; returns false when it is a repeat within the window, or when one
   * visitor has opened more apartments in the window than a person plausibly would.
   */
  record(projectId: number, apartmentId: number, visitor: string, now = Date.now()): boolean {
    const key = `${visitor}:${apartmentId}`;
    const last = this.lastSeen.get(key);
    if (last !== undefined && now - last < this.opts.dedupMs) return false;
    const burst = this.perVisitor.get(visitor);
    if (burst && now - burst.since < this.opts.dedupMs && burst.count >= MAX_PER_VISITOR) return false;
    this.perVisitor.set(
      visitor,
      burst && now - burst.since < this.opts.dedupMs
        ? { since: burst.since, count: burst.count + 1 }
        : { since: now, count: 1 },
    );
    this.lastSeen.set(key, now);
    if (this.lastSeen.size > 200_000) this.prune(now);
    this.queue.push({ project_id: projectId, apartment_id: apartmentId, clicked_at: new Date(now) });
    if (this.queue.length >= this.opts.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.opts.flushMs).unref();
    return true;
  }

  /** Writes everything queued; clicks on apartments that no longer exist are dropped. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        const byProject = new Map<number, number[]>();
        for (const c of batch)
          byProject.set(c.project_id, [...(byProject.get(c.project_id) ?? []), c.apartment_id]);
        const valid = new Set<string>();
        for (const [projectId, ids] of byProject) {
          for (const id of await repo.apartmentsInProject(this.db, projectId, [...new Set(ids)])) {
            valid.add(`${projectId}:${id}`);
          }
        }
        const rows = batch.filter((c) => valid.has(`${c.project_id}:${c.apartment_id}`));
        await this.db.transaction(async (tx) => repo.recordClicks(tx, rows));
      } catch (err) {
        this.log.error({ err, clicks: batch.length }, 'could not record clicks');
      }
    });
    return this.flushing;
  }

  private prune(now: number) {
    for (const [key, at] of this.lastSeen) if (now - at >= this.opts.dedupMs) this.lastSeen.delete(key);
    for (const [key, b] of this.perVisitor)
      if (now - b.since >= this.opts.dedupMs) this.perVisitor.delete(key);
  }
}
