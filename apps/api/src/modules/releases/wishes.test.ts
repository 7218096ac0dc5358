import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CURRENT_CONSENT,
  type Apartment,
  type InterestMine,
  type InterestSubmit,
  type PublicView,
} from '@planvy/shared';
import { TEXT_PAYLOADS } from '@planvy/shared/test/xss-corpus';
import { releaseApartments, releases, releaseWishes } from '../../db/schema';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-server';
import { DEFAULT_OUTBOX_OPTIONS } from '../outbox/loop';
import { seedProjectWorld, type ProjectWorld } from '../projects/project-fixtures';

/**
 * Ranked wishes in a release (ADR 041) through real mail, on PGlite and PostgreSQL. Releases
 * are arranged straight in the database: their own API is built beside this. The public view
 * is cached for a minute here, so every read after a change also checks it was dropped.
 */
let t: TestApp;
let smtp: TestSmtp;
let w: ProjectWorld;
let flats: Apartment[];
let release: typeof releases.$inferSelect;
const APP_URL = 'https://planvy.example';
const COMMITMENT = 'c0ffee'.padEnd(64, '0');

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'Planvy <planvy@example.com>', dir: '/nonexistent' },
    outbox: { ...DEFAULT_OUTBOX_OPTIONS, run: false },
    appUrl: APP_URL,
    publicViewTtlMs: 60_000,
    interestLimits: { perIpHour: 50, perEmailHour: 10, perProjectHour: 50 },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A release row as the releases module would leave it, with its apartments. */
async function arrangeRelease(
  projectId: number,
  apartmentIds: number[],
  fields: Partial<typeof releases.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(releases)
    .values({
      project_id: projectId,
      name: 'Släpp 1',
      mode: 'queue',
      state: 'wishes_open',
      max_wishes: 3,
      show_demand: true,
      wishes_open_at: new Date(Date.now() - 3_600_000),
      wishes_close_at: new Date(Date.now() + 2 * 86_400_000),
      seed_commitment: COMMITMENT,
      ...fields,
    })
    .returning();
  if (apartmentIds.length)
    await t.db
      .insert(releaseApartments)
      .values(apartmentIds.map((apartment_id) => ({ release_id: row!.id, apartment_id })));
  return row!;
}
/** A change the releases module makes (state, pause): it drops the view as its routes do. */
async function setRelease(fields: Partial<typeof releases.$inferInsert>) {
  await t.db.update(releases).set(fields).where(eq(releases.id, release.id));
  t.app.publicViews.invalidate(release.project_id);
}

beforeEach(async () => {
  await t.reset();
  smtp.received.length = 0;
  w = await seedProjectWorld(t);
  const arrange = arrangeFor(t, w.admin.token);
  await arrange.settings(w.projectA.id, { interest_enabled: '1' });
  flats = [];
  for (const bostad of ['1101', '1102', '1103', '1104'])
    flats.push(await arrange.apartment(w.projectA.id, { bostad }));
  release = await arrangeRelease(w.projectA.id, [flats[0]!.id, flats[1]!.id, flats[2]!.id]);
});

let nextIp = 0;
const stamp = () => t.app.interestForms.issue(w.projectA.id, Date.now() - 10_000);
function form(fields: Partial<InterestSubmit> = {}): InterestSubmit {
  return {
    name: 'Greta Köpare',
    email: 'greta@example.com',
    rooms: [],
    max_price: null,
    apartment_ids: [],
    consents: {
      interest_list: true,
      interest_list_version: CURRENT_CONSENT.interest_list,
      newsletter: false,
    },
    form_token: stamp(),
    ...fields,
  };
}
const submit = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/public/view/${w.projectA.id}/interest`,
    payload: body as object,
    remoteAddress: `10.7.0.${++nextIp % 250}`,
  });
const putWishes = (token: string, wishes: unknown, releaseId = release.id) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/public/interest/me/releases/${releaseId}/wishes`,
    payload: { token, wishes },
  });
const pagePost = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/interest/my/wishes',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const view = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${w.projectA.id}` })).json<PublicView>();
const storedWishes = async () =>
  (await t.db.select().from(releaseWishes)).map((r) => ({ entry: r.entry_id, ids: r.apartment_ids }));

