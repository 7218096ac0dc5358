import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_TEST_EVENT, type WebhookEndpoint, type WebhookEvent } from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { SendError, type OutboxKind } from '../outbox/loop';
import { enqueueMany, type OutboxRow } from '../outbox/repository';
import { postWebhook } from './delivery';
import * as repo from './repository';

export interface WebhookConfig {
  /** WEBHOOKS_ALLOW_PRIVATE: http and private addresses allowed (tests only). */
  allowPrivate: boolean;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/**
 * The waits after each failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 10 h, 14 h, 20 h —
 * eleven attempts, the last one about 72 hours after the first (issue 23: "retries over about three
 * days"; Svix's schedule with three more long tries).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
] as const;

/** How long the secret before a rotation keeps signing. */
export const PREVIOUS_SECRET_HOURS = 24;

/** A Standard Webhooks secret: whsec_ and base64 of 24 random bytes. */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const newMessageId = () => `msg_${randomBytes(12).toString('base64url')}`;

export interface WebhookEventInput {
  type: WebhookEvent;
  data: Record<string, unknown>;
  /** Buyers' personal data, added to `data` only for endpoints that opted in. */
  personal?: Record<string, unknown>;
}

/**
 * Queues `events` of a project for every enabled endpoint subscribed to each, in the
 * caller's transaction (ADR 032): nothing leaves if the change rolls back. One outbox row
 * per event and endpoint.
 */
export async function emitWebhookEvents(
  db: DbOrTx,
  projectId: number,
  events: readonly WebhookEventInput[],
): Promise<void> {
  if (events.length === 0) return;
  const endpoints = await repo.subscribers(db, projectId, [...new Set(events.map((e) => e.type))]);
  if (endpoints.length === 0) return;
  const timestamp = new Date().toISOString();
  const messages = events.flatMap((event) => {
    const messageId = newMessageId();
    return endpoints
      .filter((ep) => ep.events.includes(event.type))
      .map((ep) => {
        const payload: repo.WebhookPayload = {
          endpoint_id: ep.id,
          message_id: messageId,
          type: event.type,
          timestamp,
          data: ep.personal_data && event.personal ? { ...event.data, ...event.personal } : event.data,
        };
        return { kind: repo.WEBHOOK_KIND, projectId, payload: { ...payload } };
      });
  });
  await enqueueMany(db, messages);
}

interface ApartmentState {
  id: number;
  bostad: string;
  status: string;
  price: number | null;
}

/**
 * The webhook events of apartment writes: apartment.status_changed and
 * apartment.price_changed for each apartment whose status or price differs. Every write path
 * (the apartment form, the v2 mass status change, the CSV import) calls it in its transaction.
 */
export function emitApartmentChanges(
  db: DbOrTx,
  projectId: number,
  changes: readonly { before: ApartmentState; after: Pick<ApartmentState, 'status' | 'price'> }[],
): Promise<void> {
  const events: WebhookEventInput[] = [];
  for (const { before, after } of changes) {
    const apartment = { id: before.id, bostad: before.bostad };
    if (after.status !== before.status) {
      events.push({
        type: 'apartment.status_changed',
        data: { project_id: projectId, apartment, previous_status: before.status, status: after.status },
      });
    }
    if ((after.price ?? null) !== (before.price ?? null)) {
      events.push({
        type: 'apartment.price_changed',
        data: { project_id: projectId, apartment, previous_price: before.price, price: after.price },
      });
    }
  }
  return emitWebhookEvents(db, projectId, events);
}

/** Queues the test event for one endpoint, subscribed or not. */
export function enqueueTestEvent(db: DbOrTx, endpoint: repo.EndpointRow) {
  const payload: repo.WebhookPayload = {
    endpoint_id: endpoint.id,
    message_id: newMessageId(),
    type: WEBHOOK_TEST_EVENT,
    timestamp: new Date().toISOString(),
    data: { project_id: endpoint.project_id, endpoint_id: endpoint.id },
    test: true,
  };
  return enqueueMany(db, [
    { kind: repo.WEBHOOK_KIND, projectId: endpoint.project_id, payload: { ...payload } },
  ]);
}

/** Queues a delivery again, the same message (id and body) for the same endpoint. */
export function enqueueReplay(db: DbOrTx, delivery: OutboxRow) {
  return enqueueMany(db, [
    { kind: repo.WEBHOOK_KIND, projectId: delivery.project_id, payload: delivery.payload },
  ]);
}

/** The secrets that sign now: the current one, and the previous one until it expires. */
export function signingSecrets(endpoint: repo.EndpointRow, now = new Date()): string[] {
  const previous =
    endpoint.previous_secret &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at > now
      ? [endpoint.previous_secret]
      : [];
  return [endpoint.secret, ...previous];
}

/** The Standard Webhooks headers: one signature per secret that signs, space-separated. */
export function signedHeaders(secrets: readonly string[], messageId: string, at: Date, body: string) {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' '),
  };
}

/**
 * The outbox kind `webhook`: POSTs the event, signed at the time of each attempt, and keeps
 * the endpoint's count of failures in a row. When the retries run out the endpoint is turned
 * off, with the last error as the reason.
 */
export function webhookKind(db: Db, config: WebhookConfig): OutboxKind {
  return {
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    send: async (row) => {
      const p = row.payload as unknown as repo.WebhookPayload;
      const endpoint = await repo.findEndpoint(db, p.endpoint_id);
      if (!endpoint) throw new SendError('the endpoint was deleted', { giveUp: true });
      if (!endpoint.enabled && !p.test) throw new SendError('the endpoint is disabled', { giveUp: true });
      const body = JSON.stringify({ type: p.type, timestamp: p.timestamp, data: p.data });
      const headers = signedHeaders(signingSecrets(endpoint), p.message_id, new Date(), body);
      let code: number;
      try {
        code = await postWebhook(endpoint.url, headers, body, config.allowPrivate);
      } catch (err) {
        if (!p.test) await repo.recordFailure(db, endpoint.id);
        throw new SendError(err instanceof Error ? err.message : String(err), { giveUp: p.test });
      }
      if (code < 200 || code > 299) {
        if (!p.test) await repo.recordFailure(db, endpoint.id);
        throw new SendError(`the receiver answered ${code}`, { responseCode: code, giveUp: p.test });
      }
      if (!p.test) await repo.recordSuccess(db, endpoint.id);
      return { responseCode: code };
    },
    onExhausted: async (row, error) => {
      const p = row.payload as unknown as repo.WebhookPayload;
      await repo.disableForFailure(db, p.endpoint_id, error);
    },
  };
}

export function toEndpoint(
  row: repo.EndpointRow,
  last?: Omit<NonNullable<WebhookEndpoint['last_delivery']>, 'at'> & { at: Date },
): WebhookEndpoint {
  return {
    id: row.id,
    project_id: row.project_id,
    url: row.url,
    events: row.events,
    personal_data: row.personal_data,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    failure_count: row.failure_count,
    first_failure_at: row.first_failure_at?.toISOString() ?? null,
    previous_secret_expires_at:
      row.previous_secret_expires_at && row.previous_secret_expires_at > new Date()
        ? row.previous_secret_expires_at.toISOString()
        : null,
    last_delivery: last
      ? { status: last.status, at: last.at.toISOString(), response_code: last.response_code }
      : null,
    created_at: row.created_at.toISOString(),
  };
}
