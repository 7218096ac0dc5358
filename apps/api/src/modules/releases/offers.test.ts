import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReleaseConsole, ReleaseOffer } from '@planvy/shared';
import {
  apartments,
  apartmentStatusChanges,
  auditLog,
  holds,
  outbox,
  releaseOffers,
  releases,
  webhookEndpoints,
} from '../../db/schema';
import { openEventStream, type EventStream } from '../../../test/event-stream';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-server';
import { seedProjectWorld, type ProjectWorld } from '../projects/project-fixtures';
import { arrangeRelease, type ArrangedRelease } from './offer-fixtures';
import { flipPublic, startOffers } from './offers';

/**
 * Offers, the public flip and first-come checkout holds (ADR 042) through the API, on PGlite
 * and PostgreSQL. Releases and their approved runs are written straight into the database
 * (offer-fixtures.ts); time moves by writing deadlines into the past and draining the outbox.
 */
let t: TestApp;
let w: ProjectWorld;
let smtp: TestSmtp;
let base: string;
const streams: EventStream[] = [];
const DAY = 86_400_000;
const cfg = () => ({ dayMs: DAY, appUrl: t.app.config.appUrl });

beforeAll(async () => {
  smtp = await startTestSmtp();
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
});
beforeEach(async () => {
  for (const s of streams.splice(0)) s.close();
  await t.reset();
  w = await seedProjectWorld(t);
  smtp.received.length = 0;
});

const arrange = (opts: Omit<Parameters<typeof arrangeRelease>[1], 'projectId'>) =>
  arrangeRelease(t.db, { projectId: w.projectA.id, ...opts });
