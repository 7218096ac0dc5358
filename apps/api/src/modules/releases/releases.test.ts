import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  commitSeed,
  verifyProtocol,
  type AllocationInput,
  type Release,
  type ReleaseProtocolDocument,
  type ReleaseRun,
} from '@planvy/shared';
import { TEXT_PAYLOADS } from '@planvy/shared/test/xss-corpus';
import {
  apartments as apartmentsTable,
  auditLog,
  interestEntries,
  outbox,
  releaseRuleVersions,
  releaseRuns,
  releases,
  releaseWishes,
} from '../../db/schema';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';
import { seedProjectWorld, type ProjectWorld } from '../projects/project-fixtures';

/**
 * Releases (ADR 040) through the API: the set-up, the state path of both mode families, the
 * timer (the outbox drained by hand, times written into the past), the allocation run and its
 * public protocol re-run with verifyProtocol. Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
let w: ProjectWorld;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.reset();
  w = await seedProjectWorld(t);
});

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const base = (projectId = w.projectA.id, context: 'admin' | 'client' = 'client') =>
  `/api/v1/${context}/releases/${projectId}`;

async function apartments(n: number, projectId = w.projectA.id) {
  const out = [];
  for (let i = 1; i <= n; i++)
    out.push(await arrangeFor(t, w.admin.token).apartment(projectId, { bostad: `A${i}`, status: 'sale' }));
  return out;
}

const FUTURE = {
  wishes_open_at: at(24),
  wishes_close_at: at(48),
  public_at: at(72),
  closes_at: at(96),
};

async function create(body: Record<string, unknown>, token = w.clientA.token) {
  const res = await t.as(token, { method: 'POST', url: base(), payload: { name: 'Etapp 1', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ release: Release }>().release;
}

const stepRes = (r: Release, token = w.clientA.token) =>
  t.as(token, {
    method: 'POST',
    url: `${base()}/${r.id}/step`,
    payload: { from: r.state, version: r.version },
  });
async function step(r: Release, token = w.clientA.token) {
  const res = await stepRes(r, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ release: Release }>().release;
}
const get = async (id: number) =>
  (await t.as(w.clientA.token, { method: 'GET', url: `${base()}/${id}` })).json<{ release: Release }>()
    .release;
const post = (r: Release, action: string, token = w.clientA.token, payload: Record<string, unknown> = {}) =>
  t.as(token, { method: 'POST', url: `${base()}/${r.id}/${action}`, payload });

/** A confirmed interest entry with ranked wishes in the release (the wishes part writes these). */
async function wisher(
  releaseId: number,
  wishes: number[],
  fields: Partial<typeof interestEntries.$inferInsert> = {},
): Promise<number> {
  const [entry] = await t.db
    .insert(interestEntries)
    .values({
      project_id: w.projectA.id,
      name: 'Kim Köpare',
      email: `kim${Math.random()}@example.com`,
      source: 'widget',
      status: 'confirmed',
      confirmed_at: new Date(),
      ...fields,
    })
    .returning();
  await t.db
    .insert(releaseWishes)
    .values({ release_id: releaseId, entry_id: entry!.id, apartment_ids: wishes });
  return entry!.id;
}

/** Writes the release's times to `hours` from now (negative: past), as if time had passed. */
async function moveTimes(id: number, times: Partial<Record<keyof typeof FUTURE, number>>) {
  const values = Object.fromEntries(
    Object.entries(times).map(([k, h]) => [k, new Date(Date.now() + h * HOUR)]),
  );
  await t.db.update(releases).set(values).where(eq(releases.id, id));
}

