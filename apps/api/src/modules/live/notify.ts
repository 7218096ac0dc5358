import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { liveApartment, liveChanged, type LiveApartment } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';

/** The one channel every instance listens on (ADR 015). */
export const LIVE_CHANNEL = 'planvy_live';

/** Apartments per notification: keeps each payload far below PostgreSQL's 8,000-byte limit. */
export const APARTMENTS_PER_NOTIFY = 60;
/** Beyond this many changed apartments, one "refetch the view" event replaces them. */
export const MAX_LIVE_APARTMENTS = 600;

/**
 * What travels through NOTIFY: an event id chosen by the writer (so every instance gives the
 * same event the same id), the project, and either the changed apartments as
 * [id, status, inactive, price, fee] tuples or `v` (refetch the view).
 */
export interface LivePayload {
  i: string;
  p: number;
  a?: [number, string, 0 | 1, number | null, number | null][];
  v?: 1;
}

export const newEventId = () => randomBytes(9).toString('base64url');

function notify(db: DbOrTx, payload: LivePayload) {
  return db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(payload)})`);
}

type Shown = Parameters<typeof liveApartment>[0];

/**
 * Tells every instance's open widgets that apartments of a project changed. Called inside
 * the write's transaction: PostgreSQL (and PGlite) deliver the notification at commit, and
 * never when the transaction rolls back. Apartments whose shown fields did not change are
 * left out; `before` is what was stored before the write, when there was something.
 */
export async function notifyApartments(
  db: DbOrTx,
  projectId: number,
  after: readonly Shown[],
  before?: ReadonlyMap<number, Shown>,
): Promise<void> {
  const changed: LiveApartment[] = [];
  for (const row of after) {
    const next = liveApartment(row);
    const prev = before?.get(row.id);
    if (!prev || liveChanged(liveApartment(prev), next)) changed.push(next);
  }
  if (changed.length === 0) return;
  if (changed.length > MAX_LIVE_APARTMENTS) return notifyView(db, projectId);
  for (let i = 0; i < changed.length; i += APARTMENTS_PER_NOTIFY) {
    await notify(db, {
      i: newEventId(),
      p: projectId,
      a: changed
        .slice(i, i + APARTMENTS_PER_NOTIFY)
        .map((x) => [x.id, x.status, x.inactive ? 1 : 0, x.price, x.fee]),
    });
  }
}

/** Open widgets of the project refetch the view: apartments were added or removed. */
export async function notifyView(db: DbOrTx, projectId: number): Promise<void> {
  await notify(db, { i: newEventId(), p: projectId, v: 1 });
}
