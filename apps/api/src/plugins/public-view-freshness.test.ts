import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, multipart, type TestApp } from '../../test/harness';

/**
 * The public view is cached for a minute here: every write that changes what the widget
 * shows must drop it, so the next read shows the change at once. The first test fails
 * when a route that writes does not say what it does to the view.
 */
let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let admin: U, owner: U;
let project: number;

beforeAll(async () => {
  t = await createTestApp({ publicViewTtlMs: 60_000 });
});
afterAll(() => t.close());

interface View {
  project: { name: string };
  settings: Record<string, string>;
  plans: {
    id: number;
    name: string;
    version: number;
    background_url: string | null;
    buildings: { label: string }[];
  }[];
  apartments: { id: number; bostad: string; status: string; building: string | null; plans: string[] }[];
  buildings: { id: number; label: string }[];
  sun_study: { label: string }[];
}

/** What the writes answer, as far as these tests read it. */
interface Entry {
  id: number;
  version: number;
  filePath: string;
  fileName: string;
}
type Answer = Record<'project' | 'apartment' | 'file' | 'building_number', Entry>;

const view = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${project}` })).json<View>();
const call = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
  const res = await t.as(admin.token, { method, url, payload: payload as Record<string, unknown> });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.body ? res.json<Answer>() : ({} as Answer);
};
const upload = async (url: string, name: string, bytes: Buffer | string) => {
  const { payload, headers } = multipart(name, bytes);
  const res = await t.as(admin.token, { method: 'POST', url, payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Answer>();
};
const svg = (inner = '') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;

/** Reads the view (caching it), writes, and expects the next read to show the change. */
async function expectFresh(write: () => Promise<unknown>, shows: (v: View) => boolean) {
  expect(shows(await view())).toBe(false);
  await write();
  expect(shows(await view())).toBe(true);
}

beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin');
  owner = await t.createUser('client');
  project = (await call('POST', `/api/v1/admin/project/${owner.id}`, { name: 'Freshness', type: 'sale' }))
    .project.id;
});

describe('the public view’s cache', () => {
  it('every route that writes says what it does to the public view', () => {
    const silent = t.app.publicViewWriters
      .filter((r) => r.publicView === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(silent).toEqual([]);
    expect(t.app.publicViewWriters.length).toBeGreaterThan(20);
  });

  it('apartments: add, change, delete, mass status, mass building number and import show at once', async () => {
    let id = 0;
    await expectFresh(
      async () =>
        (id = (await call('POST', `/api/v1/admin/apartment/${project}`, { bostad: '1', status: 'sale' }))
          .apartment.id),
      (v) => v.apartments.length === 1,
    );
    await expectFresh(
      () => call('PUT', `/api/v1/client/apartment/${id}`, { status: 'reserved' }),
      (v) => v.apartments[0]?.status === 'reserved',
    );
    await expectFresh(
      () =>
        call('POST', '/api/v2/apartments/update-status', {
          apartments: [id],
          status: 'sold',
          projectId: project,
        }),
      (v) => v.apartments[0]?.status === 'sold',
    );
    const building = (await call('POST', `/api/v1/building-numbers/${project}`, { label: 'C' }))
      .building_number;
    await expectFresh(
      () =>
        call('POST', '/api/v2/apartments/update-building-number', {
          apartments: [id],
          building_number_id: building.id,
          projectId: project,
        }),
      (v) => v.apartments[0]?.building === 'C',
    );
    await expectFresh(
      () =>
        call('POST', `/api/v1/admin/apartments/${project}/import?apply=1`, {
          csv: 'Bostad;Status\n2;Till salu\n',
        }),
      (v) => v.apartments.some((a) => a.bostad === '2'),
    );
    await expectFresh(
      () => call('DELETE', `/api/v1/admin/apartment/${id}`),
      (v) => !v.apartments.some((a) => a.id === id),
    );
  });

  it('plans: upload, save, zone edit, background, order, buildings and delete show at once', async () => {
    const apartment = (
      await call('POST', `/api/v1/admin/apartment/${project}`, { bostad: '1', status: 'sale' })
    ).apartment;
    let plan: { id: number; version: number } = { id: 0, version: 0 };
    await expectFresh(
      async () =>
        (plan = (await upload(`/api/v1/admin/file/${project}`, 'a.svg', svg('<rect width="1" height="1"/>')))
          .file),
      (v) => v.plans.length === 1,
    );
    await expectFresh(
      () =>
        call('POST', `/api/v1/admin/svg/${project}`, {
          name: 'a.svg',
          svg: svg('<rect width="2" height="1"/>'),
          version: plan.version,
        }),
      (v) => v.plans[0]?.version === plan.version + 1,
    );
    await expectFresh(
      () =>
        call('PATCH', `/api/v1/admin/plans/${project}/${plan.id}/zone`, {
          version: plan.version + 1,
          zone: { path: [0], name: 'rect', id: null },
          edit: { kind: 'attach', apartment_id: apartment.id },
        }),
      (v) => v.apartments[0]?.plans[0] === 'a.svg',
    );
    await upload(
      `/api/v1/admin/file/${project}`,
      'bg.png',
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    await expectFresh(
      () => call('POST', `/api/v1/admin/svg/setImage/${project}`, { fileName: 'bg.png', svgName: 'a.svg' }),
      (v) => v.plans[0]?.background_url !== null,
    );
    await upload(`/api/v1/admin/file/${project}`, 'b.svg', svg());
    await expectFresh(
      () => call('PUT', `/api/v1/admin/file/${plan.id}`, { sort_index: 9 }),
      (v) => v.plans[0]?.name === 'b.svg',
    );
    // Named in the view before any plan carries it: a zone linked to it is "Hus A".
    let building = { id: 0 };
    await expectFresh(
      async () =>
        (building = (await call('POST', `/api/v1/building-numbers/${project}`, { label: 'A' }))
          .building_number),
      (v) => v.buildings.some((b) => b.id === building.id && b.label === 'A'),
    );
    await expectFresh(
      () => call('POST', `/api/v1/admin/svg/buildings/${plan.id}`, { buildings: String(building.id) }),
      (v) => v.plans.some((p) => p.buildings[0]?.label === 'A'),
    );
    await expectFresh(
      () => call('PUT', `/api/v1/building-numbers/${project}/${building.id}`, { label: 'B' }),
      (v) => v.plans.some((p) => p.buildings[0]?.label === 'B'),
    );
    await expectFresh(
      () => call('DELETE', `/api/v1/building-numbers/${project}/${building.id}`),
      (v) => v.plans.every((p) => p.buildings.length === 0),
    );
    await expectFresh(
      () => call('DELETE', `/api/v1/admin/file/${plan.id}`),
      (v) => !v.plans.some((p) => p.name === 'a.svg'),
    );
  });

  it('project, settings and the sun study show at once', async () => {
    await expectFresh(
      () =>
        call('PUT', `/api/v1/admin/project/${project}`, { name: 'Renamed', type: 'sale', user_id: owner.id }),
      (v) => v.project.name === 'Renamed',
    );
    await expectFresh(
      () => call('POST', `/api/v1/admin/settings/${project}`, { name: 'show_sun_study', value: '1' }),
      (v) => v.settings.show_sun_study === '1',
    );
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fa0' } })
      .jpeg()
      .toBuffer();
    const uploaded = (await upload(`/api/v1/admin/sunstudy/${project}`, 'sol.jpg', image)).file;
    let entry = 0;
    await expectFresh(
      async () =>
        (entry = (
          await call('POST', '/api/v2/sunstudy/file', {
            projectId: project,
            label: 'Morgon',
            filePath: uploaded.filePath,
            fileName: uploaded.fileName,
          })
        ).file.id),
      (v) => v.sun_study.length === 1,
    );
    await expectFresh(
      () => call('PUT', `/api/v2/sunstudy/file/${entry}`, { label: 'Kväll' }),
      (v) => v.sun_study[0]?.label === 'Kväll',
    );
    await expectFresh(
      () => call('DELETE', `/api/v2/sunstudy/file/${entry}`),
      (v) => v.sun_study.length === 0,
    );
  });
});
