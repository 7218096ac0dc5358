import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, dateInZone, lastDays, type DailyClicks } from '@planvy/shared';
import { apartmentStatusChanges, apartments, clickDaily, clickEvents } from '../../db/schema';
import { expectRollUpsExact } from '../../../test/roll-up-check';
import type { ProjectType } from '@planvy/shared';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';
import { setConfig } from '../users/repository';

/**
 * Known data: two tenants. Client A owns Alfa (sale, brokered by the broker), Beta
 * (rental) and Gamma (tomter, no apartments); client O owns Omega (sale). Clicks are
 * written into click_events the way the click recorder writes them, at chosen times.
 */
let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let admin: U, clientA: U, clientB: U, broker: U, brokerOff: U, clientO: U;
let alfa: number, beta: number, gamma: number, omega: number;
const apt: Record<string, number> = {};
const now = () => new Date();
const ago = (days: number, minutes = 0) => new Date(Date.now() - days * 86_400_000 - minutes * 60_000);
const today = () => dateInZone(now());

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const createProject = async (ownerId: number, type: ProjectType, name: string) =>
  (await arrangeFor(t, admin.token).project({ owner: ownerId, type, name })).id;

async function addApartment(projectId: number, bostad: string, status: string, price?: number) {
  apt[bostad] = (await arrangeFor(t, admin.token).apartment(projectId, { bostad, status, price })).id;
}

async function clicks(bostad: string, at: Date[]) {
  const id = apt[bostad]!;
  const [row] = await t.db
    .select({ project_id: apartments.project_id })
    .from(apartments)
    .where(eq(apartments.id, id));
  await t.db
    .insert(clickEvents)
    .values(at.map((clicked_at) => ({ project_id: row!.project_id, apartment_id: id, clicked_at })));
}

const get = (token: string, url: string) => t.as(token, { method: 'GET', url: `/api/v2${url}` });

beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin');
  clientA = await t.createUser('client');
  clientB = await t.createUser('client');
  broker = await t.createUser('broker');
  brokerOff = await t.createUser('broker');
  clientO = await t.createUser('client');
  for (const u of [clientA, broker, clientO]) await setConfig(t.db, u.id, 'project_statistic', '1');
  await setConfig(t.db, clientB.id, 'project_statistic', '0');

  alfa = await createProject(clientA.id, 'sale', 'Alfa');
  beta = await createProject(clientA.id, 'rental', 'Beta');
  gamma = await createProject(clientA.id, 'tomter', 'Gamma');
  omega = await createProject(clientO.id, 'sale', 'Omega');
  await t.as(admin.token, {
    method: 'PUT',
    url: `/api/v1/admin/project/${alfa}`,
    payload: { broker_id: broker.id },
  });

  await addApartment(alfa, '1001', 'sale', 2_450_000);
  await addApartment(alfa, '1002', 'sold', 3_150_000);
  await addApartment(alfa, '1003', 'reserved', 4_200_000);
  await addApartment(alfa, '1004', 'sale');
  await addApartment(beta, '2001', 'sale', 9_500);
  await addApartment(beta, '2002', 'leased');
  await addApartment(omega, '3001', 'sold');
  await addApartment(omega, '3002', 'sold');
  await addApartment(omega, '3003', 'sale');

  await clicks('1001', [now(), now(), ago(1)]);
  await clicks('1003', [ago(2), now()]);
  // Ten days ago: outside the week, inside the last 30 days.
  await clicks('1002', [ago(10), ago(10), ago(10), ago(10), ago(10, 5)]);
  await clicks('2001', [ago(3)]);
  // The other tenant's, the most clicked of all.
  await clicks(
    '3001',
    Array.from({ length: 9 }, () => now()),
  );
});