async function mails(count: number): Promise<ParsedMail[]> {
  await t.app.outbox.drain();
  expect(smtp.received.map((m) => m.subject)).toHaveLength(count);
  const got = smtp.received.slice();
  smtp.received.length = 0;
  return got;
}
const linkIn = (mail: ParsedMail, path: string) => {
  const m = new RegExp(`https://planvy\\.example${path}\\?token=([\\w%-]+)([^\\s]*)`).exec(mail.text ?? '');
  expect(m, `${path} link in "${mail.subject}"`).not.toBeNull();
  return { token: decodeURIComponent(m![1]!), rest: m![2]! };
};
const bySubject = (list: ParsedMail[], subject: string) => {
  const mail = list.find((m) => m.subject === subject);
  expect(mail, `${subject} among ${list.map((m) => m.subject).join(' | ')}`).toBeDefined();
  return mail!;
};

/** Registers (with `fields`), confirms by the mailed link and answers the Min sida token and the mails. */
async function confirmed(fields: Partial<InterestSubmit> = {}, submitted = false) {
  if (!submitted) expect((await submit(form(fields))).statusCode).toBe(202);
  const [confirmation] = await mails(1);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/public/interest/confirm',
    payload: { token: linkIn(confirmation!, '/interest/confirm').token },
  });
  expect(res.statusCode, res.body).toBe(200);
  const sent = await mails(fields.wishes?.length ? 4 : 3);
  return {
    token: linkIn(bySubject(sent, 'Din sida för Alpha'), '/interest/my').token,
    sent,
    mine: res.json<InterestMine>(),
  };
}

