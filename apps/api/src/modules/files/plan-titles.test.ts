import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_TITLE_MAX } from '@planvy/shared';
import { REAL_PLANS, realPlanMarkup } from '@planvy/shared/test/real-plans';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';
import { files } from '../../db/schema';
import { nameUntitledPlans } from './plan-titles';

/** Plans' names (ADR 025): from the upload's <title> or "Plan n", stored, renamed by admins, shown to buyers. */

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createUser']>>;
let client: Awaited<ReturnType<TestApp['createUser']>>;
let project: number;

const svg = (head = '', viewBox = '0 0 100 100') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${head}<rect width="10" height="10"/></svg>`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin');
  client = await t.createUser('client');
  project = (await arrangeFor(t, admin.token).project({ owner: client.id, name: 'Eken' })).id;
});

const upload = (name: string, markup: string) => arrangeFor(t, admin.token).plan(project, { name, markup });

const titles = async () =>
  (
    (await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/plans/${project}` })).json().plans as {
      title: string;
    }[]
  ).map((p) => p.title);

const rename = (id: number, title: unknown, token = admin.token) =>
  t.as(token, { method: 'PUT', url: `/api/v1/admin/file/${id}`, payload: { title } });

const publicTitles = async () =>
  (
    (await t.app.inject({ url: `/api/v1/public/view/${project}` })).json().plans as {
      name: string;
      title: string;
    }[]
  ).map((p) => [p.name, p.title]);

describe('a plan’s name on upload', () => {
  it('is the root’s first <title>, on one line and trimmed; other titles, metadata and files are not', async () => {
    const inkscape = REAL_PLANS.find((p) => p.file === 'inkscape-hus-a.svg')!;
    expect((await upload(inkscape.file, realPlanMarkup(inkscape.file))).title).toBe('Hus A, plan 1');
    // A <title> of a shape is that shape's, not the plan's.
    expect((await upload('b.svg', svg('<g><title>Köket</title></g>'))).title).toBe('Plan 2');
    expect(
      (await upload('c.svg', svg('<desc>d</desc><title>  Hus\tC\n  plan   2 </title><title>Två</title>')))
        .title,
    ).toBe('Hus C plan 2');
  });

  it('is text: markup and control characters in it stay text or go, and it is cut to its limit', async () => {
    const hostile = await upload(
      'x.svg',
      svg('<title>&lt;img src=x onerror=alert(1)&gt;<b>fet</b>\u202e</title>'),
    );
    expect(hostile.title).toBe('<img src=x onerror=alert(1)>fet');
    const long = await upload('long.svg', svg(`<title>${'Å'.repeat(200)}</title>`));
    expect(Array.from(long.title)).toHaveLength(PLAN_TITLE_MAX);
  });

  it('without a <title> is "Plan n" by position; names are never taken twice, and stay when plans move or go', async () => {
    const a = await upload('a.svg', svg());
    const b = await upload('b.svg', svg());
    expect([a.title, b.title]).toEqual(['Plan 1', 'Plan 2']);
    // The same <title> twice: the second is told apart.
    await upload('c.svg', svg('<title>Hus A</title>'));
    expect((await upload('d.svg', svg('<title>hus a</title>'))).title).toBe('hus a (2)');
    // Deleting "Plan 1" renames nobody; the next plan without a title takes the next free number.
    expect(
      (await t.as(admin.token, { method: 'DELETE', url: `/api/v1/admin/file/${a.id}` })).statusCode,
    ).toBe(204);
    expect((await upload('e.svg', svg())).title).toBe('Plan 4');
    // Reordering renames nobody either.
    expect(
      (
        await t.as(admin.token, {
          method: 'PUT',
          url: `/api/v1/admin/file/${b.id}`,
          payload: { sort_index: 9 },
        })
      ).statusCode,
    ).toBe(200);
    expect(await titles()).toEqual(['Hus A', 'hus a (2)', 'Plan 4', 'Plan 2']);
  });
});

describe('plans uploaded at the same time', () => {
  it('still get names of their own', async () => {
    const names = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((n, i) =>
        upload(`${n}.svg`, svg(i % 2 ? '<title>Hus A</title>' : '')).then((f) => f.title),
      ),
    );
    expect(new Set(names).size).toBe(6);
    expect(names.filter((n) => n.startsWith('Hus A'))).toHaveLength(3);
  });

  it('renamed to one name at the same time: one of them is refused', async () => {
    const plans = [await upload('x.svg', svg()), await upload('y.svg', svg()), await upload('z.svg', svg())];
    const answers = await Promise.all(plans.map((p) => rename(p.id, 'Hus X')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    expect((await titles()).filter((n) => n === 'Hus X')).toHaveLength(1);
  });
});

describe('renaming a plan', () => {
  it('stores the new name for admins and buyers alike; the file name stays its key', async () => {
    const plan = await upload('hus-b.svg', svg());
    const res = await rename(plan.id, '  Hus B,\n  plan 2 ');
    expect(res.statusCode).toBe(200);
    expect(res.json().file).toMatchObject({ id: plan.id, name: 'hus-b.svg', title: 'Hus B, plan 2' });
    expect(await titles()).toEqual(['Hus B, plan 2']);
    expect(await publicTitles()).toEqual([['hus-b.svg', 'Hus B, plan 2']]);
  });

  it('refuses an empty, too long or taken name, and anyone but an admin, and changes nothing', async () => {
    const one = await upload('one.svg', svg());
    await upload('two.svg', svg('<title>Hus B</title>'));
    const cases: [unknown, string][] = [
      ['   ', 'The plan needs a name'],
      ['x'.repeat(PLAN_TITLE_MAX + 1), `A plan's name may be at most ${PLAN_TITLE_MAX} characters`],
      ['HUS B', 'Another plan is already called HUS B'],
      [42, 'Invalid input: expected string, received number'],
    ];
    for (const [title, message] of cases) {
      const res = await rename(one.id, title);
      expect([title, res.statusCode, res.json().errors?.title?.[0]]).toEqual([title, 422, message]);
    }
    const forbidden = await rename(one.id, 'Mitt', client.token);
    expect(forbidden.statusCode).toBe(403);
    expect(await titles()).toEqual(['Plan 1', 'Hus B']);
  });
});

describe('plans stored before they had names', () => {
  it('are named at start-up from their markup, else "Plan n" in display order, once', async () => {
    const site = REAL_PLANS[0]!;
    const inkscape = REAL_PLANS[1]!;
    const a = await upload(site.file, realPlanMarkup(site.file));
    const b = await upload(inkscape.file, realPlanMarkup(inkscape.file));
    const c = await upload('third.svg', svg('<title>Hus A, plan 1</title>'));
    const d = await upload('fourth.svg', svg());
    await t.db.update(files).set({ title: '' }).where(eq(files.project_id, project));
    // The fourth plan first, the third last.
    await t.db.update(files).set({ sort_index: 0 }).where(eq(files.id, d.id));
    await t.db.update(files).set({ sort_index: 9 }).where(eq(files.id, c.id));
    await t.db.update(files).set({ sort_index: 1 }).where(eq(files.id, a.id));
    await t.db.update(files).set({ sort_index: 2 }).where(eq(files.id, b.id));

    expect(await nameUntitledPlans(t.db)).toBe(4);
    expect(await titles()).toEqual(['Plan 1', 'Plan 2', 'Hus A, plan 1', 'Hus A, plan 1 (2)']);
    expect(await nameUntitledPlans(t.db)).toBe(0);
  });
});
