import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { outbox, outboxAttempts } from '../../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;

/** The channel that wakes every instance's outbox loop when a row is written (ADR 032). */
export const OUTBOX_CHANNEL = 'planvy_outbox';

export interface NewOutboxMessage {
  kind: string;
  payload: Record<string, unknown>;
  projectId?: number | null;
  /** When it may leave; now by default. */
  dueAt?: Date;
}

/**
 * Writes a message to the outbox. Call it with the transaction of the change that causes
 * it: the row, and the notification that wakes the loops, exist only if that commits.
 */
export async function enqueue(db: DbOrTx, message: NewOutboxMessage): Promise<number> {
  const [id] = await enqueueMany(db, [message]);
  if (id === undefined) throw new Error('insert returned no row');
  return id;
}

/** Rows per insert: far below PostgreSQL's 65,535 parameters. */
const ENQUEUE_CHUNK = 1000;

/** Writes many messages (one notification for them all), as enqueue does; their ids in order. */
export async function enqueueMany(db: DbOrTx, messages: readonly NewOutboxMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const ids: number[] = [];
  for (let i = 0; i < messages.length; i += ENQUEUE_CHUNK) {
    const rows = await db
      .insert(outbox)
      .values(
        messages.slice(i, i + ENQUEUE_CHUNK).map((m) => ({
          kind: m.kind,
          payload: m.payload,
          project_id: m.projectId ?? null,
          due_at: m.dueAt ?? sql`now()`,
        })),
      )
      .returning({ id: outbox.id });
    ids.push(...rows.map((r) => r.id));
  }
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, 'due')`);
  return ids;
}

/**
 * Claims up to `limit` due rows for one pass: pending rows whose time has come, and rows
 * another claimer held longer than its lease (it stopped). One statement, so the claim is
 * committed before anything is sent; SKIP LOCKED lets instances claim side by side
 * without waiting for each other. A claimed row's due_at becomes when the claim lapses.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const claim = randomUUID();
  const rows = await db.execute<OutboxRow>(sql`
    update ${outbox}
       set status = 'sending',
           claim = ${claim},
           attempts = ${outbox.attempts} + 1,
           due_at = now() + make_interval(secs => ${leaseMs / 1000})
     where ${outbox.id} in (
       select ${outbox.id} from ${outbox}
        where ${outbox.status} in ('pending', 'sending') and ${outbox.due_at} <= now()
        order by ${outbox.due_at}, ${outbox.id}
        limit ${limit}
        for update skip locked)
    returning *`);
  // execute() answers raw rows on both drivers: bigserial ids and timestamps as text.
  return rows.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    due_at: new Date(r.due_at),
    sent_at: r.sent_at && new Date(r.sent_at),
    created_at: new Date(r.created_at),
  }));
}

export type Outcome = { responseCode?: number } & (
  { sent: true } | { sent: false; error: string; retryInMs: number | null /* null: give up */ }
);

/**
 * Records one attempt and its outcome, if the claim still holds (a claimer whose lease
 * lapsed changes nothing but its attempt's record). A row that ends (sent or failed) loses
 * its `secret` (a token in a link): the outbox keeps it only while it may still be sent.
 */
export async function finish(db: Db, row: OutboxRow, startedAt: Date, outcome: Outcome): Promise<void> {
  await db.transaction(async (tx) => {
    const held = and(eq(outbox.id, row.id), eq(outbox.claim, row.claim ?? ''), eq(outbox.status, 'sending'));
    if (outcome.sent) {
      await tx
        .update(outbox)
        .set({
          status: 'sent',
          sent_at: sql`now()`,
          claim: null,
          last_error: null,
          payload: sql`${outbox.payload} - 'secret'`,
        })
        .where(held);
    } else if (outcome.retryInMs === null) {
      await tx
        .update(outbox)
        .set({
          status: 'failed',
          claim: null,
          last_error: outcome.error,
          payload: sql`${outbox.payload} - 'secret'`,
        })
        .where(held);
    } else {
      await tx
        .update(outbox)
        .set({
          status: 'pending',
          claim: null,
          last_error: outcome.error,
          due_at: sql`now() + make_interval(secs => ${outcome.retryInMs / 1000})`,
        })
        .where(held);
    }
    await tx.insert(outboxAttempts).values({
      outbox_id: row.id,
      attempt: row.attempts,
      started_at: startedAt,
      error: outcome.sent ? null : outcome.error,
      response_code: outcome.responseCode ?? null,
    });
  });
}

/**
 * Drops rows that ended (sent or failed) more than `days` ago, with their attempts: the mail
 * log and the webhook delivery log show 30 days, and a mail's payload holds a person's
 * address, which is kept no longer than the logs need it. Answers how many went.
 */
export async function pruneEnded(db: DbOrTx, days: number): Promise<number> {
  const gone = await db
    .delete(outbox)
    .where(
      and(
        inArray(outbox.status, ['sent', 'failed']),
        lt(outbox.created_at, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .returning({ id: outbox.id });
  return gone.length;
}

/** When the next row falls due (or a claim lapses), if any is waiting. */
export async function nextDueAt(db: Db): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${outbox.due_at})` })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'sending']));
  return row?.at ? new Date(row.at) : undefined;
}

/** One page of a kind's rows, newest first: optionally one project's, or one status's. */
export function listOutbox(
  db: DbOrTx,
  q: { kind: string; projectId?: number; status?: OutboxRow['status']; before?: number; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, q.kind),
        q.projectId === undefined ? undefined : eq(outbox.project_id, q.projectId),
        q.status ? eq(outbox.status, q.status) : undefined,
        q.before === undefined ? undefined : lt(outbox.id, q.before),
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(q.limit);
}

export async function findOutboxRow(db: DbOrTx, id: number, kind: string): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.kind, kind)));
  return row;
}