describe('who may see statistics', () => {
  const urls = [
    '/statistic/projects/all-sum',
    '/statistic/projects/per-project',
    '/statistic/projects/most-clicked',
    '/statistic/clicks/daily',
    '/statistic/clicks/top',
    '/statistic/status-history',
  ];

  it('answers 401 without a session and 403 for users without the statistics setting', async () => {
    for (const url of [...urls, `/statistic/projects/${alfa}/apartment-clicks`]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v2${url}` })).statusCode, url).toBe(401);
      const refused = await get(clientB.token, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({
        message: 'Statistics are not enabled for this user',
        errors: {},
        status_code: 403,
        code: 'statisticsOff',
        params: {},
      });
      expect((await get(brokerOff.token, url)).statusCode, url).toBe(403);
    }
  });

  it('refuses before reading the query: no 422 or 404 leaks to a user without statistics', async () => {
    expect((await get(clientB.token, '/statistic/clicks/top?from=nonsense')).statusCode).toBe(403);
    expect((await get(clientB.token, `/statistic/projects/all-sum?project_id=${omega}`)).statusCode).toBe(
      403,
    );
  });

  it('takes effect at once when an admin switches statistics on', async () => {
    expect((await get(clientB.token, '/statistic/projects/all-sum')).statusCode).toBe(403);
    await setConfig(t.db, clientB.id, 'project_statistic', '1');
    const res = await get(clientB.token, '/statistic/projects/all-sum');
    expect(res.statusCode).toBe(200);
    // Client B owns nothing: nothing of anyone else's is counted.
    expect(res.json()).toEqual({ total: 0, list: [], projectType: 'rental' });
  });
});

describe('GET /statistic/projects/all-sum', () => {
  it('counts the caller’s apartments by status, labelled for the projects’ type', async () => {
    const res = await get(clientA.token, '/statistic/projects/all-sum');
    expect(res.statusCode).toBe(200);
    // Alfa (sale) and Beta (rental): several types, so the spec's default, rental.
    expect(res.json()).toEqual({
      total: 6,
      projectType: 'rental',
      list: [
        { status: 'sale', label: { sv: 'Ledig', en: 'Available' }, count: 3 },
        { status: 'reserved', label: { sv: 'Bokad', en: 'Booked' }, count: 1 },
        { status: 'leased', label: { sv: 'Uthyrd', en: 'Leased' }, count: 1 },
        { status: 'sold', label: { sv: 'Såld', en: 'Sold' }, count: 1 },
      ],
    });
  });

  it('narrows to one project type or one project', async () => {
    const sale = (await get(clientA.token, '/statistic/projects/all-sum?project_type=sale')).json();
    expect(sale).toEqual({
      total: 4,
      projectType: 'sale',
      list: [
        { status: 'sale', label: { sv: 'Till salu', en: 'For sale' }, count: 2 },
        { status: 'reserved', label: { sv: 'Bokad', en: 'Booked' }, count: 1 },
        { status: 'sold', label: { sv: 'Såld', en: 'Sold' }, count: 1 },
      ],
    });
    const one = (await get(clientA.token, `/statistic/projects/all-sum?project_id=${beta}`)).json();
    expect(one).toMatchObject({ total: 2, projectType: 'rental' });
  });

  it('gives admins every project, brokers the ones they broker, the other tenant only theirs', async () => {
    expect((await get(admin.token, '/statistic/projects/all-sum')).json().total).toBe(9);
    expect((await get(broker.token, '/statistic/projects/all-sum')).json()).toMatchObject({
      total: 4,
      projectType: 'sale',
    });
    expect((await get(clientO.token, '/statistic/projects/all-sum')).json()).toEqual({
      total: 3,
      projectType: 'sale',
      list: [
        { status: 'sale', label: { sv: 'Till salu', en: 'For sale' }, count: 1 },
        { status: 'sold', label: { sv: 'Såld', en: 'Sold' }, count: 2 },
      ],
    });
  });

  it('follows status changes at once', async () => {
    await t.as(clientA.token, {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: { apartments: [apt['1001'], apt['1004']], status: 'sold', projectId: alfa },
    });
    const list = (await get(clientA.token, `/statistic/projects/all-sum?project_id=${alfa}`)).json().list;
    expect(list).toEqual([
      { status: 'reserved', label: { sv: 'Bokad', en: 'Booked' }, count: 1 },
      { status: 'sold', label: { sv: 'Såld', en: 'Sold' }, count: 3 },
    ]);
  });
});

describe('GET /statistic/projects/per-project', () => {
  it('lists every project the caller reaches by name, with its own type and counts', async () => {
    const res = await get(clientA.token, '/statistic/projects/per-project');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: alfa,
        name: 'Alfa',
        total: 4,
        projectType: 'sale',
        list: [
          { status: 'sale', label: { sv: 'Till salu', en: 'For sale' }, count: 2 },
          { status: 'reserved', label: { sv: 'Bokad', en: 'Booked' }, count: 1 },
          { status: 'sold', label: { sv: 'Såld', en: 'Sold' }, count: 1 },
        ],
      },
      {
        id: beta,
        name: 'Beta',
        total: 2,
        projectType: 'rental',
        list: [
          { status: 'sale', label: { sv: 'Ledig', en: 'Available' }, count: 1 },
          { status: 'leased', label: { sv: 'Uthyrd', en: 'Leased' }, count: 1 },
        ],
      },
      { id: gamma, name: 'Gamma', total: 0, projectType: 'tomter', list: [] },
    ]);
  });

  it('never includes another tenant’s project', async () => {
    const names = async (token: string) =>
      (await get(token, '/statistic/projects/per-project')).json<{ name: string }[]>().map((p) => p.name);
    expect(await names(admin.token)).toEqual(['Alfa', 'Beta', 'Gamma', 'Omega']);
    expect(await names(broker.token)).toEqual(['Alfa']);
    expect(await names(clientO.token)).toEqual(['Omega']);
  });
});

describe('GET /statistic/projects/most-clicked', () => {
  it('names the project and apartment with most clicks this week, per caller', async () => {
    const week = lastDays(7, today());
    expect((await get(clientA.token, '/statistic/projects/most-clicked')).json()).toEqual({
      name: 'Alfa',
      bostad: '1001',
      project_id: alfa,
      apartment_id: apt['1001'],
      clicks: 3,
      ...week,
    });
    expect((await get(admin.token, '/statistic/projects/most-clicked')).json()).toMatchObject({
      name: 'Omega',
      bostad: '3001',
      clicks: 9,
    });
    expect((await get(broker.token, '/statistic/projects/most-clicked')).json()).toMatchObject({
      bostad: '1001',
    });
    expect(
      (await get(clientA.token, `/statistic/projects/most-clicked?project_id=${beta}`)).json(),
    ).toMatchObject({ name: 'Beta', bostad: '2001', clicks: 1 });
  });

  it('does not count clicks older than the week', async () => {
    // 1002 has the most clicks of Alfa in all, but every one is ten days old.
    await clicks('1002', [ago(8), ago(9)]);
    const res = (await get(clientA.token, `/statistic/projects/most-clicked?project_id=${alfa}`)).json();
    expect(res.bostad).toBe('1001');
    // A click seven days back is outside the week (today and the six days before).
    await clicks('1004', [
      ago(7, 60 * 24 - 1),
      ago(7, 60 * 24 - 1),
      ago(7, 60 * 24 - 1),
      ago(7, 60 * 24 - 1),
    ]);
    expect(dateInZone(ago(7, 60 * 24 - 1)) < lastDays(7, today()).from).toBe(true);
    expect(
      (await get(clientA.token, `/statistic/projects/most-clicked?project_id=${alfa}`)).json().bostad,
    ).toBe('1001');
  });

  it('is empty when nothing was clicked this week', async () => {
    const res = await get(clientA.token, `/statistic/projects/most-clicked?project_id=${gamma}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('breaks a tie by the lowest apartment id', async () => {
    // 1003 catches up with 1001: 3 clicks each.
    await clicks('1003', [now()]);
    const res = (await get(clientA.token, `/statistic/projects/most-clicked?project_id=${alfa}`)).json();
    expect(res).toMatchObject({ bostad: '1001', clicks: 3 });
  });

  it('counts a click recorded through the widget, once per visitor however often it is repeated', async () => {
    for (const agent of ['Firefox', 'Firefox', 'Safari']) {
      const click = await t.app.inject({
        method: 'POST',
        url: `/api/v1/public/view/${beta}/click`,
        headers: { 'user-agent': agent },
        payload: { apartment_id: apt['2002'] },
      });
      expect(click.statusCode).toBeLessThan(300);
    }
    await t.app.clicks.flush();
    const day = (
      await get(
        clientA.token,
        `/statistic/clicks/daily?from=${today()}&to=${today()}&apartment_id=${apt['2002']}`,
      )
    ).json();
    expect(day.total).toBe(1);
    const top = (await get(clientA.token, `/statistic/clicks/top?project_id=${beta}`)).json();
    expect(top.apartments.map((a: { bostad: string; clicks: number }) => [a.bostad, a.clicks])).toEqual([
      ['2001', 1],
      ['2002', 1],
    ]);
  });
});

describe('GET /statistic/clicks/daily', () => {
  it('lists every day of the range with the caller’s clicks', async () => {
    const to = today();
    const from = addDays(to, -13);
    const res = await get(clientA.token, `/statistic/clicks/daily?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<DailyClicks>();
    expect(body).toMatchObject({ from, to, total: 11 });
    expect(body.days).toHaveLength(14);
    expect(body.days[0]!.date).toBe(from);
    expect(body.days.at(-1)!.date).toBe(to);
    // Each day as the Swedish calendar counts it.
    const expected = new Map<string, number>();
    for (const at of [now(), now(), ago(1), ago(2), now(), ago(3)]) {
      expected.set(dateInZone(at), (expected.get(dateInZone(at)) ?? 0) + 1);
    }
    for (const at of [ago(10), ago(10), ago(10), ago(10), ago(10, 5)]) {
      expected.set(dateInZone(at), (expected.get(dateInZone(at)) ?? 0) + 1);
    }
    for (const day of body.days) expect(day.clicks, day.date).toBe(expected.get(day.date) ?? 0);
  });

  it('narrows to one project or one apartment, and counts today', async () => {
    const to = today();
    const from = addDays(to, -6);
    const project = (
      await get(clientA.token, `/statistic/clicks/daily?from=${from}&to=${to}&project_id=${beta}`)
    ).json();
    expect(project.total).toBe(1);
    const one = (
      await get(clientA.token, `/statistic/clicks/daily?from=${to}&to=${to}&apartment_id=${apt['1001']}`)
    ).json();
    expect(one.days).toEqual([{ date: to, clicks: dateInZone(ago(1)) === to ? 3 : 2 }]);
  });

  it('defaults to the last 30 days', async () => {
    const res = (await get(admin.token, '/statistic/clicks/daily')).json();
    expect(res).toMatchObject({ ...lastDays(30, today()), total: 20 });
    expect(res.days).toHaveLength(30);
  });
});

describe('GET /statistic/clicks/top', () => {
  it('ranks the caller’s apartments by clicks in the range, with status and price', async () => {
    const res = await get(clientA.token, '/statistic/clicks/top');
    expect(res.statusCode).toBe(200);
    expect(res.json().apartments).toEqual([
      {
        apartment_id: apt['1002'],
        bostad: '1002',
        status: 'sold',
        price: 3_150_000,
        inactive: false,
        project_id: alfa,
        project_name: 'Alfa',
        project_type: 'sale',
        clicks: 5,
      },
      expect.objectContaining({ bostad: '1001', clicks: 3, price: 2_450_000, status: 'sale' }),
      expect.objectContaining({ bostad: '1003', clicks: 2 }),
      expect.objectContaining({ bostad: '2001', clicks: 1, project_name: 'Beta', project_type: 'rental' }),
    ]);
  });

  it('leaves out clicks before the range and honours the limit', async () => {
    const week = lastDays(7, today());
    const res = (
      await get(clientA.token, `/statistic/clicks/top?from=${week.from}&to=${week.to}&limit=2`)
    ).json();
    expect(res.apartments.map((a: { bostad: string }) => a.bostad)).toEqual(['1001', '1003']);
    const admins = (await get(admin.token, '/statistic/clicks/top?limit=1')).json();
    expect(admins.apartments.map((a: { bostad: string }) => a.bostad)).toEqual(['3001']);
  });
});

describe('GET /statistic/projects/{projectId}/apartment-clicks', () => {
  it('gives each clicked apartment of the project its clicks in the range', async () => {
    const res = await get(broker.token, `/statistic/projects/${alfa}/apartment-clicks`);
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(
      (res.json().apartments as { apartment_id: number; clicks: number }[]).map((a) => [
        a.apartment_id,
        a.clicks,
      ]),
    );
    expect(byId).toEqual({ [apt['1001']!]: 3, [apt['1002']!]: 5, [apt['1003']!]: 2 });
  });

  it('answers 404 for a project the caller does not reach, whatever the query', async () => {
    expect((await get(broker.token, `/statistic/projects/${beta}/apartment-clicks`)).statusCode).toBe(404);
    expect(
      (await get(clientA.token, `/statistic/projects/${omega}/apartment-clicks?from=x`)).statusCode,
    ).toBe(404);
    expect((await get(clientA.token, '/statistic/projects/999999/apartment-clicks')).statusCode).toBe(404);
  });
});

describe('GET /statistic/status-history', () => {
  it('gives apartments per status on each day, worked back through the changes', async () => {
    // The apartments were created twenty days ago; 1004 was sold three days ago and 1003 today.
    await t.db
      .update(apartmentStatusChanges)
      .set({ changed_at: ago(20) })
      .where(sql`${apartmentStatusChanges.from_status} is null`);
    await t.db.update(apartments).set({ status: 'sold' }).where(eq(apartments.id, apt['1004']!));
    await t.db
      .insert(apartmentStatusChanges)
      .values({ apartment_id: apt['1004']!, from_status: 'sale', to_status: 'sold', changed_at: ago(3) });
    await t.as(clientA.token, {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: { apartments: [apt['1003']], status: 'sold', projectId: alfa },
    });

    const to = today();
    const from = addDays(to, -6);
    const res = await get(
      clientA.token,
      `/statistic/status-history?from=${from}&to=${to}&project_id=${alfa}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const soldOn = dateInZone(ago(3));
    for (const day of body.days as { date: string; counts: Record<string, number>; changes: number }[]) {
      const expected =
        day.date === to
          ? { sold: 3, sale: 1 }
          : day.date >= soldOn
            ? { sold: 2, sale: 1, reserved: 1 }
            : { sold: 1, sale: 2, reserved: 1 };
      expect(day.counts, day.date).toEqual(expected);
      const changes = (day.date === to ? 1 : 0) + (day.date === soldOn ? 1 : 0);
      expect(day.changes, day.date).toBe(changes);
    }
    expect(body.projects).toEqual([
      {
        id: alfa,
        name: 'Alfa',
        type: 'sale',
        start: { sold: 1, sale: 2, reserved: 1 },
        end: { sold: 3, sale: 1 },
      },
    ]);
  });

  it('shows nothing before an apartment existed', async () => {
    const yesterday = addDays(today(), -1);
    // Everything was created just now: at the end of yesterday there was nothing.
    const body = (
      await get(clientO.token, `/statistic/status-history?from=${yesterday}&to=${today()}`)
    ).json();
    expect(body.days[0]).toEqual({ date: yesterday, counts: {}, changes: 0 });
    expect(body.days[1]).toEqual({ date: today(), counts: { sold: 2, sale: 1 }, changes: 0 });
    expect(body.projects).toEqual([
      { id: omega, name: 'Omega', type: 'sale', start: {}, end: { sold: 2, sale: 1 } },
    ]);
  });
});

describe('bad query values', () => {
  it('refuses malformed, reversed, future, too long or half ranges with 422 and the field', async () => {
    const to = today();
    const cases: [string, string][] = [
      ['/statistic/clicks/daily?from=2026-02-30&to=2026-03-01', 'from'],
      ['/statistic/clicks/daily?from=yesterday&to=today', 'from'],
      [`/statistic/clicks/daily?from=${to}&to=${addDays(to, -1)}`, 'from'],
      [`/statistic/clicks/daily?from=${to}&to=${addDays(to, 1)}`, 'to'],
      [`/statistic/clicks/top?from=${addDays(to, -366)}&to=${to}`, 'to'],
      [`/statistic/clicks/top?from=${to}`, 'to'],
      ['/statistic/clicks/top?limit=0', 'limit'],
      ['/statistic/clicks/top?limit=101', 'limit'],
      ['/statistic/status-history?from=1999-12-01&to=1999-12-31', 'from'],
      ['/statistic/projects/all-sum?project_type=house', 'project_type'],
      ['/statistic/projects/all-sum?project_id=abc', 'project_id'],
      ['/statistic/clicks/daily?apartment_id=-1', 'apartment_id'],
      [`/statistic/projects/${alfa}/apartment-clicks?from=${to}&to=2020-01-01`, 'from'],
    ];
    for (const [url, field] of cases) {
      const res = await get(clientA.token, url);
      expect(res.statusCode, url).toBe(422);
      const body = res.json();
      expect(body.status_code, url).toBe(422);
      expect(Object.keys(body.errors), url).toContain(field);
    }
  });

  it('answers 404 for a project or apartment that is missing or someone else’s', async () => {
    for (const url of [
      `/statistic/projects/all-sum?project_id=${omega}`,
      '/statistic/projects/per-project?project_id=424242',
      `/statistic/projects/most-clicked?project_id=${omega}`,
      `/statistic/clicks/top?project_id=${omega}`,
      `/statistic/status-history?project_id=${omega}`,
      `/statistic/clicks/daily?apartment_id=${apt['3001']}`,
      '/statistic/clicks/daily?apartment_id=424242',
      `/statistic/clicks/daily?project_id=${alfa}&apartment_id=${apt['2001']}`,
    ]) {
      const res = await get(clientA.token, url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get(broker.token, `/statistic/clicks/daily?project_id=${beta}`)).statusCode).toBe(404);
  });
});

describe('the roll-ups', () => {
  it('always equal the click events: inserts, deletes and deleted apartments', async () => {
    // The windows are built by the first read that needs them, then kept by the triggers.
    expect((await get(admin.token, '/statistic/clicks/top')).statusCode).toBe(200);
    await expectRollUpsExact(t.db, today());
    await t.db.delete(clickEvents).where(eq(clickEvents.id, 1));
    await clicks('1004', [now(), ago(40), ago(100)]);
    await expectRollUpsExact(t.db, today());
    await t.as(admin.token, { method: 'DELETE', url: `/api/v1/admin/apartment/${apt['1002']}` });
    await expectRollUpsExact(t.db, today());
    const apartmentIds = (await t.db.select({ id: clickDaily.apartment_id }).from(clickDaily)).map(
      (r) => r.id,
    );
    expect(apartmentIds).not.toContain(apt['1002']);
  });
});