describe('setting a release up', () => {
  it('creates a draft with defaults and its apartments; lists and reads it for admin, client and broker', async () => {
    const [a1, a2] = await apartments(2);
    const r = await create({ mode: 'queue', apartment_ids: [a2!.id, a1!.id], ...FUTURE });
    expect(r).toMatchObject({
      state: 'draft',
      mode: 'queue',
      max_wishes: 5,
      one_per_household: true,
      offer_hours: 48,
      checkout_minutes: 15,
      apartment_ids: [a1!.id, a2!.id],
      rules_version: 0,
      seed_commitment: null,
      next_state: 'scheduled',
      next_due_at: null,
    });
    for (const [token, context] of [
      [w.admin.token, 'admin'],
      [w.clientA.token, 'client'],
      [w.broker.token, 'client'],
    ] as const) {
      const res = await t.as(token, { method: 'GET', url: base(w.projectA.id, context) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ releases: Release[] }>().releases.map((x) => x.id)).toEqual([r.id]);
    }
  });

  it("refuses invalid times with every field's error and saves nothing", async () => {
    const res = await t.as(w.clientA.token, {
      method: 'POST',
      url: base(),
      payload: {
        name: 'Fel',
        mode: 'lottery',
        wishes_open_at: at(48),
        wishes_close_at: at(24),
        public_at: at(10),
        closes_at: at(5),
        tiers: [
          { key: 'members', label: 'Medlemmar', opens_at: at(1) },
          { key: 'members', label: 'Igen' },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ error_codes: Record<string, { code: string }[]> }>().error_codes;
    expect(errors['wishes_close_at']?.[0]?.code).toBe('releaseCloseAfterOpen');
    expect(errors['public_at']?.[0]?.code).toBe('releasePublicAfterWishes');
    expect(errors['closes_at']?.[0]?.code).toBe('releaseClosesAfterPublic');
    expect(errors['tiers.0.opens_at']?.[0]?.code).toBe('releaseTierOutside');
    expect(errors['tiers.1.key']?.[0]?.code).toBe('releaseTierKeyTwice');
    expect(await t.db.select().from(releases)).toEqual([]);

    const r = await create({ mode: 'queue', ...FUTURE });
    const bad = await t.as(w.clientA.token, {
      method: 'PUT',
      url: `${base()}/${r.id}`,
      payload: { closes_at: at(60), version: r.version },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      bad.json<{ error_codes: Record<string, { code: string }[]> }>().error_codes['closes_at']?.[0]?.code,
    ).toBe('releaseClosesAfterPublic');
    expect(await get(r.id)).toEqual(r);
  });

  it('keeps an apartment in one release (409 with a code), and only apartments of the project', async () => {
    const [a1, a2] = await apartments(2);
    const [other] = await apartments(1, w.projectB.id);
    const first = await create({ mode: 'queue', apartment_ids: [a1!.id] });
    const res = await t.as(w.clientA.token, {
      method: 'POST',
      url: base(),
      payload: { name: 'Etapp 2', mode: 'lottery', apartment_ids: [a2!.id, a1!.id] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status_code: 409,
      code: 'releaseApartmentTaken',
      message: 'Apartment A1 is already in another release',
    });
    const second = await create({ mode: 'lottery', name: 'Etapp 2', apartment_ids: [a2!.id] });
    const put = await t.as(w.clientA.token, {
      method: 'PUT',
      url: `${base()}/${second.id}/apartments`,
      payload: { apartment_ids: [a1!.id, a2!.id] },
    });
    expect(put.statusCode).toBe(409);
    const foreign = await t.as(w.clientA.token, {
      method: 'PUT',
      url: `${base()}/${first.id}/apartments`,
      payload: { apartment_ids: [other!.id] },
    });
    expect(foreign.statusCode).toBe(422);
    expect((await get(first.id)).apartment_ids).toEqual([a1!.id]);
    expect((await get(second.id)).apartment_ids).toEqual([a2!.id]);
  });

  it("answers 404 for another client's project and lets a broker read but not change", async () => {
    const [a1] = await apartments(1);
    const r = await create({ mode: 'queue', apartment_ids: [a1!.id], ...FUTURE });
    const foreign = await t.as(w.clientB.token, { method: 'GET', url: `${base()}/${r.id}` });
    expect(foreign.statusCode).toBe(404);
    const foreignStep = await t.as(w.clientB.token, {
      method: 'POST',
      url: `${base()}/${r.id}/step`,
      payload: { from: 'draft', version: r.version },
    });
    expect(foreignStep.statusCode).toBe(404);
    for (const res of [
      await stepRes(r, w.broker.token),
      await t.as(w.broker.token, { method: 'PUT', url: `${base()}/${r.id}`, payload: { name: 'X' } }),
      await post(r, 'run', w.broker.token),
      await post(r, 'approve', w.broker.token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(
        'Only the client and admins change a release, its order and its allocation',
      );
    }
    const pause = await post(r, 'pause', w.clientA.token);
    expect(pause.statusCode).toBe(403);
    expect(pause.json()).toMatchObject({ code: 'releasePauseAdmins' });
    expect((await get(r.id)).state).toBe('draft');
  });

  it('deletes only a draft', async () => {
    const [a1] = await apartments(1);
    const r = await create({ mode: 'queue', apartment_ids: [a1!.id], ...FUTURE });
    const scheduled = await step(r);
    const del = await t.as(w.clientA.token, { method: 'DELETE', url: `${base()}/${r.id}` });
    expect(del.statusCode).toBe(409);
    expect(scheduled.state).toBe('scheduled');
    const draft = await create({ mode: 'queue', name: 'Tom' });
    expect((await t.as(w.clientA.token, { method: 'DELETE', url: `${base()}/${draft.id}` })).statusCode).toBe(
      204,
    );
  });
});

describe('the state path', () => {
  it('walks queue mode by buttons: rules published, seed committed, run, re-run, approve; each step audited', async () => {
    const [a1, a2, a3] = await apartments(3);
    const r0 = await create({
      mode: 'queue',
      apartment_ids: [a1!.id, a2!.id, a3!.id],
      tiers: [
        { key: 'members', label: 'Medlemmar' },
        { key: 'list', label: 'Intresselistan' },
      ],
      rules_text: { sv: 'Kö gäller', en: 'Queue applies' },
      ...FUTURE,
    });
    // Scheduling needs every time.
    const incomplete = await create({ mode: 'queue', name: 'Utan tider', apartment_ids: [] });
    const refused = await stepRes(incomplete);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toContain('wishes_open_at');

    const scheduled = await step(r0);
    expect(scheduled).toMatchObject({
      state: 'scheduled',
      rules_version: 1,
      next_due_at: FUTURE.wishes_open_at,
    });
    // A stale button (the state or version someone else moved) is a 409 and moves nothing.
    expect((await stepRes(r0)).statusCode).toBe(409);
    // A change of rules after scheduling is a new version; the same rules again are not.
    const put = await t.as(w.clientA.token, {
      method: 'PUT',
      url: `${base()}/${r0.id}`,
      payload: { rules_text: { sv: 'Kö gäller, poäng först', en: 'Queue, points first' } },
    });
    expect(put.json<{ release: Release }>().release.rules_version).toBe(2);
    const same = await post(put.json<{ release: Release }>().release, 'rules', w.clientA.token, {});
    expect(same.json<{ release: Release }>().release.rules_version).toBe(2);
    const versions = await t.db
      .select()
      .from(releaseRuleVersions)
      .where(eq(releaseRuleVersions.release_id, r0.id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);

    const open = await step(await get(r0.id));
    expect(open.state).toBe('wishes_open');
    expect(open.seed_commitment).toMatch(/^[0-9a-f]{64}$/);
    // The settings that decide the allocation are fixed now.
    const locked = await t.as(w.clientA.token, {
      method: 'PUT',
      url: `${base()}/${r0.id}`,
      payload: { max_wishes: 3 },
    });
    expect(locked.statusCode).toBe(409);

    const early = await wisher(r0.id, [a1!.id, a2!.id], {
      tier: 'list',
      confirmed_at: new Date(Date.now() - 5 * HOUR),
    });
    const member = await wisher(r0.id, [a1!.id, a3!.id], { tier: 'members' });
    const points = await wisher(r0.id, [a1!.id], { tier: 'list', points: 10 });
    // Not confirmed: not in the allocation.
    await wisher(r0.id, [a1!.id], { status: 'pending', confirmed_at: null });
    const closed = await step(await get(r0.id));
    expect(closed.state).toBe('wishes_closed');
    // The step button does not allocate: the run does.
    expect((await stepRes(closed)).statusCode).toBe(409);

    const ran = await post(closed, 'run');
    expect(ran.statusCode, ran.body).toBe(200);
    const { run, release: allocated } = ran.json<{ run: ReleaseRun; release: Release }>();
    expect(allocated.state).toBe('allocated');
    expect(run.rows.map((x) => [x.entry_id, x.bostad, x.rank, x.tier])).toEqual([
      [member, 'A1', 1, 'Medlemmar'],
      [points, null, null, 'Intresselistan'],
      [early, 'A2', 2, 'Intresselistan'],
    ]);
    expect(run.seed_commitment).toBe(open.seed_commitment);
    // The stored protocol re-runs to the same result against its stored input.
    const [stored] = await t.db.select().from(releaseRuns).where(eq(releaseRuns.id, run.id));
    expect(
      verifyProtocol(stored!.protocol, stored!.input as unknown as AllocationInput, {
        commitment: open.seed_commitment!,
      }),
    ).toEqual({ valid: true, mismatches: [] });

    // A re-run (same seed, same wishes) gives the same allocation and supersedes the first.
    const again = await post(allocated, 'run');
    expect(again.statusCode, again.body).toBe(200);
    const rerun = again.json<{ run: ReleaseRun }>().run;
    expect(rerun.id).not.toBe(run.id);
    expect(rerun.rows).toEqual(run.rows);
    expect(rerun.input_digest).toBe(run.input_digest);
    const runs = await t.db.select().from(releaseRuns).where(eq(releaseRuns.release_id, r0.id));
    expect(runs.map((x) => [x.id, x.superseded])).toEqual([
      [run.id, true],
      [rerun.id, false],
    ]);

    const approved = await post(await get(r0.id), 'approve', w.clientA.token, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const out = approved.json<{ run: ReleaseRun; release: Release }>();
    expect(out.release.state).toBe('offers_out');
    expect(out.run.approved_by?.id).toBe(w.clientA.id);
    // Approved: no re-run, no second approval.
    expect((await post(out.release, 'run')).statusCode).toBe(409);
    expect((await post(out.release, 'approve')).statusCode).toBe(409);

    const publicState = await step(out.release);
    expect(publicState.state).toBe('public');
    const done = await step(publicState);
    expect(done).toMatchObject({ state: 'closed', next_state: null });
    expect((await stepRes(done)).statusCode).toBe(409);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_type, 'release'))
      .orderBy(auditLog.id);
    const actions = entries.filter((e) => e.entity_id === String(r0.id)).map((e) => e.action);
    expect(actions).toEqual([
      'create',
      'step',
      'update',
      'publish_rules',
      'step',
      'step',
      'run',
      'run',
      'approve',
      'step',
      'step',
    ]);
  });

  it('walks first come: draft → scheduled → public → closed, with no run', async () => {
    const [a1] = await apartments(1);
    const r = await create({
      mode: 'first_come',
      apartment_ids: [a1!.id],
      public_at: at(2),
      closes_at: at(30),
      checkout_minutes: 10,
    });
    const scheduled = await step(r);
    expect(scheduled.next_due_at).toBe(new Date(r.public_at!).toISOString());
    const pub = await step(scheduled);
    expect(pub.state).toBe('public');
    expect(pub.seed_commitment).toBeNull();
    expect((await post(pub, 'run')).statusCode).toBe(409);
    expect((await step(pub)).state).toBe('closed');
  });
});

describe('the timer', () => {
  it('moves a release at its times, and not a paused one until it is resumed', async () => {
    const [a1] = await apartments(1);
    const r = await step(await create({ mode: 'lottery', apartment_ids: [a1!.id], ...FUTURE }));
    expect(await t.app.outbox.drain()).toBe(0);

    // The client moves the times into the past: the step is due now.
    const moved = await t.as(w.clientA.token, {
      method: 'PUT',
      url: `${base()}/${r.id}`,
      payload: { wishes_open_at: at(-3), wishes_close_at: at(10) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.outbox.drain();
    const open = await get(r.id);
    expect(open.state).toBe('wishes_open');
    expect(open.seed_commitment).toMatch(/^[0-9a-f]{64}$/);

    const paused = await post(open, 'pause', w.admin.token, {});
    expect(paused.statusCode, paused.body).toBe(200);
    const updated = await t.as(w.admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/releases/${w.projectA.id}/${r.id}`,
      payload: { wishes_close_at: at(-1) },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await t.app.outbox.drain();
    expect((await get(r.id)).state).toBe('wishes_open');
    // A person cannot step a paused release either.
    expect((await stepRes(await get(r.id))).statusCode).toBe(409);

    // Resuming moves what fell due at once.
    const resumed = await post(await get(r.id), 'resume', w.admin.token, {});
    expect(resumed.json<{ release: Release }>().release).toMatchObject({
      state: 'wishes_closed',
      paused: false,
    });
    await t.app.outbox.drain();
    expect((await get(r.id)).state).toBe('wishes_closed');

    const timerSteps = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'step'))
      .orderBy(auditLog.id);
    expect(timerSteps.filter((e) => e.actor_id === null).map((e) => e.detail)).toEqual([
      expect.objectContaining({ from: 'scheduled', to: 'wishes_open', by: 'timer' }),
      expect.objectContaining({ from: 'wishes_open', to: 'wishes_closed', by: 'timer' }),
    ]);
  });

  it('does nothing for a due row of a state the release has left', async () => {
    const [a1] = await apartments(1);
    const r = await step(await create({ mode: 'queue', apartment_ids: [a1!.id], ...FUTURE }));
    await step(r); // wishes_open by hand; the scheduled row stays behind
    await moveTimes(r.id, { wishes_open_at: -2 });
    // The row written for 'scheduled' falls due now: it must not move wishes_open on.
    await t.db
      .update(outbox)
      .set({ due_at: new Date(Date.now() - HOUR) })
      .where(and(eq(outbox.kind, 'release_due'), sql`${outbox.payload}->>'state' = 'scheduled'`));
    await t.app.outbox.drain();
    expect((await get(r.id)).state).toBe('wishes_open');
  });
});

describe('the public protocol', () => {
  it('is hidden before the wish window, shows the commitment then, and after the run lets anyone re-run the draw', async () => {
    const [a1, a2] = await apartments(2);
    const r = await create({ mode: 'lottery', apartment_ids: [a1!.id, a2!.id], ...FUTURE });
    const url = `/api/v1/public/releases/${r.id}/protocol`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await step(r);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const open = await step(await get(r.id));
    const before = (await t.app.inject({ method: 'GET', url })).json<ReleaseProtocolDocument>();
    expect(before.release.seed_commitment).toBe(open.seed_commitment);
    expect(before.release.rules_version).toBe(1);
    expect(before.run).toBeNull();

    for (let i = 0; i < 6; i++)
      await wisher(r.id, i % 2 ? [a1!.id, a2!.id] : [a2!.id, a1!.id], {
        name: `Person ${i}`,
        email: `p${i}@example.com`,
        household: i < 2 ? 'Familjen Svensson' : null,
      });
    const closed = await step(await get(r.id));
    expect((await post(closed, 'run')).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    // Pseudonymous: no names, no e-mails, no household names.
    expect(res.body).not.toMatch(/Person|example\.com|Svensson/);
    // Downloaded as JSON, re-run as anyone would.
    const doc = JSON.parse(res.body) as ReleaseProtocolDocument;
    const input = doc.run!.input as unknown as AllocationInput;
    expect(verifyProtocol(doc.run!.protocol, input, { commitment: before.release.seed_commitment! })).toEqual(
      {
        valid: true,
        mismatches: [],
      },
    );
    expect(commitSeed((doc.run!.protocol as { seed: string }).seed)).toBe(open.seed_commitment);
    // The household's two members share one pseudonymous key.
    const households = input.people.map((p) => p.household);
    expect(new Set(households).size).toBe(5);
    // The page shows the same, as plain HTML under a strict policy.
    const page = await t.app.inject({ method: 'GET', url: `/releases/${r.id}/protocol?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(open.seed_commitment!);
    expect(page.body).toContain(doc.run!.protocol.input_digest as string);
    expect(page.body).not.toMatch(/Person|example\.com|Svensson|<script/);
    // A changed input is caught.
    const tampered = { ...input, people: input.people.map((p, i) => (i === 0 ? { ...p, points: 99 } : p)) };
    expect(verifyProtocol(doc.run!.protocol, tampered).valid).toBe(false);

    // The hostile text corpus as the release's name and a home's name: nothing reaches the page raw.
    for (const text of TEXT_PAYLOADS) {
      await t.db.update(releases).set({ name: text }).where(eq(releases.id, r.id));
      await t.db
        .update(apartmentsTable)
        .set({ bostad: text.slice(0, 50) })
        .where(eq(apartmentsTable.id, a1!.id));
      const hostile = await t.app.inject({ method: 'GET', url: `/releases/${r.id}/protocol` });
      expect(hostile.statusCode).toBe(200);
      if (/[<>"']/.test(text)) expect(hostile.body, text).not.toContain(text.slice(0, 50));
      expect(hostile.body).not.toMatch(/<(script|iframe|img|svg|b)[\s>]/i);
      expect(hostile.body.match(/<title/g)).toHaveLength(1);
    }
  });
});