describe('wishes from the widget', () => {
  it('count from the confirmation: Min sida ranks them, each change mails a receipt, the view shows aggregated demand', async () => {
    const [a, b, c] = flats.map((f) => f.id) as [number, number, number];
    // The open release is in the view (and the server-rendered page's data, which is the same body).
    expect((await view()).release).toEqual({
      id: release.id,
      name: 'Släpp 1',
      max_wishes: 3,
      wishes_close_at: release.wishes_close_at!.toISOString(),
      apartment_ids: [a, b, c],
      demand: [],
    });
    expect((await submit(form({ release_id: release.id, wishes: [b, a] }))).statusCode).toBe(202);
    // Pending: proposed, counted by nobody.
    expect((await view()).release?.demand).toEqual([]);

    const { token, sent, mine } = await confirmed({ release_id: release.id, wishes: [b, a] }, true);
    expect(mine.releases).toMatchObject([
      {
        id: release.id,
        open: true,
        max_wishes: 3,
        seed_commitment: COMMITMENT,
        wishes: [{ id: b }, { id: a }],
      },
    ]);
    const receipt = bySubject(sent, 'Dina önskemål i Släpp 1, Alpha');
    expect(receipt.text).toMatch(/sparades .*\d{2}:\d{2}:\d{2}, i den här ordningen:\s+1\. 1102\s+2\. 1101/);
    // Dropped on confirmation: the next read counts the new first choice.
    expect((await view()).release?.demand).toEqual([
      { apartment_id: a, first_choice: 0, best_queue: 1 },
      { apartment_id: b, first_choice: 1, best_queue: 1 },
    ]);

    // Min sida: real form buttons named for their home, the window's close and the seed commitment.
    const page = (
      await t.app.inject({ method: 'GET', url: `/interest/my?token=${encodeURIComponent(token)}` })
    ).body;
    const section = page.slice(page.indexOf(`id="release-${release.id}"`));
    for (const name of ['Flytta 1102 ned', 'Ta bort 1102', 'Flytta 1101 upp', 'Ta bort 1101'])
      expect(section).toContain(`aria-label="${name}"`);
    expect(section).not.toContain('aria-label="Flytta 1102 upp"');
    expect(section).toContain('<form method="post" action="/interest/my/wishes">');
    expect(section).toMatch(
      /Önskefönstret stänger <strong data-closes="[^"]+">\d+ \w+ \d{4}[^<]*\d{2}:\d{2}:\d{2}<\/strong>/,
    );
    expect(section).toContain(`<code data-seed-commitment>${COMMITMENT}</code>`);
    expect(section).toContain('2 av 3 önskemål');

    // Up, then add: each a post and a redirect back, each with a receipt listing the new order.
    const base = { token, lang: 'sv', release: String(release.id) };
    const up = await pagePost({ ...base, wishes: `${b},${a}`, op: `up:${a}` });
    expect(up.statusCode).toBe(303);
    expect(up.headers.location).toContain(`done=wishesSaved#release-${release.id}`);
    expect((await mails(1))[0]!.text).toMatch(/1\. 1101\s+2\. 1102/);
    expect(await pagePost({ ...base, wishes: `${a},${b}`, op: 'add', add: String(c) })).toMatchObject({
      statusCode: 303,
    });
    expect((await mails(1))[0]!.text).toMatch(/1\. 1101\s+2\. 1102\s+3\. 1103/);
    expect(await storedWishes()).toEqual([{ entry: expect.any(Number), ids: [a, b, c] }]);
    expect((await view()).release?.demand).toEqual([
      { apartment_id: a, first_choice: 1, best_queue: 1 },
      { apartment_id: b, first_choice: 0, best_queue: 1 },
      { apartment_id: c, first_choice: 0, best_queue: 1 },
    ]);
    // Full: no add control any more.
    const full = (
      await t.app.inject({
        method: 'GET',
        url: `/interest/my?token=${encodeURIComponent(token)}&done=wishesSaved`,
      })
    ).body;
    expect(full).toContain('Dina önskemål är sparade.');
    expect(full.slice(full.indexOf(`id="release-${release.id}"`))).not.toContain('name="add"');

    // The JSON call does the same; removing all empties the list (with a receipt saying so).
    const cleared = await putWishes(token, []);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<InterestMine>().releases[0]!.wishes).toEqual([]);
    expect((await mails(1))[0]!.text).toContain('tömdes');
    expect(await storedWishes()).toEqual([]);

    // "Download my data" carries them.
    await putWishes(token, [c]);
    const data = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/interest/me/data',
      payload: { token },
    });
    expect(data.json<InterestMine>().releases[0]!.wishes).toEqual([{ id: c, bostad: '1103' }]);

    // Demand only when the release shows it; queue places only in queue mode.
    await setRelease({ mode: 'lottery' });
    expect((await view()).release?.demand).toEqual([{ apartment_id: c, first_choice: 1, best_queue: null }]);
    await setRelease({ show_demand: false });
    expect((await view()).release).not.toHaveProperty('demand');
  });

  it('answers a known address exactly as an unknown one; the known one is mailed the wishes to save on Min sida', async () => {
    const [a, b] = flats.map((f) => f.id) as [number, number];
    await confirmed();
    const known = await submit(form({ release_id: release.id, wishes: [b, a] }));
    const unknown = await submit(form({ email: 'nils@example.com', release_id: release.id, wishes: [b, a] }));
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(known.statusCode).toBe(202);
    const sent = await mails(2);
    expect(sent.map((m) => m.subject).sort()).toEqual([
      'Bekräfta din intresseanmälan till Alpha',
      'Spara dina önskemål i Släpp 1, Alpha',
    ]);
    // Nothing changed for the known address, and the new one's proposal counts for nothing yet.
    expect((await view()).release?.demand).toEqual([]);
    const proposal = bySubject(sent, 'Spara dina önskemål i Släpp 1, Alpha');
    expect(proposal.text).toMatch(/1\. 1102\s+2\. 1101/);
    const link = linkIn(proposal, '/interest/my');
    expect(link.rest).toBe(`&release=${release.id}&wishes=${b},${a}`);
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/interest/my?token=${encodeURIComponent(link.token)}${link.rest}`,
      })
    ).body;
    expect(page).toContain('Önskemål från formuläret, inte sparade än:');
    expect(page).toContain('<button name="op" value="apply">Spara de här önskemålen</button>');
    const before = await storedWishes();
    expect(before.length).toBe(1); // only the pending new address's proposal
    const applied = await pagePost({
      token: link.token,
      lang: 'sv',
      release: String(release.id),
      wishes: '',
      op: 'apply',
      proposed: `${b},${a}`,
    });
    expect(applied.statusCode).toBe(303);
    expect((await mails(1))[0]!.subject).toBe('Dina önskemål i Släpp 1, Alpha');
    expect((await view()).release?.demand).toEqual([
      { apartment_id: a, first_choice: 0, best_queue: 1 },
      { apartment_id: b, first_choice: 1, best_queue: 1 },
    ]);
  });
});

describe('refusals', () => {
  it('refuses a bad list with a stable code and changes nothing; outside the window, or paused, nothing changes', async () => {
    const [a, b, c, outside] = flats.map((f) => f.id) as [number, number, number, number];
    const { token } = await confirmed({ release_id: release.id, wishes: [a] });
    const other = await arrangeRelease(w.projectB.id, []);
    const code = async (res: Awaited<ReturnType<typeof putWishes>>) => [
      res.statusCode,
      res.json<{ code?: string }>().code,
    ];
    expect(await code(await putWishes(token, [a, b, c, a]))).toEqual([422, 'invalid']);
    expect(await code(await putWishes(token, [a, a]))).toEqual([422, 'invalid']);
    await t.db.insert(releaseApartments).values({ release_id: release.id, apartment_id: outside });
    expect(await code(await putWishes(token, [a, b, c, outside]))).toEqual([422, 'wishesTooMany']);
    await t.db.delete(releaseApartments).where(eq(releaseApartments.apartment_id, outside));
    expect(await code(await putWishes(token, [outside]))).toEqual([422, 'wishNotInRelease']);
    expect(await code(await putWishes(token, [a], other.id))).toEqual([422, 'wishReleaseUnknown']);
    // The widget's form: the same checks, before the address is looked up.
    const cases: [Partial<InterestSubmit>, number, string][] = [
      [{ release_id: release.id, wishes: [outside] }, 422, 'wishNotInRelease'],
      [{ release_id: other.id, wishes: [a] }, 422, 'wishReleaseUnknown'],
      [{ wishes: [a] }, 422, 'invalid'],
    ];
    for (const [body, status, expected] of cases) {
      for (const email of ['greta@example.com', 'someone.new@example.com']) {
        const res = await submit(form({ email, ...body }));
        expect([res.statusCode, res.json<{ code?: string }>().code], JSON.stringify(body)).toEqual([
          status,
          expected,
        ]);
      }
    }
    expect(await storedWishes()).toEqual([{ entry: expect.any(Number), ids: [a] }]);

    for (const change of [{ paused: true }, { paused: false, state: 'wishes_closed' as const }]) {
      await setRelease(change);
      expect((await view()).release, JSON.stringify(change)).toBeUndefined();
      expect(await code(await putWishes(token, [b]))).toEqual([409, 'wishesClosed']);
      const res = await submit(form({ email: 'late@example.com', release_id: release.id, wishes: [b] }));
      expect([res.statusCode, res.json<{ code?: string }>().code]).toEqual([409, 'wishesClosed']);
      // The page's buttons say so and keep the list.
      const post = await pagePost({
        token,
        lang: 'sv',
        release: String(release.id),
        wishes: String(a),
        op: 'add',
        add: String(b),
      });
      expect(post.headers.location).toContain('done=wishesClosed');
    }
    expect(await storedWishes()).toEqual([{ entry: expect.any(Number), ids: [a] }]);
    await mails(0);
    // After the window: the frozen list, no buttons.
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/interest/my?token=${encodeURIComponent(token)}&done=wishesClosed`,
      })
    ).body;
    expect(page).toContain('Släppet tar inte emot önskemål nu.');
    const at = page.indexOf(`id="release-${release.id}"`);
    const section = page.slice(at, page.indexOf('</section>', at));
    expect(section).toContain('Önskefönstret har stängt. Din lista är låst:');
    expect(section).toContain(`<li data-wish="${a}"><div class="row"><span>1101</span></div></li>`);
    expect(section).not.toContain('<form');
  });

  it('drops what a pending entry proposed when the window closes before it is confirmed', async () => {
    const [a] = flats.map((f) => f.id) as [number];
    expect((await submit(form({ release_id: release.id, wishes: [a] }))).statusCode).toBe(202);
    const [confirmation] = await mails(1);
    await setRelease({ state: 'wishes_closed' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/interest/confirm',
      payload: { token: linkIn(confirmation!, '/interest/confirm').token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<InterestMine>().releases).toEqual([]);
    expect(await storedWishes()).toEqual([]);
    expect((await mails(3)).map((m) => m.subject)).not.toContain('Dina önskemål i Släpp 1, Alpha');
  });
});

