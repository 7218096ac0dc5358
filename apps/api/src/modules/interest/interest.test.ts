import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CURRENT_CONSENT,
  restoreFormula,
  type Apartment,
  type InterestEntry,
  type InterestMine,
  type InterestSubmit,
} from '@planvy/shared';
import { auditLog, interestConsents, interestEntries, outbox } from '../../db/schema';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-server';
import { DEFAULT_OUTBOX_OPTIONS } from '../outbox/loop';
import { seedProjectWorld, type ProjectWorld } from '../projects/project-fixtures';

/**
 * Interest registration (ADR 036) through real mail: a test SMTP server in this process
 * receives what the outbox sends. Time is moved by editing due times and timestamps in
 * the database, never by waiting. Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
let smtp: TestSmtp;
let w: ProjectWorld;
let flats: Apartment[];
const APP_URL = 'https://planvy.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'Planvy <planvy@example.com>', dir: '/nonexistent' },
    outbox: { ...DEFAULT_OUTBOX_OPTIONS, run: false },
    appUrl: APP_URL,
    interestLimits: { perIpHour: 6, perEmailHour: 3, perProjectHour: 8 },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
let nextIp = 0;
beforeEach(async () => {
  await t.reset();
  smtp.received.length = 0;
  w = await seedProjectWorld(t);
  const arrange = arrangeFor(t, w.admin.token);
  await arrange.settings(w.projectA.id, { interest_enabled: '1' });
  flats = [await arrange.apartment(w.projectA.id), await arrange.apartment(w.projectA.id)];
});

/** A form stamp shown `secondsAgo` ago (the minimum fill time is 3 s). */
const stamp = (projectId = w.projectA.id, secondsAgo = 10) =>
  t.app.interestForms.issue(projectId, Date.now() - secondsAgo * 1000);

function form(fields: Partial<InterestSubmit> = {}): InterestSubmit {
  return {
    name: 'Greta Köpare',
    email: 'Greta@Example.com',
    phone: '070-123 45 67',
    rooms: [3],
    max_price: 4_500_000,
    apartment_ids: [flats[1]!.id, flats[0]!.id],
    consents: {
      interest_list: true,
      interest_list_version: CURRENT_CONSENT.interest_list,
      newsletter: false,
    },
    form_token: stamp(),
    ...fields,
  };
}
const submit = (body: unknown, projectId = w.projectA.id, ip = `10.9.0.${++nextIp % 250}`) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/public/view/${projectId}/interest`,
    payload: body as object,
    remoteAddress: ip,
  });
const publicPost = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({ method, url: `/api/v1/public/interest${url}`, payload });

async function mails(count: number): Promise<ParsedMail[]> {
  await t.app.outbox.drain();
  expect(smtp.received).toHaveLength(count);
  return smtp.received.slice();
}
const linkIn = (mail: ParsedMail, path: string) => {
  const m = new RegExp(`https://planvy\\.example${path}\\?token=([\\w%-]+)`).exec(mail.text ?? '');
  expect(m, `${path} link in "${mail.subject}"`).not.toBeNull();
  return decodeURIComponent(m![1]!);
};
const entries = () => t.db.select().from(interestEntries);
/** Moves the outbox rows of a step to now, as if their time had come. */
const due = (step: string) =>
  t.db
    .update(outbox)
    .set({ due_at: sql`now() - interval '1 second'` })
    .where(
      and(
        eq(outbox.kind, 'interest'),
        sql`${outbox.payload}->>'step' = ${step}`,
        eq(outbox.status, 'pending'),
      ),
    );

async function registeredAndConfirmed(fields: Partial<InterestSubmit> = {}) {
  expect((await submit(form(fields))).statusCode).toBe(202);
  const [confirmation] = await mails(1);
  smtp.received.length = 0;
  const res = await publicPost('/confirm', { token: linkIn(confirmation!, '/interest/confirm') });
  expect(res.statusCode).toBe(200);
  const got = await mails(3); // the page link to the buyer, "new interest" to project A's client and broker
  smtp.received.length = 0;
  return { mine: res.json<InterestMine>(), mailsAfterConfirm: got };
}

