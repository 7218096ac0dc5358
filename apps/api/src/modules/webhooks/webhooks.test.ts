import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@planvy/shared';
import { outbox, webhookEndpoints } from '../../db/schema';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';
import { seedProjectWorld, type ProjectWorld } from '../projects/project-fixtures';
import { isPublicAddress } from './address-guard';
import { emitWebhookEvents, WEBHOOK_RETRY_DELAYS_MS } from './webhooks';

/**
 * Signed webhooks (ADR 034) against a real HTTP receiver in this process that verifies each
 * request with standardwebhooks' Webhook.verify. Runs on PGlite and on PostgreSQL.
 */
interface Received {
  headers: Record<string, string>;
  body: string;
}
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** Status codes the receiver answers next (then 204). */
const answers: number[] = [];

let t: TestApp;
let w: ProjectWorld;
/** The same database, with private addresses refused (as in production). */
let strict: TestApp;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString(),
      });
      res.statusCode = answers.shift() ?? 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await createTestApp({ webhooks: { allowPrivate: true } });
  strict = await createTestApp({ webhooks: { allowPrivate: false } });
});
afterAll(async () => {
  await t?.close();
  await strict?.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  await t.reset();
  w = await seedProjectWorld(t);
  received.length = 0;
  answers.length = 0;
});

