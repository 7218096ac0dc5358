import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Apartment, Hold } from '@planvy/shared';
import { apartmentStatusChanges, auditLog, holds, interestEntries, outbox } from '../../db/schema';
import { openEventStream, type EventStream } from '../../../test/event-stream';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-server';
import { seedProjectWorld, type ProjectWorld } from '../projects/project-fixtures';
import { activeHoldsForEmail } from './repository';

/**
 * Holds (ADR 035) through the API, with the outbox drained by hand, mail read from a real
 * SMTP server and webhooks from a real receiver. Time moves by writing expires_at (and the
 * outbox rows' due_at) into the past; no sleeps. Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
let w: ProjectWorld;
let smtp: TestSmtp;
let base: string;
let receiver: http.Server;
let receiverUrl: string;
const hooks: { type: string; data: Record<string, unknown> }[] = [];
const streams: EventStream[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push(JSON.parse(Buffer.concat(chunks).toString()) as (typeof hooks)[number]);
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'Planvy <planvy@example.com>', dir: '/nonexistent' },
    webhooks: { allowPrivate: true },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of streams.splice(0)) s.close();
  await t?.close();
  await smtp?.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  for (const s of streams.splice(0)) s.close();
  await t.reset();
  w = await seedProjectWorld(t);
  smtp.received.length = 0;
  hooks.length = 0;
});

const DAY = 86_400_000;
const url = (projectId = w.projectA.id) => `/api/v1/holds/${projectId}`;
const apartment = (fields: { status?: string; bostad?: string } = {}) =>
  arrangeFor(t, w.admin.token).apartment(w.projectA.id, {
    bostad: 'A1',
    status: 'sale',
    price: 100,
    ...fields,
  });
const place = (apartmentId: number, body: Record<string, unknown> = {}, token = w.broker.token) =>
  t.as(token, {
    method: 'POST',
    url: url(),
    payload: { apartment_id: apartmentId, name: 'Kim Köpare', email: 'kim@example.com', ...body },
  });
const placed = async (apartmentId: number, body: Record<string, unknown> = {}) => {
  const res = await place(apartmentId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ hold: Hold }>().hold;
};
const statusOf = async (id: number) =>
  (await t.as(w.admin.token, { method: 'GET', url: `/api/v1/admin/apartment/${id}` })).json<{
    apartment: Apartment;
  }>().apartment.status;
const publicStatusOf = async (id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${w.projectA.id}` });
  return res.json<{ apartments: { id: number; status: string }[] }>().apartments.find((a) => a.id === id)
    ?.status;
};
/** Moves the hold's expiry to `ms` ago (ahead, if negative), and the outbox rows written for it by as much. */
async function runOut(holdId: number, ms = 1000) {
  const [row] = await t.db.select().from(holds).where(eq(holds.id, holdId));
  const expires = new Date(Date.now() - ms);
  const shift = (row!.expires_at.getTime() - expires.getTime()) / 1000;
  await t.db.update(holds).set({ expires_at: expires }).where(eq(holds.id, holdId));
  await t.db
    .update(outbox)
    .set({
      due_at: sql`${outbox.due_at} - make_interval(secs => ${shift})`,
      payload: sql`jsonb_set(${outbox.payload}, '{expires_at}', to_jsonb(${expires.toISOString()}::text))`,
    })
    .where(and(eq(outbox.kind, 'hold_due'), sql`(${outbox.payload}->>'hold_id')::int = ${holdId}`));
}
const subjects = () =>
  smtp.received.map((m) => `${m.to && !Array.isArray(m.to) ? m.to.text : ''}: ${m.subject}`).sort();

