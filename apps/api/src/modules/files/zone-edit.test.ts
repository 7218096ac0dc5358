import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let admin: U, client: U, other: U;
let project: number;
let a: { id: number }, b: { id: number };
let plan: { id: number; version: number };

beforeAll(async () => {
  t = await createTestApp({ publicViewTtlMs: 60_000 });
});
afterAll(() => t.close());

const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${inner}</svg>`;

const newProject = async (owner: number) => (await arrangeFor(t, admin.token).project({ owner })).id;
const addApartment = (projectId: number, bostad: string, status = 'sale') =>
  arrangeFor(t, admin.token).apartment(projectId, { bostad, status });
const upload = (projectId: number, name: string, markup: string) =>
  arrangeFor(t, admin.token).plan(projectId, { name, markup });
const edit = (body: unknown, fileId = plan.id, projectId = project, token = admin.token) =>
  t.as(token, {
    method: 'PATCH',
    url: `/api/v1/admin/plans/${projectId}/${fileId}/zone`,
    payload: body as object,
  });
const markup = async (fileId = plan.id) =>
  (await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/plans/${project}/${fileId}/markup` })).body;
const apartmentsOf = async () =>
  (await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/apartments/${project}` })).json()
    .apartments as {
    id: number;
    file_name: string;
  }[];

beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin');
  client = await t.createUser('client');
  other = await t.createUser('client');
  project = await newProject(client.id);
  a = await addApartment(project, '1101', 'sold');
  b = await addApartment(project, '1102');
  plan = await upload(
    project,
    'floor.svg',
    svg(
      `<g id="walls"><path d="M0 0h100"/></g><g id="zones"><rect x="1" y="1" width="9" height="9"/>` +
        `<rect id="${b.id}" data-bostad="1102" x="20" y="1" width="9" height="9"/>` +
        `<rect id="${b.id}" data-bostad="1102" x="40" y="1" width="9" height="9"/></g>`,
    ),
  );
  await upload(project, 'house.svg', svg('<rect width="5" height="5"/>'));
});

describe('PATCH /{role}/plans/{projectId}/{fileId}/zone', () => {
  it('attaches an apartment to a plain shape and answers with what changed, not the plan', async () => {
    const res = await edit({
      version: plan.version,
      zone: { path: [1, 0], name: 'rect', id: null },
      edit: { kind: 'attach', apartment_id: a.id },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.file).toMatchObject({ id: plan.id, version: plan.version + 1, name: 'floor.svg' });
    expect(body.file.svg).toBeUndefined();
    expect(body.zone).toEqual({
      path: [1, 0],
      name: 'rect',
      id: String(a.id),
      attributes: {
        id: String(a.id),
        'data-bostad': '1101',
        'data-status': 'sold',
        'data-inactive': '0',
        'data-link-to': null,
        'data-building-number': null,
      },
    });
    expect(body.apartments).toEqual([expect.objectContaining({ id: a.id, file_name: 'floor.svg' })]);
    // A few hundred bytes, whatever the plan's size.
    expect(res.body.length).toBeLessThan(2000);
    expect(await markup()).toContain(
      `<rect x="1" y="1" width="9" height="9" id="${a.id}" data-bostad="1101" data-status="sold" data-inactive="0"/>`,
    );
    const view = (await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${project}` })).json();
    expect(view.apartments.find((x: { id: number }) => x.id === a.id).plans).toEqual(['floor.svg']);
  });

  it('moves file_name only for apartments that left or joined the plan', async () => {
    // b is drawn twice: detaching one of its zones leaves it on the plan.
    const first = await edit({
      version: plan.version,
      zone: { path: [1, 1], name: 'rect', id: String(b.id) },
      edit: { kind: 'detach' },
    });
    expect(first.json().apartments).toEqual([]);
    expect((await apartmentsOf()).find((x) => x.id === b.id)!.file_name).toBe('floor.svg');
    // Its other zone now shows a: b leaves the plan, a joins it.
    const second = await edit({
      version: plan.version + 1,
      zone: { path: [1, 2], name: 'rect', id: String(b.id) },
      edit: { kind: 'attach', apartment_id: a.id },
    });
    expect(second.statusCode).toBe(200);
    const moved = second.json().apartments as { id: number; file_name: string }[];
    expect(moved.map((x) => [x.id, x.file_name]).sort()).toEqual(
      [
        [a.id, 'floor.svg'],
        [b.id, ''],
      ].sort(),
    );
    expect(await markup()).toContain('<rect x="20" y="1" width="9" height="9"/>');
  });

  it('links a zone to a building’s plan, with a fresh id, and unlinks it', async () => {
    const building = (
      await t.as(admin.token, {
        method: 'POST',
        url: `/api/v1/building-numbers/${project}`,
        payload: { label: 'A' },
      })
    ).json().building_number.id as number;
    const res = await edit({
      version: plan.version,
      zone: { path: [1, 0], name: 'rect', id: null },
      edit: { kind: 'link', target: 'house.svg', building_number_id: building },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().zone.attributes).toMatchObject({
      id: 'zone-link-1',
      'data-link-to': 'house.svg',
      'data-building-number': String(building),
    });
    const unlinked = await edit({
      version: plan.version + 1,
      zone: { path: [1, 0], name: 'rect', id: 'zone-link-1' },
      edit: { kind: 'unlink' },
    });
    expect(unlinked.json().zone.attributes).toMatchObject({
      'data-link-to': null,
      'data-building-number': null,
    });
  });

  it('refuses what the plan or project does not have, and changes nothing', async () => {
    const otherProject = await newProject(other.id);
    const foreign = await addApartment(otherProject, '9');
    const foreignBuilding = (
      await t.as(admin.token, {
        method: 'POST',
        url: `/api/v1/building-numbers/${otherProject}`,
        payload: { label: 'X' },
      })
    ).json().building_number.id as number;
    const zone = { path: [1, 0], name: 'rect', id: null };
    const cases: [unknown, number, string][] = [
      [
        { version: plan.version, zone, edit: { kind: 'attach', apartment_id: foreign.id } },
        422,
        'edit.apartment_id',
      ],
      [
        {
          version: plan.version,
          zone,
          edit: { kind: 'link', target: 'floor.svg', building_number_id: null },
        },
        422,
        'edit.target',
      ],
      [{ version: plan.version, zone, edit: { kind: 'link', target: 'nope.svg' } }, 422, 'edit.target'],
      [
        {
          version: plan.version,
          zone,
          edit: { kind: 'link', target: 'house.svg', building_number_id: foreignBuilding },
        },
        422,
        'edit.building_number_id',
      ],
      [
        { version: plan.version, zone: { path: [0], name: 'g', id: 'nope' }, edit: { kind: 'detach' } },
        409,
        '',
      ],
      [
        { version: plan.version, zone: { path: [7], name: 'rect', id: null }, edit: { kind: 'detach' } },
        409,
        '',
      ],
      [
        { version: plan.version, zone: { path: [], name: 'svg', id: null }, edit: { kind: 'detach' } },
        422,
        'zone',
      ],
      [{ version: plan.version + 5, zone, edit: { kind: 'detach' } }, 409, ''],
      [{ version: plan.version, zone, edit: { kind: 'explode' } }, 422, ''],
    ];
    const before = await markup();
    for (const [body, status, field] of cases) {
      const res = await edit(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (field) expect(Object.keys(res.json().errors)).toContain(field);
      expect(res.body).not.toMatch(/select|stack|at \//i);
    }
    expect(await markup()).toBe(before);
    expect(
      (await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/plans/${project}` })).json().plans[0]
        .version,
    ).toBe(plan.version);
  });

  it('is for admins: a client gets 403 on its own project and 404 on another', async () => {
    const body = {
      version: plan.version,
      zone: { path: [1, 0], name: 'rect', id: null },
      edit: { kind: 'detach' },
    };
    const own = await t.as(client.token, {
      method: 'PATCH',
      url: `/api/v1/client/plans/${project}/${plan.id}/zone`,
      payload: body,
    });
    expect(own.statusCode).toBe(403);
    const foreign = await t.as(other.token, {
      method: 'PATCH',
      url: `/api/v1/client/plans/${project}/${plan.id}/zone`,
      payload: body,
    });
    expect(foreign.statusCode).toBe(404);
    const otherProject = await newProject(other.id);
    expect((await edit(body, plan.id, otherProject)).statusCode).toBe(404);
  });
});

describe('plans without their markup, and the markup once per version', () => {
  it('lists plans without markup', async () => {
    const res = await t.as(client.token, { method: 'GET', url: `/api/v1/client/plans/${project}` });
    expect(res.statusCode).toBe(200);
    const plans = res.json().plans as { name: string; svg?: string; version: number }[];
    expect(plans.map((p) => p.name)).toEqual(['floor.svg', 'house.svg']);
    expect(plans.every((p) => p.svg === undefined)).toBe(true);
    expect(
      (await t.as(other.token, { method: 'GET', url: `/api/v1/client/plans/${project}` })).statusCode,
    ).toBe(404);
  });

  it('sends the markup with an ETag, and 304 when the copy is current', async () => {
    const url = `/api/v1/client/plans/${project}/${plan.id}/markup`;
    const res = await t.as(client.token, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('<g id="walls">');
    const again = await t.as(client.token, {
      method: 'GET',
      url,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).not.toContain('<svg');
    // Compressed for browsers that take it, the same markup once decoded.
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await t.as(client.token, {
        method: 'GET',
        url,
        headers: { 'accept-encoding': encoding },
      });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.etag).toBe(res.headers.etag);
      expect(decode(packed.rawPayload).toString()).toBe(res.body);
    }
    expect((await t.as(other.token, { method: 'GET', url })).statusCode).toBe(404);
    const otherProject = await newProject(other.id);
    expect(
      (
        await t.as(admin.token, {
          method: 'GET',
          url: `/api/v1/admin/plans/${otherProject}/${plan.id}/markup`,
        })
      ).statusCode,
    ).toBe(404);
  });
});