const base = () => `/api/v1/webhooks/${w.projectA.id}`;
async function addEndpoint(body: Record<string, unknown> = {}, on: TestApp = t) {
  const res = await on.as(w.admin.token, {
    method: 'POST',
    url: base(),
    payload: { url: receiverUrl, events: ['apartment.status_changed'], ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ endpoint: WebhookEndpoint; secret: string }>();
}
const apartment = (status = 'sale') =>
  arrangeFor(t, w.admin.token).apartment(w.projectA.id, { bostad: 'A1', status, price: 100 });
const setStatus = (ids: number[], status: string) =>
  t.as(w.admin.token, {
    method: 'POST',
    url: '/api/v2/apartments/update-status',
    payload: { projectId: w.projectA.id, apartments: ids, status },
  });
const deliveries = async () =>
  (await t.as(w.admin.token, { method: 'GET', url: `${base()}/deliveries` })).json<{
    deliveries: WebhookDelivery[];
  }>().deliveries;
const makeDue = () =>
  t.db
    .update(outbox)
    .set({ due_at: sql`now()` })
    .where(eq(outbox.status, 'pending'));
const verify = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers);

describe('events', () => {
  it('sends a status change once to each subscribed endpoint, signed, and nothing to the others', async () => {
    const a = await apartment();
    const one = await addEndpoint();
    const two = await addEndpoint();
    await addEndpoint({ events: ['apartment.price_changed'] });
    expect((await setStatus([a.id], 'reserved')).statusCode).toBe(200);
    expect(await t.app.outbox.drain()).toBe(2);
    expect(received).toHaveLength(2);
    const bySecret = [one.secret, two.secret].map((s) =>
      received.filter((r) => {
        try {
          verify(s, r);
          return true;
        } catch {
          return false;
        }
      }),
    );
    expect(bySecret.map((r) => r.length)).toEqual([1, 1]);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      type: 'apartment.status_changed',
      data: {
        project_id: w.projectA.id,
        apartment: { id: a.id, bostad: 'A1' },
        previous_status: 'sale',
        status: 'reserved',
      },
    });
    expect(received[0]!.headers['webhook-id']).toBe(received[1]!.headers['webhook-id']);
    // A tampered body does not verify.
    expect(() =>
      verify(one.secret, {
        ...bySecret[0]![0]!,
        body: bySecret[0]![0]!.body.replace('reserved', 'upcoming'),
      }),
    ).toThrow();
  });

  it('sends a price change from the apartment form, and a status change from the CSV import', async () => {
    const a = await apartment();
    const ep = await addEndpoint({ events: ['apartment.price_changed', 'apartment.status_changed'] });
    const put = await t.as(w.admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/apartment/${a.id}`,
      payload: { price: 250 },
    });
    expect(put.statusCode, put.body).toBe(200);
    await t.app.outbox.drain();
    expect(received.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      expect.objectContaining({
        type: 'apartment.price_changed',
        data: expect.objectContaining({ previous_price: 100, price: 250 }),
      }),
    ]);
    verify(ep.secret, received[0]!);
    received.length = 0;
    const csv = Buffer.from('Bostad;Status;Pris\nA1;upcoming;250\n', 'utf8');
    const imported = await t.as(w.admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${w.projectA.id}/import?apply=1`,
      payload: { csv_base64: csv.toString('base64') },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await t.app.outbox.drain();
    expect(received.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      expect.objectContaining({
        type: 'apartment.status_changed',
        data: expect.objectContaining({ previous_status: 'sale', status: 'upcoming' }),
      }),
    ]);
  });

  it('adds personal data only for endpoints that opted in', async () => {
    const plain = await addEndpoint({ events: ['interest.confirmed'] });
    const opted = await addEndpoint({ events: ['interest.confirmed'], personal_data: true });
    await t.db.transaction((tx) =>
      emitWebhookEvents(tx, w.projectA.id, [
        { type: 'interest.confirmed', data: { interest_id: 7 }, personal: { email: 'buyer@example.com' } },
      ]),
    );
    await t.app.outbox.drain();
    const bodyFor = (secret: string) =>
      received.flatMap((r) => {
        try {
          return [verify(secret, r)];
        } catch {
          return [];
        }
      });
    expect(bodyFor(plain.secret)).toEqual([expect.objectContaining({ data: { interest_id: 7 } })]);
    expect(bodyFor(opted.secret)).toEqual([
      expect.objectContaining({ data: { interest_id: 7, email: 'buyer@example.com' } }),
    ]);
  });

  it('emits nothing when the change rolls back', async () => {
    await addEndpoint();
    await expect(
      t.db.transaction(async (tx) => {
        await emitWebhookEvents(tx, w.projectA.id, [{ type: 'apartment.status_changed', data: {} }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(outbox)).toEqual([]);
    // A refused status change (stale version) emits nothing either.
    const a = await apartment();
    const stale = await t.as(w.admin.token, {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: {
        projectId: w.projectA.id,
        apartments: [a.id],
        status: 'reserved',
        versions: { [a.id]: 999 },
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(await t.app.outbox.drain()).toBe(0);
    expect(received).toEqual([]);
  });
});

describe('retries, disabling, rotation, test and replay', () => {
  it('retries a failed delivery and then succeeds; the log shows both attempts', async () => {
    const a = await apartment();
    await addEndpoint();
    answers.push(500);
    await setStatus([a.id], 'reserved');
    await t.app.outbox.drain();
    let [d] = await deliveries();
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_code: 500 });
    await makeDue();
    await t.app.outbox.drain();
    [d] = await deliveries();
    expect(d).toMatchObject({ status: 'sent', attempts: 2, response_code: 204 });
    expect(d!.history.map((h) => h.response_code)).toEqual([500, 204]);
    expect(received[0]!.headers['webhook-id']).toBe(received[1]!.headers['webhook-id']);
  });

  it('turns the endpoint off after the last attempt fails, says why, and sends it nothing more', async () => {
    const a = await apartment();
    const { endpoint } = await addEndpoint();
    for (let i = 0; i <= WEBHOOK_RETRY_DELAYS_MS.length; i++) answers.push(503);
    await setStatus([a.id], 'reserved');
    await t.app.outbox.drain();
    for (let i = 0; i < WEBHOOK_RETRY_DELAYS_MS.length; i++) {
      await makeDue();
      await t.app.outbox.drain();
    }
    expect(received).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
    const [d] = await deliveries();
    const attempts = WEBHOOK_RETRY_DELAYS_MS.length + 1;
    expect(d).toMatchObject({ status: 'failed', attempts });
    const [listed] = (await t.as(w.admin.token, { method: 'GET', url: base() })).json<{
      endpoints: WebhookEndpoint[];
    }>().endpoints;
    expect(listed).toMatchObject({
      id: endpoint.id,
      enabled: false,
      disabled_reason: 'the receiver answered 503',
      failure_count: attempts,
    });
    await setStatus([a.id], 'upcoming');
    expect(await t.app.outbox.drain()).toBe(0);
    // Replaying to a disabled endpoint is refused until it is enabled again.
    const replay = await t.as(w.admin.token, { method: 'POST', url: `${base()}/deliveries/${d!.id}/replay` });
    expect(replay.statusCode).toBe(409);
    const on = await t.as(w.admin.token, {
      method: 'PUT',
      url: `${base()}/${endpoint.id}`,
      payload: { enabled: true },
    });
    expect(on.json().endpoint).toMatchObject({ enabled: true, disabled_reason: null, failure_count: 0 });
    expect(
      (await t.as(w.admin.token, { method: 'POST', url: `${base()}/deliveries/${d!.id}/replay` })).statusCode,
    ).toBe(202);
    received.length = 0;
    await t.app.outbox.drain();
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['webhook-id']).toBe((await deliveries()).at(-1)!.message_id);
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const a = await apartment();
    const { endpoint, secret: old } = await addEndpoint();
    const rotated = await t.as(w.admin.token, {
      method: 'POST',
      url: `${base()}/${endpoint.id}/rotate-secret`,
    });
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(old);
    await setStatus([a.id], 'reserved');
    await t.app.outbox.drain();
    expect(received[0]!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    verify(secret, received[0]!);
    verify(old, received[0]!);
    // Past its expiry the old secret no longer signs.
    await t.db
      .update(webhookEndpoints)
      .set({ previous_secret_expires_at: sql`now() - interval '1 second'` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await setStatus([a.id], 'upcoming');
    await t.app.outbox.drain();
    verify(secret, received[1]!);
    expect(() => verify(old, received[1]!)).toThrow();
  });

  it('sends the test event to one endpoint, whatever it subscribes to', async () => {
    const { endpoint, secret } = await addEndpoint({ events: ['hold.placed'] });
    const res = await t.as(w.admin.token, { method: 'POST', url: `${base()}/${endpoint.id}/test` });
    expect(res.statusCode).toBe(202);
    await t.app.outbox.drain();
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test' });
    verify(secret, received[0]!);
    expect((await deliveries())[0]).toMatchObject({
      event: 'webhook.test',
      status: 'sent',
      response_code: 204,
    });
  });
});

describe('who may', () => {
  it('refuses clients and brokers: 403 on their own project, 404 on another', async () => {
    for (const user of [w.clientA, w.broker]) {
      expect((await t.as(user.token, { method: 'GET', url: base() })).statusCode).toBe(403);
      const post = await t.as(user.token, {
        method: 'POST',
        url: base(),
        payload: { url: receiverUrl, events: ['apartment.status_changed'] },
      });
      expect(post.statusCode).toBe(403);
    }
    expect((await t.as(w.clientB.token, { method: 'GET', url: base() })).statusCode).toBe(404);
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
  });
});

describe('addresses a webhook may not reach', () => {
  it('refuses loopback, private, link-local and unique-local addresses, and names resolving to them', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      'ff02::1',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.216.34', '2606:4700::1111', '1.1.1.1']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('does not deliver to such addresses without WEBHOOKS_ALLOW_PRIVATE, and refuses http', async () => {
    const admin = await strict.createUser('admin');
    const project = await arrangeFor(strict, admin.token).project({ name: 'S', type: 'sale' });
    const url = `/api/v1/webhooks/${project.id}`;
    const refused = await strict.as(admin.token, {
      method: 'POST',
      url,
      payload: { url: receiverUrl, events: ['apartment.status_changed'] },
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['url']);
    const port = (receiver.address() as AddressInfo).port;
    const urls = [
      `https://127.0.0.1:${port}/hook`,
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      `https://[::1]:${port}/hook`,
      `https://localhost:${port}/hook`,
    ];
    for (const u of urls) {
      const res = await strict.as(admin.token, {
        method: 'POST',
        url,
        payload: { url: u, events: ['apartment.status_changed'] },
      });
      expect(res.statusCode).toBe(201);
    }
    const a = await arrangeFor(strict, admin.token).apartment(project.id, { bostad: 'S1', status: 'sale' });
    const changed = await strict.as(admin.token, {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: { projectId: project.id, apartments: [a.id], status: 'reserved' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await strict.app.outbox.drain()).toBe(urls.length);
    expect(received).toEqual([]);
    const log = (await strict.as(admin.token, { method: 'GET', url: `${url}/deliveries` })).json<{
      deliveries: WebhookDelivery[];
    }>().deliveries;
    expect(log).toHaveLength(urls.length);
    for (const d of log) {
      expect(d.status).toBe('pending');
      expect(d.last_error).toMatch(/^refused: .* is a private, loopback or link-local address/);
    }
  });
});