describe('registering and confirming', () => {
  it('mails a confirmation; the link confirms once, the confirmation time is the queue place, and the team and webhooks hear of it', async () => {
    const res = await submit(form());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    const [row] = await entries();
    expect(row).toMatchObject({
      status: 'pending',
      email: 'greta@example.com',
      confirmed_at: null,
      source: 'widget',
    });
    // Only hashes are stored.
    const [confirmation] = await mails(1);
    expect(confirmation!.to).toMatchObject({ text: 'greta@example.com' });
    expect(confirmation!.subject).toBe('Bekräfta din intresseanmälan till Alpha');
    const token = linkIn(confirmation!, '/interest/confirm');
    expect(row!.confirm_token_hash).not.toContain(token);
    smtp.received.length = 0;

    const before = Date.now();
    const confirmed = await publicPost('/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    const mine = confirmed.json<InterestMine>();
    expect(mine.status).toBe('confirmed');
    const queue = Date.parse(mine.confirmed_at!);
    expect(queue).toBeGreaterThanOrEqual(before - 1000);
    expect(mine.apartments.map((a) => a.id)).toEqual([flats[1]!.id, flats[0]!.id]);

    const sent = await mails(3);
    const bySubject = Object.fromEntries(sent.map((m) => [m.subject, m]));
    expect(Object.keys(bySubject).sort()).toEqual(
      ['Din sida för Alpha', 'Ny intresseanmälan till Alpha', 'Ny intresseanmälan till Alpha'].filter(
        (s, i, a) => a.indexOf(s) === i,
      ),
    );
    const team = sent.filter((m) => m.subject === 'Ny intresseanmälan till Alpha').map((m) => m.to);
    expect(team.map((to) => (Array.isArray(to) ? to[0] : to)?.text).sort()).toEqual(
      [w.broker.email, w.clientA.email].sort(),
    );
    const pageToken = linkIn(bySubject['Din sida för Alpha'], '/interest/my');
    const me = await publicPost('/me', { token: pageToken });
    expect(me.json<InterestMine>().confirmed_at).toBe(mine.confirmed_at);
    expect(me.json<InterestMine>().reservations).toEqual([]);

    // A home the broker reserves for this address shows on Min sida, in the JSON and the page.
    const hold = await t.as(w.broker.token, {
      method: 'POST',
      url: `/api/v1/holds/${w.projectA.id}`,
      payload: { apartment_id: flats[0]!.id, name: 'Greta', email: 'GRETA@example.com' },
    });
    expect(hold.statusCode, hold.body).toBe(201);
    const expires = hold.json<{ hold: { expires_at: string } }>().hold.expires_at;
    expect((await publicPost('/me', { token: pageToken })).json<InterestMine>().reservations).toEqual([
      { apartment_id: flats[0]!.id, bostad: flats[0]!.bostad, kind: 'reservation', expires_at: expires },
    ]);
    const page = await t.app.inject({
      method: 'GET',
      url: `/interest/my?token=${encodeURIComponent(pageToken)}`,
    });
    expect(page.body).toMatch(
      new RegExp(
        `<li data-hold="${flats[0]!.id}"><strong>${flats[0]!.bostad}</strong>: reserverad åt dig till \\d`,
      ),
    );

    // Spent: the same link again is refused.
    expect((await publicPost('/confirm', { token })).statusCode).toBe(422);
  });

  it('stores each consent with the exact text version, time and method; the newsletter only when ticked', async () => {
    await submit(form());
    await submit(
      form({
        email: 'nils@example.com',
        consents: {
          interest_list: true,
          interest_list_version: CURRENT_CONSENT.interest_list,
          newsletter: true,
          newsletter_version: CURRENT_CONSENT.newsletter,
        },
      }),
    );
    const rows = await t.db.select().from(interestConsents);
    expect(rows.map((r) => [r.purpose, r.text_version, r.method]).sort()).toEqual(
      [
        ['interest_list', CURRENT_CONSENT.interest_list, 'widget_form'],
        ['interest_list', CURRENT_CONSENT.interest_list, 'widget_form'],
        ['newsletter', CURRENT_CONSENT.newsletter, 'widget_form'],
      ].sort(),
    );
    // A version nobody showed, or no interest-list consent, is refused and stores nothing.
    const unknown = await submit(
      form({
        email: 'x@example.com',
        consents: { interest_list: true, interest_list_version: 'interest_list.1999' },
      }),
    );
    expect(unknown.statusCode).toBe(422);
    const none = await submit(
      form({
        email: 'y@example.com',
        consents: { interest_list: false as true, interest_list_version: CURRENT_CONSENT.interest_list },
      }),
    );
    expect(none.statusCode).toBe(422);
    expect(await entries()).toHaveLength(2);
  });

  it('is refused for a project that does not take registrations, and for an apartment of another project', async () => {
    const closed = await submit(form({ form_token: stamp(w.projectB.id) }), w.projectB.id);
    expect(closed.statusCode).toBe(404);
    const other = await arrangeFor(t, w.admin.token).apartment(w.projectB.id);
    const res = await submit(form({ apartment_ids: [other.id] }));
    expect(res.statusCode).toBe(422);
    expect(await entries()).toHaveLength(0);
  });
});

describe('spam defences', () => {
  it('drops a filled honeypot silently: the same answer, no entry, no mail', async () => {
    const res = await submit(form({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(202);
    expect(await entries()).toHaveLength(0);
    await mails(0);
  });

  it("refuses a form sent sooner than the minimum fill time, a stale, forged or other project's stamp", async () => {
    for (const token of [
      stamp(w.projectA.id, 1),
      stamp(w.projectA.id, 25 * 3600),
      stamp(w.projectB.id),
      `${Date.now() - 10_000}.${'A'.repeat(43)}`,
    ]) {
      const res = await submit(form({ form_token: token }));
      expect(res.statusCode, token).toBe(422);
    }
    expect(await entries()).toHaveLength(0);
  });

  it('limits per client address (429) and per address (the same answer, nothing more mailed)', async () => {
    for (let i = 0; i < 6; i++)
      expect((await submit(form({ email: `p${i}@example.com` }), w.projectA.id, '10.1.1.1')).statusCode).toBe(
        202,
      );
    const refused = await submit(form({ email: 'p7@example.com' }), w.projectA.id, '10.1.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    await t.reset();
    w = await seedProjectWorld(t);
    await arrangeFor(t, w.admin.token).settings(w.projectA.id, { interest_enabled: '1' });
    flats = [
      await arrangeFor(t, w.admin.token).apartment(w.projectA.id),
      await arrangeFor(t, w.admin.token).apartment(w.projectA.id),
    ];
    for (let i = 0; i < 5; i++) expect((await submit(form({ apartment_ids: [] }))).statusCode).toBe(202);
    await mails(3);
  });

  it('limits every sender together per project', async () => {
    const codes = [];
    for (let i = 0; i < 9; i++) codes.push((await submit(form({ email: `q${i}@example.com` }))).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 202, 202, 202, 429]);
  });

  it('takes only JSON (a cross-site form post is refused unread)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/view/${w.projectA.id}/interest`,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(form()),
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('duplicates', () => {
  it('a repeated submit for a pending address updates it and sends a new confirmation; for a confirmed one, the page link, queue place kept', async () => {
    await submit(form());
    const [first] = await mails(1);
    await submit(form({ rooms: [2], name: 'Greta K' }));
    const [, second] = await mails(2);
    const rows = await entries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rooms: [2], name: 'Greta K' });
    // The newest link confirms; the earlier one was replaced.
    expect((await publicPost('/confirm', { token: linkIn(first!, '/interest/confirm') })).statusCode).toBe(
      422,
    );
    const ok = await publicPost('/confirm', { token: linkIn(second!, '/interest/confirm') });
    expect(ok.statusCode).toBe(200);
    const queue = ok.json<InterestMine>().confirmed_at;
    await t.app.outbox.drain();
    smtp.received.length = 0;

    expect((await submit(form({ rooms: [5] }))).statusCode).toBe(202);
    const [again] = await mails(1);
    expect(again!.subject).toBe('Din sida för Alpha');
    const [row] = await entries();
    expect(row).toMatchObject({ rooms: [2], status: 'confirmed' });
    expect(row!.confirmed_at!.toISOString()).toBe(queue);
  });

  it('two submits of the same address at once make one entry', async () => {
    const res = await Promise.all([submit(form()), submit(form())]);
    expect(res.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(await entries()).toHaveLength(1);
  });
});

describe('time', () => {
  it('reminds once after 48 hours while unconfirmed, and refuses the link after 7 days even with the loop down', async () => {
    await submit(form());
    const [confirmation] = await mails(1);
    const token = linkIn(confirmation!, '/interest/confirm');
    smtp.received.length = 0;
    await mails(0); // nothing is due before 48 hours
    await due('confirm_reminder');
    const [reminder] = await mails(1);
    expect(reminder!.subject).toBe('Påminnelse: bekräfta din intresseanmälan till Alpha');
    expect(linkIn(reminder!, '/interest/confirm')).toBe(token);
    smtp.received.length = 0;
    await due('confirm_reminder');
    await mails(0); // once

    // Seven days on, the loop not having run: the link is refused at once.
    await t.db.update(interestEntries).set({ confirm_expires_at: sql`now() - interval '1 second'` });
    expect((await publicPost('/confirm', { token })).statusCode).toBe(422);
    // and the list reads it as lapsed; the loop then deletes it (it was never confirmed).
    const list = await t.as(w.admin.token, { method: 'GET', url: `/api/v1/admin/interest/${w.projectA.id}` });
    expect(list.json<{ entries: InterestEntry[] }>().entries.map((e) => e.status)).toEqual(['lapsed']);
    await due('confirm_expire');
    await t.app.outbox.drain();
    expect(await entries()).toHaveLength(0);
  });

  it('a confirmed entry lapses after a year without activity, reminded three weeks before; then it is erased after the retention', async () => {
    await registeredAndConfirmed();
    await arrangeFor(t, w.admin.token).settings(w.projectA.id, { interest_retention_days: '10' });
    await t.db.update(interestEntries).set({ last_activity_at: sql`now() - interval '345 days'` });
    await due('lapse_reminder');
    const [reminder] = await mails(1);
    expect(reminder!.subject).toMatch(/^Din intresseanmälan till Alpha förfaller /);
    const pageToken = linkIn(reminder!, '/interest/my');
    smtp.received.length = 0;

    // A year without activity: it reads as lapsed before the loop has run.
    await t.db.update(interestEntries).set({ last_activity_at: sql`now() - interval '366 days'` });
    const mine = await publicPost('/me', { token: pageToken });
    expect(mine.json<InterestMine>().status).toBe('lapsed');
    const [row] = await entries();
    expect(row).toMatchObject({ status: 'lapsed' });

    // Erased after the project's retention (10 days), not before.
    await due('erase');
    await t.app.outbox.drain();
    expect(await entries()).toHaveLength(1);
    await t.db.update(interestEntries).set({ ended_at: sql`now() - interval '11 days'` });
    await due('erase');
    await t.app.outbox.drain();
    expect(await entries()).toHaveLength(0);
    expect(await t.db.select().from(interestConsents)).toHaveLength(0);
    expect((await publicPost('/me', { token: pageToken })).statusCode).toBe(422);
  });
});

describe('Min sida', () => {
  it('edits wishes (queue place kept), downloads everything stored, withdraws; then it is erased after the retention', async () => {
    await registeredAndConfirmed();
    await t.db.update(interestEntries).set({ tier: 'medlem', notes: 'Ringde 12/11' });
    // The page link from the confirmation mails.
    await publicPost('/confirm', { token: 'x'.repeat(20) });
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/view/${w.projectA.id}/interest/link`,
      payload: { email: 'greta@example.com' },
    });
    expect(resent.statusCode).toBe(202);
    const [link] = await mails(1);
    const token = linkIn(link!, '/interest/my');
    smtp.received.length = 0;
    // An unknown address is answered the same, and nothing is sent.
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/view/${w.projectA.id}/interest/link`,
      payload: { email: 'nobody@example.com' },
    });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(resent.body);
    await mails(0);

    const before = (await publicPost('/me', { token })).json<InterestMine>();
    const edited = await publicPost(
      '/me',
      { token, rooms: [2, 3], max_price: null, apartment_ids: [flats[0]!.id] },
      'PUT',
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<InterestMine>()).toMatchObject({
      preferences: { rooms: [2, 3], max_price: null, apartment_ids: [flats[0]!.id] },
      confirmed_at: before.confirmed_at,
    });

    const data = await publicPost('/me/data', { token });
    expect(data.headers['content-disposition']).toContain('attachment');
    const json = JSON.parse(data.body) as Record<string, unknown>;
    expect(json).toMatchObject({
      email: 'greta@example.com',
      phone: '070-123 45 67',
      tier: 'medlem',
      notes: 'Ringde 12/11',
      consents: [
        expect.objectContaining({
          purpose: 'interest_list',
          version: CURRENT_CONSENT.interest_list,
          method: 'widget_form',
        }),
      ],
    });

    const withdrawn = await publicPost('/me/withdraw', { token });
    expect(withdrawn.json<InterestMine>().status).toBe('withdrawn');
    expect((await publicPost('/me', { token, rooms: [1] }, 'PUT')).statusCode).toBe(409);
    await t.db.update(interestEntries).set({ ended_at: sql`now() - interval '31 days'` });
    await due('erase');
    await t.app.outbox.drain();
    expect(await entries()).toHaveLength(0);
  });

  it('serves the pages with no referrer, no script and no third-party resource; confirming takes a button press', async () => {
    await submit(form());
    const [confirmation] = await mails(1);
    const token = linkIn(confirmation!, '/interest/confirm');
    const page = await t.app.inject({
      method: 'GET',
      url: `/interest/confirm?token=${encodeURIComponent(token)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toMatch(/<script|https?:\/\//);
    // Opening the link confirmed nothing.
    expect((await entries())[0]!.status).toBe('pending');
    const pressed = await t.app.inject({
      method: 'POST',
      url: '/interest/confirm',
      payload: { token, lang: 'sv' },
    });
    expect(pressed.statusCode).toBe(303);
    const my = await t.app.inject({ method: 'GET', url: pressed.headers.location! });
    expect(my.statusCode).toBe(200);
    expect(my.headers['referrer-policy']).toBe('no-referrer');
    const confirmedAt = (await entries())[0]!.confirmed_at!;
    const shown = confirmedAt.toLocaleString('sv-SE', {
      timeZone: 'Europe/Stockholm',
      dateStyle: 'long',
      timeStyle: 'medium',
    });
    expect(my.body).toContain(shown);
    expect(my.body).toContain('id="reservations"');
    // Move the second apartment up, by the page's own buttons.
    const myToken = new URL(pressed.headers.location!, APP_URL).searchParams.get('token')!;
    const moved = await t.app.inject({
      method: 'POST',
      url: '/interest/my',
      payload: {
        token: myToken,
        lang: 'sv',
        op: `up:${flats[0]!.id}`,
        apartment_ids: `${flats[1]!.id},${flats[0]!.id}`,
        rooms: '3',
        max_price: '4500000',
      },
    });
    expect(moved.statusCode).toBe(303);
    expect((await entries())[0]!.apartment_ids).toEqual([flats[0]!.id, flats[1]!.id]);
    const gone = await t.app.inject({ method: 'GET', url: '/interest/my?token=nonsense-token-value' });
    expect(gone.statusCode).toBe(410);
  });
});

describe('the back office', () => {
  const list = (token: string, projectId: number, query = '', role = 'client') =>
    t.as(token, { method: 'GET', url: `/api/v1/${role}/interest/${projectId}${query}` });

  it("lists the project's entries with filters and duplicate flags, to its client and broker only; every read is audited", async () => {
    await registeredAndConfirmed();
    await submit(
      form({ email: 'nils@example.com', name: 'Nils', phone: '0701234567', rooms: [2], apartment_ids: [] }),
    );
    const res = await list(w.clientA.token, w.projectA.id);
    expect(res.statusCode).toBe(200);
    const got = res.json<{ entries: InterestEntry[] }>().entries;
    expect(got.map((e) => [e.name, e.status, e.duplicate_phone])).toEqual([
      ['Greta Köpare', 'confirmed', true],
      ['Nils', 'pending', true],
    ]);
    expect(
      (await list(w.broker.token, w.projectA.id, '?status=pending'))
        .json<{ entries: InterestEntry[] }>()
        .entries.map((e) => e.name),
    ).toEqual(['Nils']);
    expect(
      (await list(w.clientA.token, w.projectA.id, '?rooms=3'))
        .json<{ entries: InterestEntry[] }>()
        .entries.map((e) => e.name),
    ).toEqual(['Greta Köpare']);
    expect(
      (await list(w.clientA.token, w.projectA.id, `?apartment_id=${flats[0]!.id}`)).json<{
        entries: InterestEntry[];
      }>().entries,
    ).toHaveLength(1);
    expect(
      (await list(w.clientA.token, w.projectA.id, '?q=nils')).json<{ entries: InterestEntry[] }>().entries,
    ).toHaveLength(1);

    // Another client's project is a 404, the same as a missing one.
    expect((await list(w.clientB.token, w.projectA.id)).statusCode).toBe(404);
    expect((await list(w.clientB.token, w.projectA.id, '', 'client')).body).not.toContain('greta');

    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entity_type, 'interest'));
    expect(audited).toHaveLength(5);
    expect(audited.every((a) => a.action === 'read' && a.project_id === w.projectA.id)).toBe(true);
  });

  it('sets tier and notes, adds a person met at a viewing (confirmed by e-mail), exports formula-safe CSV, counts demand', async () => {
    await registeredAndConfirmed();
    const [greta] = await entries();
    const put = await t.as(w.broker.token, {
      method: 'PUT',
      url: `/api/v1/client/interest/${w.projectA.id}/${greta!.id}`,
      payload: { tier: 'medlem', notes: '=HYPERLINK("http://evil")' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<{ entry: InterestEntry }>().entry).toMatchObject({ tier: 'medlem' });
    expect(
      (
        await t.as(w.clientB.token, {
          method: 'PUT',
          url: `/api/v1/client/interest/${w.projectA.id}/${greta!.id}`,
          payload: { tier: 'x' },
        })
      ).statusCode,
    ).toBe(404);

    const added = await t.as(w.clientA.token, {
      method: 'POST',
      url: `/api/v1/client/interest/${w.projectA.id}`,
      payload: { name: 'Vera Visning', email: 'vera@example.com', apartment_ids: [flats[0]!.id] },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json<{ entry: InterestEntry }>().entry).toMatchObject({
      status: 'pending',
      source: 'viewing',
    });
    const [mail] = await mails(1);
    expect(mail!.subject).toBe('Bekräfta din intresseanmälan till Alpha');
    const consent = await t.db
      .select()
      .from(interestConsents)
      .where(eq(interestConsents.method, 'added_at_viewing'));
    expect(consent).toHaveLength(1);

    const csv = await t.as(w.clientA.token, {
      method: 'GET',
      url: `/api/v1/client/interest/${w.projectA.id}/export?lang=en`,
    });
    expect(csv.statusCode).toBe(200);
    const text = csv.rawPayload.subarray(2).toString('utf16le');
    const rows = text
      .trim()
      .split('\r\n')
      .map((r) => r.split('\t'));
    expect(rows[0]![0]).toBe('Queue');
    // Quoted (it holds quotes), and neutralised inside: Excel shows it as text.
    const notes = rows[1]![12]!.replace(/^"|"$/g, '').replace(/""/g, '"');
    expect(notes).toBe(`'=HYPERLINK("http://evil")`);
    expect(restoreFormula(notes)).toBe('=HYPERLINK("http://evil")');

    const demand = await t.as(w.clientA.token, {
      method: 'GET',
      url: `/api/v1/client/interest/${w.projectA.id}/demand`,
    });
    expect(demand.json()).toEqual({
      demand: [
        { apartment_id: flats[0]!.id, count: 1 },
        { apartment_id: flats[1]!.id, count: 1 },
      ],
    });
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entity_type, 'interest')))
      .map((a) => a.action)
      .sort();
    expect(actions).toEqual(['create', 'export', 'update']);
  });
});