describe('placing a hold', () => {
  it('reserves the apartment for 7 days, with history, the public status, mails and the expiry scheduled', async () => {
    const a = await apartment();
    const hold = await placed(a.id, { phone: '070-1234567' });
    expect(hold).toMatchObject({
      apartment_id: a.id,
      bostad: 'A1',
      kind: 'reservation',
      set_status: 'preorder',
      previous_status: 'sale',
      extensions: 0,
      ended_at: null,
      placed_by: { id: w.broker.id },
    });
    const length = Date.parse(hold.expires_at) - Date.parse(hold.placed_at);
    expect(length).toBe(7 * DAY);
    expect(await statusOf(a.id)).toBe('preorder');
    expect(await publicStatusOf(a.id)).toBe('preorder');
    const history = await t.db
      .select()
      .from(apartmentStatusChanges)
      .where(eq(apartmentStatusChanges.apartment_id, a.id));
    expect(history.map((h) => [h.from_status, h.to_status, h.user_id])).toContainEqual([
      'sale',
      'preorder',
      w.broker.id,
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity_type, 'hold'));
    expect(audit).toMatchObject([
      { action: 'create', entity_id: String(hold.id), project_id: w.projectA.id },
    ]);

    await t.app.outbox.drain();
    await smtp.waitFor(2);
    expect(subjects()).toEqual([
      `${w.broker.email}: Ny reservation: A1, Alpha`,
      expect.stringMatching(/^kim@example.com: A1, Alpha är reserverad åt dig till \d+ \w+ 2026/),
    ]);
    // The expiry and both reminders wait for their time.
    const due = await t.db.select().from(outbox).where(eq(outbox.kind, 'hold_due'));
    expect(due.map((r) => (r.payload as { event: string }).event).sort()).toEqual([
      'expire',
      'remind',
      'remind',
    ]);
    expect(due.every((r) => r.status === 'pending')).toBe(true);
    expect(await activeHoldsForEmail(t.db, w.projectA.id, 'KIM@example.com')).toMatchObject([
      { apartment_id: a.id, bostad: 'A1', expires_at: new Date(hold.expires_at) },
    ]);
  });

  it('is for a person of the interest list when it names their live entry, and refuses any other entry', async () => {
    const a = await arrangeFor(t, w.admin.token).apartment(w.projectA.id, { bostad: 'I1', status: 'sale' });
    const entry = (projectId: number, status: 'confirmed' | 'withdrawn') =>
      t.db
        .insert(interestEntries)
        .values({ project_id: projectId, name: 'Ida', email: 'ida@example.com', source: 'widget', status })
        .returning()
        .then(([row]) => row!.id);
    const [mine, ended, foreign] = [
      await entry(w.projectA.id, 'confirmed'),
      await entry(w.projectA.id, 'withdrawn'),
      await entry(w.projectB.id, 'confirmed'),
    ];
    for (const id of [ended, foreign]) {
      const refused = await place(a.id, { interest_id: id });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toHaveProperty('interest_id');
    }
    expect(await t.db.select().from(holds)).toEqual([]);
    const hold = await placed(a.id, { name: 'Ida', email: 'ida@example.com', interest_id: mine });
    expect(hold.interest_id).toBe(mine);
  });

  it("takes the project's reservation_days, a length within 1–28, and books with Bokad", async () => {
    const set = await t.as(w.admin.token, {
      method: 'POST',
      url: `/api/v1/admin/settings/${w.projectA.id}`,
      payload: { name: 'reservation_days', value: 3 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const a = await apartment();
    const b = await apartment({ bostad: 'B1' });
    const c = await apartment({ bostad: 'C1' });
    const hold = await placed(a.id);
    expect(Date.parse(hold.expires_at) - Date.parse(hold.placed_at)).toBe(3 * DAY);
    const tooLong = await place(b.id, { days: 29 });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({
      errors: { days: [expect.stringContaining('28')] },
      status_code: 422,
    });
    const booking = await placed(b.id, { kind: 'booking', days: 60 });
    expect(booking).toMatchObject({ set_status: 'reserved' });
    expect(await statusOf(b.id)).toBe('reserved');
    expect((await place(c.id, { email: 'not an address' })).statusCode).toBe(422);
    expect(await statusOf(c.id)).toBe('sale');
  });

  it('refuses a second hold with a clear 409 and changes nothing', async () => {
    const a = await apartment();
    await placed(a.id);
    const again = await place(a.id, { email: 'other@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'The apartment is already reserved for someone else',
      status_code: 409,
    });
    expect(await t.db.select().from(holds)).toHaveLength(1);
  });

  it('lets exactly one of several concurrent requests win', async () => {
    const a = await apartment();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => place(a.id, { email: `buyer${i}@example.com` })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ message: 'The apartment is already reserved for someone else' });
    }
    expect(await t.db.select().from(holds)).toHaveLength(1);
    const history = await t.db
      .select()
      .from(apartmentStatusChanges)
      .where(eq(apartmentStatusChanges.to_status, 'preorder'));
    expect(history).toHaveLength(1);
  });

  it('cannot hold two active holds of one apartment in the database itself (the unique index)', async () => {
    const a = await apartment();
    const hold = await placed(a.id);
    const [row] = await t.db.select().from(holds).where(eq(holds.id, hold.id));
    const { id: _id, ...copy } = row!;
    await expect(t.db.insert(holds).values({ ...copy, email: 'sneaky@example.com' })).rejects.toThrow();
    await t.db
      .update(holds)
      .set({ ended_at: sql`now()`, end_reason: 'released' })
      .where(eq(holds.id, hold.id));
    await t.db.insert(holds).values({ ...copy, email: 'next@example.com' });
  });

  it('refuses an apartment that cannot be had', async () => {
    const a = await apartment({ status: 'leased' });
    const res = await place(a.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'apartmentNotAvailable' });
  });

  it("keeps clients and brokers to their own projects (another's is 404) and extensions to brokers and admins", async () => {
    const other = await arrangeFor(t, w.admin.token).apartment(w.projectB.id, {
      bostad: 'X',
      status: 'sale',
    });
    const foreign = await t.as(w.broker.token, {
      method: 'POST',
      url: url(w.projectB.id),
      payload: { apartment_id: other.id, name: 'A', email: 'a@example.com' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.as(w.clientA.token, { method: 'GET', url: url(w.projectB.id) })).statusCode).toBe(404);
    // An apartment of another project named in one's own project's path.
    const smuggled = await place(other.id);
    expect(smuggled.statusCode).toBe(422);
    expect(await t.db.select().from(holds)).toHaveLength(0);

    const a = await apartment();
    const hold = await placed(a.id);
    const byClient = await t.as(w.clientA.token, {
      method: 'POST',
      url: `${url()}/${hold.id}/extend`,
      payload: { days: 1 },
    });
    expect(byClient.statusCode).toBe(403);
    expect(byClient.json()).toMatchObject({ code: 'holdExtendBrokers' });
    expect(
      (await t.as(w.clientA.token, { method: 'GET', url: url() })).json<{ holds: Hold[] }>().holds,
    ).toHaveLength(1);
  });
});