describe('Min sida and hostile text', () => {
  it('escapes every payload of the corpus in release names and homes', async () => {
    const arrange = arrangeFor(t, w.admin.token);
    const hostile: number[] = [];
    for (const [i, text] of TEXT_PAYLOADS.slice(0, 3).entries())
      hostile.push((await arrange.apartment(w.projectA.id, { bostad: `${i}${text}`.slice(0, 50) })).id);
    await t.db
      .insert(releaseApartments)
      .values(hostile.map((apartment_id) => ({ release_id: release.id, apartment_id })));
    await t.db.update(releases).set({ max_wishes: 10 }).where(eq(releases.id, release.id));
    const { token } = await confirmed({ release_id: release.id, wishes: hostile.slice(0, 2) });
    for (const text of TEXT_PAYLOADS) {
      await setRelease({ name: text });
      const res = await t.app.inject({
        method: 'GET',
        url: `/interest/my?token=${encodeURIComponent(token)}`,
      });
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const body = res.body;
      for (const raw of [text, ...TEXT_PAYLOADS.slice(0, 3)])
        if (/[<>"']/.test(raw)) expect(body, raw).not.toContain(raw);
      expect(body).not.toMatch(/<(script|iframe|img|svg|a|b)[\s>]/i);
      expect(body.match(/<style/g)).toHaveLength(1);
      expect(body.match(/<title/g)).toHaveLength(1);
    }
  });
});