const start = (r: ArrangedRelease) => t.db.transaction((tx) => startOffers(tx, r.releaseId, cfg()));
const flip = (r: ArrangedRelease) => t.db.transaction((tx) => flipPublic(tx, r.releaseId));
const consoleOf = async (r: ArrangedRelease, token = w.broker.token, context = 'client') => {
  const res = await t.as(token, { method: 'GET', url: `/api/v1/${context}/releases/${r.releaseId}/console` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReleaseConsole>();
};
const answer = (r: ArrangedRelease, offerId: number, op: 'accept' | 'decline', token = w.broker.token) =>
  t.as(token, { method: 'POST', url: `/api/v1/client/releases/${r.releaseId}/offers/${offerId}/${op}` });
const offersBy = async (r: ArrangedRelease) =>
  (await t.db.select().from(releaseOffers).where(eq(releaseOffers.release_id, r.releaseId))).map((o) => ({
    person: r.people.findIndex((p) => p.id === o.entry_id) + 1,
    home: r.homes.find((h) => h.id === o.apartment_id)!.bostad,
    state: o.state,
  }));
const statusOf = async (id: number) =>
  (await t.db.select({ s: apartments.status }).from(apartments).where(eq(apartments.id, id)))[0]!.s;
const pendingOf = async (r: ArrangedRelease, person: number) =>
  (
    await t.db
      .select()
      .from(releaseOffers)
      .where(
        and(
          eq(releaseOffers.release_id, r.releaseId),
          eq(releaseOffers.entry_id, r.people[person - 1]!.id),
          eq(releaseOffers.state, 'pending'),
        ),
      )
  )[0]!;

describe('offers', () => {
  it('offers each allocated person their home, with a deadline, a mail with the Min sida link, a timer and a webhook', async () => {
    const [plain, personal] = await t.db
      .insert(webhookEndpoints)
      .values(
        [false, true].map((p) => ({
          project_id: w.projectA.id,
          url: 'http://127.0.0.1:9/hook',
          events: ['release.offer_made'],
          personal_data: p,
          secret: 'whsec_test',
        })),
      )
      .returning();
    const r = await arrange({ homes: 2, people: [{ wishes: [0, 1] }, { wishes: [0, 1] }, { wishes: [0] }] });
    expect(await start(r)).toBe(2);
    expect(await start(r)).toBe(0);
    expect(await offersBy(r)).toEqual([
      { person: 1, home: 'R1', state: 'pending' },
      { person: 2, home: 'R2', state: 'pending' },
    ]);
    const [offer] = await t.db
      .select()
      .from(releaseOffers)
      .where(eq(releaseOffers.entry_id, r.people[0]!.id));
    expect(offer!.expires_at.getTime() - offer!.offered_at.getTime()).toBe(2 * DAY);
    const due = await t.db.select().from(outbox).where(eq(outbox.kind, 'offer_due'));
    expect(due).toHaveLength(2);
    const hooks = await t.db.select().from(outbox).where(eq(outbox.kind, 'webhook'));
    const data = (id: number) =>
      hooks
        .map((h) => h.payload as { endpoint_id: number; data: Record<string, unknown> })
        .filter((h) => h.endpoint_id === id)
        .map((h) => h.data);
    expect(data(plain!.id)).toHaveLength(2);
    expect(data(plain!.id)[0]).not.toHaveProperty('person');
    expect(data(personal!.id)[0]).toMatchObject({ person: { email: 'person1@example.com' } });
    await t.db.delete(webhookEndpoints);
    await t.db.delete(outbox).where(eq(outbox.kind, 'webhook'));

    await t.app.outbox.drain();
    const mails = await smtp.waitFor(2);
    const mail = mails.find((m) => m.subject?.includes('R1'))!;
    expect(mail.subject).toMatch(/^Du erbjuds R1 i Alpha: svara senast \d+ \w+ 2026/);
    const link = /http\S+\/interest\/my\?token=([\w%-]+)#offers/.exec(mail.text ?? '');
    expect(link).not.toBeNull();

    // Min sida shows the offer with its buttons; accepting there reserves the home.
    const token = decodeURIComponent(link![1]!);
    const page = await t.app.inject({
      method: 'GET',
      url: `/interest/my?token=${encodeURIComponent(token)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`data-offer="${offer!.id}"`);
    expect(page.body).toContain('Tacka ja till R1');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/interest/my/offer',
      payload: { token, offer_id: String(offer!.id), op: 'accept' },
    });
    expect(accepted.statusCode).toBe(303);
    expect(await statusOf(r.homes[0]!.id)).toBe('preorder');
    const after = await t.app.inject({
      method: 'GET',
      url: `/interest/my?token=${encodeURIComponent(token)}`,
    });
    expect(after.body).toContain('du tackade ja');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity_type, 'release_offer'));
    expect(audit).toMatchObject([{ action: 'accept', actor_id: null, entity_id: String(offer!.id) }]);
  });

  it('accepting for a buyer on the phone reserves the home for them; a second answer is a clear 409', async () => {
    const r = await arrange({ homes: 1, people: [{ wishes: [0] }] });
    await start(r);
    const offer = await pendingOf(r, 1);
    const res = await answer(r, offer.id, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<{ offer: ReleaseOffer }>().offer;
    expect(out).toMatchObject({
      state: 'accepted',
      responded_by: { id: w.broker.id },
      queue_place: 1,
      rank: 1,
    });
    const [hold] = await t.db.select().from(holds).where(eq(holds.id, out.hold_id!));
    expect(hold).toMatchObject({
      kind: 'reservation',
      interest_id: r.people[0]!.id,
      email: 'person1@example.com',
      previous_status: 'upcoming',
      set_status: 'preorder',
      placed_by: w.broker.id,
    });
    expect(await statusOf(r.homes[0]!.id)).toBe('preorder');
    const again = await answer(r, offer.id, 'decline');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'The offer has already been answered or has run out' });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity_type, 'release_offer'));
    expect(audit).toMatchObject([{ action: 'accept', actor_id: w.broker.id, entity_id: String(offer.id) }]);
  });

  it('passes a declined home at once to the next unserved person who wished it, skipping who is served or refused it', async () => {
    // Person 1 gets R1, person 2 R2; 3 wished R1 only, 4 wished R1 and R2.
    const r = await arrange({
      homes: 2,
      people: [{ wishes: [0] }, { wishes: [1, 0] }, { wishes: [0] }, { wishes: [1, 0] }],
    });
    await start(r);
    expect((await answer(r, (await pendingOf(r, 1)).id, 'decline')).statusCode).toBe(200);
    // Person 2 has a live offer (R2): skipped; person 3 is next for R1.
    expect(await offersBy(r)).toContainEqual({ person: 3, home: 'R1', state: 'pending' });
    await t.app.outbox.drain();
    await smtp.waitFor(3);
    expect(smtp.received.map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Du erbjuds R1/));
    // Person 3 declines too: 1 and 3 refused R1, 2 is busy, so 4.
    await answer(r, (await pendingOf(r, 3)).id, 'decline');
    expect(await offersBy(r)).toContainEqual({ person: 4, home: 'R1', state: 'pending' });
    // Person 4 declines: nobody is left, the home waits for the flip.
    await answer(r, (await pendingOf(r, 4)).id, 'decline');
    const c = await consoleOf(r);
    expect(c.counters.offers).toMatchObject({ pending: 1, declined: 3 });
    expect(c.apartments.find((a) => a.bostad === 'R1')).toMatchObject({
      offer_id: null,
      next: null,
      status: 'upcoming',
    });
    // R2 is offered to person 2; were it freed, person 4 (who declined R1 only) would be next.
    expect(c.apartments.find((a) => a.bostad === 'R2')!.next).toEqual({
      entry_id: r.people[3]!.id,
      queue_place: 4,
    });
  });

  it('gives one home per household: a member of a household with a home is passed over', async () => {
    const r = await arrange({
      homes: 2,
      people: [
        { wishes: [0], household: 'h' },
        { wishes: [1], household: 'x' },
        { wishes: [1], household: 'h' },
        { wishes: [1] },
      ],
    });
    await start(r);
    await answer(r, (await pendingOf(r, 2)).id, 'decline');
    expect(await offersBy(r)).toContainEqual({ person: 4, home: 'R2', state: 'pending' });
    expect((await offersBy(r)).filter((o) => o.person === 3)).toEqual([]);
  });

  it('expires an unanswered offer at its deadline by the timer and passes the home on; reads show it expired before', async () => {
    const r = await arrange({ homes: 1, people: [{ wishes: [0] }, { wishes: [0] }] });
    await start(r);
    const offer = await pendingOf(r, 1);
    await t.db
      .update(releaseOffers)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(releaseOffers.id, offer.id));
    await t.db
      .update(outbox)
      .set({ due_at: new Date(Date.now() - 1000) })
      .where(eq(outbox.kind, 'offer_due'));
    expect((await consoleOf(r)).offers.find((o) => o.id === offer.id)!.state).toBe('expired');
    expect((await answer(r, offer.id, 'accept')).statusCode).toBe(409);
    await t.app.outbox.drain();
    expect(await offersBy(r)).toEqual([
      { person: 1, home: 'R1', state: 'expired' },
      { person: 2, home: 'R1', state: 'pending' },
    ]);
  });

  it('never gives a home twice when answers race', async () => {
    const r = await arrange({ homes: 2, people: [{ wishes: [0] }, { wishes: [1] }, { wishes: [0, 1] }] });
    await start(r);
    const o1 = await pendingOf(r, 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => answer(r, o1.id, i % 2 ? 'accept' : 'decline')),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await t.db.select().from(releaseOffers).where(eq(releaseOffers.id, o1.id)))[0]!.state).not.toBe(
      'pending',
    );
  });

  it('offers one person one home when two homes they wished are freed at once', async () => {
    const r = await arrange({ homes: 2, people: [{ wishes: [0] }, { wishes: [1] }, { wishes: [0, 1] }] });
    await start(r);
    const both = await Promise.all([
      answer(r, (await pendingOf(r, 1)).id, 'decline'),
      answer(r, (await pendingOf(r, 2)).id, 'decline'),
    ]);
    expect(both.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await offersBy(r)).filter((o) => o.person === 3 && o.state === 'pending')).toHaveLength(1);
  });

  it('keeps scope: another client is 404, a broker works their own project', async () => {
    const r = await arrange({ homes: 1, people: [{ wishes: [0] }] });
    await start(r);
    const res = await t.as(w.clientB.token, {
      method: 'GET',
      url: `/api/v1/client/releases/${r.releaseId}/console`,
    });
    expect(res.statusCode).toBe(404);
    const offer = await pendingOf(r, 1);
    expect((await answer(r, offer.id, 'accept', w.clientB.token)).statusCode).toBe(404);
    expect((await consoleOf(r, w.clientA.token)).offers).toHaveLength(1);
    const csv = await t.as(w.clientA.token, {
      method: 'GET',
      url: `/api/v1/client/releases/${r.releaseId}/console/export?lang=en`,
    });
    expect(csv.statusCode).toBe(200);
    const text = Buffer.from(csv.rawPayload).subarray(2).toString('utf16le');
    expect(text.split('\r\n')[0]).toMatch(/^Home\tStatus\tOffer\tName/);
    expect(text).toContain('R1\tupcoming\tpending\tPerson 1\tperson1@example.com\t1\t1');
  });
});

describe('the public flip', () => {
  it('puts every home not held or offered on sale in one transaction, live, and is idempotent', async () => {
    const r = await arrange({ homes: 4, people: [{ wishes: [0] }, { wishes: [1] }] });
    await start(r);
    await answer(r, (await pendingOf(r, 1)).id, 'accept');
    const live = await openEventStream(`${base}/api/v1/public/view/${w.projectA.id}/events`);
    streams.push(live);
    await live.next();
    await t.db.update(releases).set({ state: 'public' }).where(eq(releases.id, r.releaseId));
    const changed = await flip(r);
    expect(changed.map((c) => c.bostad)).toEqual(['R3', 'R4']);
    const event = await live.nextOf('apartments');
    expect(event.data).toMatchObject({
      apartments: [
        { id: r.homes[2]!.id, status: 'sale' },
        { id: r.homes[3]!.id, status: 'sale' },
      ],
    });
    expect(await statusOf(r.homes[0]!.id)).toBe('preorder');
    expect(await statusOf(r.homes[1]!.id)).toBe('upcoming');
    expect(await flip(r)).toEqual([]);
    const history = await t.db
      .select()
      .from(apartmentStatusChanges)
      .where(eq(apartmentStatusChanges.to_status, 'sale'));
    expect(history).toHaveLength(2);
    // The accepted home's hold now restores "for sale" when it lapses.
    expect((await t.db.select().from(holds))[0]!.previous_status).toBe('sale');
    // The pending offer stood; declined after the flip, its home goes on sale at once.
    await answer(r, (await pendingOf(r, 2)).id, 'decline');
    expect(await statusOf(r.homes[1]!.id)).toBe('sale');
  });
});

describe('first-come checkout holds', () => {
  const ask = (r: ArrangedRelease, apartmentId: number, email: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/public/view/${w.projectA.id}/releases/${r.releaseId}/checkout`,
      payload: { apartment_id: apartmentId, email, language: 'en' },
    });
  const linkFor = async (r: ArrangedRelease, apartmentId: number, email: string) => {
    const n = smtp.received.length;
    expect((await ask(r, apartmentId, email)).statusCode).toBe(202);
    await t.app.outbox.drain();
    const mails = await smtp.waitFor(n + 1);
    const text = mails[mails.length - 1]!.text ?? '';
    return decodeURIComponent(/\/checkout\/confirm\?token=([\w%.-]+)/.exec(text)![1]!);
  };
  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/checkout/confirm', payload: { token } });

  it('reserves a home for 15 minutes after the buyer confirms their e-mail, once per link and address', async () => {
    const r = await arrange({ mode: 'first_come', state: 'public', status: 'sale', homes: 2, people: [] });
    // The widget's card asks which homes can be reserved this way now.
    const open = await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${w.projectA.id}/checkout` });
    expect(open.json()).toEqual({
      releases: [{ id: r.releaseId, checkout_minutes: 15, apartment_ids: r.homes.map((h) => h.id) }],
    });
    const token = await linkFor(r, r.homes[0]!.id, 'Buyer@Example.com');
    expect(smtp.received[0]!.subject).toBe('Reserve R1 in Alpha');
    const page = await t.app.inject({
      method: 'GET',
      url: `/checkout/confirm?token=${encodeURIComponent(token)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(await statusOf(r.homes[0]!.id)).toBe('sale');
    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('R1</strong> is reserved for you until');
    const [hold] = await t.db.select().from(holds);
    expect(hold).toMatchObject({
      kind: 'checkout',
      email: 'buyer@example.com',
      set_status: 'preorder',
      placed_by: null,
    });
    expect(hold!.expires_at.getTime() - hold!.placed_at.getTime()).toBe(15 * 60_000);
    expect(await statusOf(r.homes[0]!.id)).toBe('preorder');
    expect((await confirm(token)).statusCode).toBe(410);
    // The same address takes no second home of the release while the first is held.
    const second = await linkFor(r, r.homes[1]!.id, 'buyer@example.com');
    expect((await confirm(second)).statusCode).toBe(409);
    expect(await t.db.select().from(holds)).toHaveLength(1);
    // Held: a request for it is a clear 409.
    const taken = await ask(r, r.homes[0]!.id, 'other@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'The apartment is already reserved for someone else' });
    // It lapses back by the holds' own expiry.
    await t.db.update(holds).set({ expires_at: new Date(Date.now() - 1000) });
    await t.db
      .update(outbox)
      .set({ due_at: new Date(Date.now() - 1000) })
      .where(eq(outbox.kind, 'hold_due'));
    await t.app.outbox.drain();
    expect(await statusOf(r.homes[0]!.id)).toBe('sale');
  });

  it('lets one of two buyers racing for a home win; the other gets a clear 409', async () => {
    const r = await arrange({ mode: 'first_come', state: 'public', status: 'sale', homes: 1, people: [] });
    const a = await linkFor(r, r.homes[0]!.id, 'a@example.com');
    const b = await linkFor(r, r.homes[0]!.id, 'b@example.com');
    const answers = await Promise.all([confirm(a), confirm(b)]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(holds)).toHaveLength(1);
  });

  it('is only for a public first-come release, and refuses a forged link', async () => {
    const queued = await arrange({ homes: 1, people: [{ wishes: [0] }], status: 'sale' });
    expect((await ask(queued, queued.homes[0]!.id, 'x@example.com')).statusCode).toBe(404);
    const r = await arrange({ mode: 'first_come', state: 'scheduled', status: 'sale', homes: 1, people: [] });
    expect((await ask(r, r.homes[0]!.id, 'x@example.com')).statusCode).toBe(404);
    await t.db.update(releases).set({ state: 'public' }).where(eq(releases.id, r.releaseId));
    const token = await linkFor(r, r.homes[0]!.id, 'x@example.com');
    const [body, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), e: 'y@example.com' })).toString('base64url')}.${mac}`;
    expect((await confirm(forged)).statusCode).toBe(410);
    expect(await t.db.select().from(holds)).toEqual([]);
  });
});