describe('a hold that runs out', () => {
  it('reads as ended everywhere before the timer runs', async () => {
    // Ids that differ between holds and apartments, and a hold that stays, beside the lapsed one.
    const kept = await apartment({ bostad: 'K1' });
    await apartment({ bostad: 'K2' });
    const a = await apartment();
    await placed(kept.id, { email: 'kept@example.com' });
    const hold = await placed(a.id);
    await runOut(hold.id);
    // No drain: the loop is down.
    expect(await statusOf(a.id)).toBe('sale');
    expect(await publicStatusOf(a.id)).toBe('sale');
    expect(await statusOf(kept.id)).toBe('preorder');
    expect(await publicStatusOf(kept.id)).toBe('preorder');
    const list = await t.as(w.admin.token, {
      method: 'GET',
      url: `/api/v1/admin/apartments/${w.projectA.id}`,
    });
    expect(list.json<{ apartments: Apartment[] }>().apartments.map((x) => [x.bostad, x.status])).toEqual([
      ['K1', 'preorder'],
      ['K2', 'sale'],
      ['A1', 'sale'],
    ]);
    expect(
      (await t.as(w.broker.token, { method: 'GET', url: url() }))
        .json<{ holds: Hold[] }>()
        .holds.map((h) => h.bostad),
    ).toEqual(['K1']);
    expect(await activeHoldsForEmail(t.db, w.projectA.id, 'kim@example.com')).toEqual([]);
    const extend = await t.as(w.broker.token, {
      method: 'POST',
      url: `${url()}/${hold.id}/extend`,
      payload: { days: 1 },
    });
    expect(extend.statusCode).toBe(409);
    // And the apartment can be reserved again at once.
    const next = await placed(a.id, { email: 'next@example.com' });
    expect(next.previous_status).toBe('sale');
    const [first] = await t.db.select().from(holds).where(eq(holds.id, hold.id));
    expect(first).toMatchObject({ end_reason: 'expired' });
  });

  it('is ended by the timer: status restored in one transaction, live, with webhook and mails', async () => {
    await t.as(w.admin.token, {
      method: 'POST',
      url: `/api/v1/webhooks/${w.projectA.id}`,
      payload: { url: receiverUrl, events: ['hold.placed', 'hold.expired'] },
    });
    const a = await apartment();
    const hold = await placed(a.id);
    await t.app.outbox.drain();
    await smtp.waitFor(2);
    expect(hooks.map((h) => h.type)).toEqual(['hold.placed']);
    expect(hooks[0]!.data).not.toHaveProperty('person');

    const live = await openEventStream(`${base}/api/v1/public/view/${w.projectA.id}/events`);
    streams.push(live);
    await live.next();
    await runOut(hold.id);
    await t.app.outbox.drain();
    const event = await live.nextOf('apartments');
    expect(event.data).toMatchObject({ apartments: [{ id: a.id, status: 'sale' }] });
    const [ended] = await t.db.select().from(holds).where(eq(holds.id, hold.id));
    expect(ended).toMatchObject({ end_reason: 'expired' });
    expect(ended!.ended_at).toEqual(ended!.expires_at);
    const history = await t.db
      .select()
      .from(apartmentStatusChanges)
      .where(eq(apartmentStatusChanges.apartment_id, a.id));
    expect(history.map((h) => [h.from_status, h.to_status, h.user_id])).toContainEqual([
      'preorder',
      'sale',
      null,
    ]);
    expect(hooks.map((h) => h.type)).toEqual(['hold.placed', 'hold.expired']);
    expect(hooks[1]!.data).toMatchObject({
      hold: { id: hold.id, apartment: { id: a.id }, previous_status: 'sale' },
    });
    await smtp.waitFor(4);
    expect(subjects()).toContain('kim@example.com: Din reservation av A1, Alpha har upphört');
    expect(subjects()).toContain(`${w.broker.email}: En reservation har upphört: A1, Alpha`);
    expect(await t.app.outbox.drain()).toBe(0);
  });

  it('leaves a status someone changed by hand since, and still ends the hold', async () => {
    const a = await apartment();
    const hold = await placed(a.id);
    const res = await t.as(w.admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/apartment/${a.id}`,
      payload: { status: 'leased' },
    });
    expect(res.statusCode).toBe(200);
    await runOut(hold.id);
    expect(await statusOf(a.id)).toBe('leased');
    await t.app.outbox.drain();
    expect(await statusOf(a.id)).toBe('leased');
    const [ended] = await t.db.select().from(holds).where(eq(holds.id, hold.id));
    expect(ended).toMatchObject({ end_reason: 'expired' });
  });

  it('sends the reminders at T−48 h and T−2 h to buyer and broker, not after an extension moved the expiry', async () => {
    const a = await apartment();
    const hold = await placed(a.id, { language: 'en' });
    await t.app.outbox.drain();
    await smtp.waitFor(2);
    smtp.received.length = 0;
    // 47 hours before the expiry: the T−48 h reminder is due, the T−2 h one not yet.
    await runOut(hold.id, -47 * 3_600_000);
    await t.app.outbox.drain();
    await smtp.waitFor(2);
    expect(subjects()).toEqual([
      `${w.broker.email}: A reservation ends soon: A1, Alpha`,
      expect.stringMatching(/^kim@example.com: Your reservation of A1, Alpha ends /),
    ]);
    const ext = await t.as(w.broker.token, {
      method: 'POST',
      url: `${url()}/${hold.id}/extend`,
      payload: { days: 2 },
    });
    expect(ext.statusCode, ext.body).toBe(200);
    // The old T−2 h row falls due: the expiry has moved, so it sends nothing.
    await t.db
      .update(outbox)
      .set({ due_at: sql`now()` })
      .where(
        and(
          eq(outbox.kind, 'hold_due'),
          sql`${outbox.payload}->>'expires_at' <> ${ext.json<{ hold: Hold }>().hold.expires_at}`,
        ),
      );
    await t.app.outbox.drain();
    expect(smtp.received).toHaveLength(2);
    expect(await statusOf(a.id)).toBe('preorder');
  });
});

describe('extend, release and convert', () => {
  it('extends within 28 days from placing, counted and in the audit log', async () => {
    const a = await apartment();
    const hold = await placed(a.id);
    const extend = (days: number) =>
      t.as(w.broker.token, { method: 'POST', url: `${url()}/${hold.id}/extend`, payload: { days } });
    const first = await extend(14);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ hold: Hold }>().hold).toMatchObject({ extensions: 1 });
    expect(Date.parse(first.json<{ hold: Hold }>().hold.expires_at) - Date.parse(hold.placed_at)).toBe(
      21 * DAY,
    );
    const over = await extend(8);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ errors: { days: [expect.stringContaining('28')] } });
    const last = await extend(7);
    expect(last.json<{ hold: Hold }>().hold).toMatchObject({
      extensions: 2,
      expires_at: hold.max_expires_at,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_type, 'hold'), eq(auditLog.action, 'extend')))
      .orderBy(auditLog.id);
    expect(audit.map((e) => e.detail)).toEqual([
      expect.objectContaining({ days: 14, extensions: 1 }),
      expect.objectContaining({ days: 7, extensions: 2 }),
    ]);
  });

  it('releases: ends now, restores the status and tells the buyer', async () => {
    const a = await apartment();
    const hold = await placed(a.id);
    const res = await t.as(w.clientA.token, { method: 'POST', url: `${url()}/${hold.id}/release` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ hold: Hold }>().hold).toMatchObject({ end_reason: 'released' });
    expect(await statusOf(a.id)).toBe('sale');
    expect(
      (await t.as(w.clientA.token, { method: 'POST', url: `${url()}/${hold.id}/release` })).statusCode,
    ).toBe(409);
    await t.app.outbox.drain();
    await smtp.waitFor(4);
    expect(subjects()).toContain('kim@example.com: Din reservation av A1, Alpha har upphört');
  });

  it('converts: ends the hold and the apartment is leased (rental), not restored by the timer', async () => {
    const a = await apartment();
    const hold = await placed(a.id);
    const res = await t.as(w.broker.token, { method: 'POST', url: `${url()}/${hold.id}/convert` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ hold: Hold }>().hold).toMatchObject({ end_reason: 'converted' });
    expect(await statusOf(a.id)).toBe('leased');
    await runOut(hold.id);
    await t.app.outbox.drain();
    expect(await statusOf(a.id)).toBe('leased');
    const wrongProject = await t.as(w.admin.token, {
      method: 'POST',
      url: `${url(w.projectB.id)}/${hold.id}/release`,
    });
    expect(wrongProject.statusCode).toBe(404);
  });
});
