import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { WEBHOOK_LOG_DAYS } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import { outbox, outboxAttempts, webhookEndpoints } from '../../db/schema';
import { findOutboxRow } from '../outbox/repository';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EndpointInsert = typeof webhookEndpoints.$inferInsert;

/** The outbox kind of a webhook delivery (ADR 034). */
export const WEBHOOK_KIND = 'webhook';

/** An outbox row's payload for a delivery: the endpoint, the message id and the body's parts. */
export interface WebhookPayload {
  endpoint_id: number;
  message_id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
  /** A test event: tried once, sent even to a disabled endpoint, not counted as its failure. */
  test?: boolean;
}

const endpointOf = sql`(${outbox.payload}->>'endpoint_id')::int`;

export function listEndpoints(db: DbOrTx, projectId: number): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.project_id, projectId))
    .orderBy(webhookEndpoints.id);
}

export async function findEndpoint(db: DbOrTx, id: number, projectId?: number) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      projectId === undefined
        ? eq(webhookEndpoints.id, id)
        : and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.project_id, projectId)),
    );
  return row;
}

/** The enabled endpoints of a project that subscribe to any of `types`. */
export function subscribers(db: DbOrTx, projectId: number, types: string[]) {
  return db
    .select({
      id: webhookEndpoints.id,
      events: webhookEndpoints.events,
      personal_data: webhookEndpoints.personal_data,
    })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.project_id, projectId),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} && ${sql.param(types)}::text[]`,
      ),
    );
}

export async function insertEndpoint(db: DbOrTx, values: EndpointInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateEndpoint(
  db: DbOrTx,
  id: number,
  projectId: number,
  values: Partial<EndpointInsert>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.project_id, projectId)))
    .returning();
  return row;
}

/** Deletes the endpoint and its deliveries (a pending one has nowhere left to go). */
export async function deleteEndpoint(db: DbOrTx, id: number, projectId: number): Promise<boolean> {
  const gone = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.project_id, projectId)))
    .returning({ id: webhookEndpoints.id });
  if (gone.length === 0) return false;
  await db
    .delete(outbox)
    .where(and(eq(outbox.kind, WEBHOOK_KIND), eq(outbox.project_id, projectId), sql`${endpointOf} = ${id}`));
  return true;
}

/** A failed delivery: one more failure in a row (the first one's time kept). */
export async function recordFailure(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({
      failure_count: sql`${webhookEndpoints.failure_count} + 1`,
      first_failure_at: sql`coalesce(${webhookEndpoints.first_failure_at}, now())`,
    })
    .where(eq(webhookEndpoints.id, id));
}

export async function recordSuccess(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failure_count: 0, first_failure_at: null })
    .where(and(eq(webhookEndpoints.id, id), gt(webhookEndpoints.failure_count, 0)));
}

/** Turns an endpoint off after its retries ran out, saying why. */
export async function disableForFailure(db: DbOrTx, id: number, reason: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabled_reason: reason.slice(0, 1000) })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)));
}

const logStart = sql`now() - make_interval(days => ${WEBHOOK_LOG_DAYS})`;

/** The project's deliveries of the last 30 days, newest first, with their attempts. */
export async function listDeliveries(
  db: DbOrTx,
  projectId: number,
  endpointId: number | undefined,
  limit: number,
) {
  const rows = await db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, WEBHOOK_KIND),
        eq(outbox.project_id, projectId),
        sql`${outbox.created_at} >= ${logStart}`,
        endpointId === undefined ? undefined : sql`${endpointOf} = ${endpointId}`,
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(limit);
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(outboxAttempts)
          .where(
            inArray(
              outboxAttempts.outbox_id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(outboxAttempts.outbox_id, outboxAttempts.attempt);
  return { rows, attempts };
}

/** A delivery of the project (another project's is not found). */
export async function findDelivery(db: DbOrTx, id: number, projectId: number) {
  const row = await findOutboxRow(db, id, WEBHOOK_KIND);
  return row?.project_id === projectId ? row : undefined;
}

/** Each endpoint's newest delivery of the project: its status, when, and the last answer's code. */
export async function lastDeliveries(db: DbOrTx, projectId: number) {
  const { rows } = await db.execute<{
    endpoint_id: number;
    status: (typeof outbox.$inferSelect)['status'];
    at: string | Date;
    response_code: number | null;
  }>(sql`
    select distinct on (1) (o.payload->>'endpoint_id')::int as endpoint_id, o.status,
           coalesce(o.sent_at, o.created_at) as at,
           (select a.response_code from outbox_attempts a
             where a.outbox_id = o.id order by a.attempt desc limit 1) as response_code
      from outbox o
     where o.kind = ${WEBHOOK_KIND} and o.project_id = ${projectId}
     order by 1, o.id desc`);
  return new Map(rows.map((r) => [Number(r.endpoint_id), { ...r, at: new Date(r.at) }]));
}
