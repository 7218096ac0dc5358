import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { seedProjectWorld, type ProjectWorld } from './project-fixtures';

/**
 * Two people edit the same thing: the one who saves second, holding what they loaded,
 * gets a 409 with a clear message and nothing of theirs is written, so the first save is
 * never silently lost. A write without a version (the spec's plain payloads) still works.
 */

let t: TestApp;
let w: ProjectWorld;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  w = await seedProjectWorld(t);
});

const admin = () => w.admin.token;

describe('project details', () => {
  const put = (payload: object) =>
    t.as(admin(), { method: 'PUT', url: `/api/v1/admin/project/${w.projectA.id}`, payload });

  it('refuses a save made on a stale version with 409 and keeps the first save', async () => {
    const loaded = (
      await t.as(admin(), { method: 'GET', url: `/api/v1/admin/project/${w.projectA.id}` })
    ).json().project;
    const first = await put({ name: 'Alpha (Anna)', version: loaded.version });
    expect(first.statusCode).toBe(200);
    expect(first.json().project.version).toBe(loaded.version + 1);

    const second = await put({ description: 'Bertil was here', version: loaded.version });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/Someone else changed this project.*Reload/);
    const now = (await t.as(admin(), { method: 'GET', url: `/api/v1/admin/project/${w.projectA.id}` })).json()
      .project;
    expect([now.name, now.description]).toEqual(['Alpha (Anna)', 'A']);

    // With the version it now has, the same change goes through.
    expect((await put({ description: 'Bertil was here', version: now.version })).statusCode).toBe(200);
  });

  it('accepts the plain payload without a version', async () => {
    const res = await put({
      name: 'X',
      type: 'sale',
      description: '',
      user_id: w.clientA.id,
      broker_id: null,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('settings', () => {
  const url = `/api/v1/admin/settings/`;
  const read = async (name: string) =>
    (await t.as(admin(), { method: 'GET', url: `${url}${w.projectA.id}?name=${name}` })).json<{
      value: string;
      version: number;
    }>();
  const write = (payload: object) =>
    t.as(admin(), { method: 'POST', url: `${url}${w.projectA.id}`, payload });

  it('refuses a stale write of the same setting, lets another setting through', async () => {
    const size = await read('label_font_size');
    const currency = await read('currency');
    expect(size).toEqual({ name: 'label_font_size', value: '45', version: 0 });

    const first = await write({ name: 'label_font_size', value: '60', version: size.version });
    expect(first.json()).toEqual({ name: 'label_font_size', value: '60', version: 1 });
    const second = await write({ name: 'label_font_size', value: '50', version: size.version });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/label_font_size.*Reload/);
    expect((await read('label_font_size')).value).toBe('60');

    // Nothing was lost by changing a different setting from the same stale page.
    expect((await write({ name: 'currency', value: 'sek', version: currency.version })).statusCode).toBe(200);
    const all = (await t.as(admin(), { method: 'GET', url: `${url}${w.projectA.id}` })).json();
    expect(all.versions).toMatchObject({ label_font_size: 1, currency: 1, show_status: 0 });
    expect(all.settings).toMatchObject({ label_font_size: '60', currency: 'sek' });
  });

  it('accepts a write without a version', async () => {
    await write({ name: 'currency', value: 'sek' });
    expect((await write({ name: 'currency', value: 'kr' })).json()).toEqual({
      name: 'currency',
      value: 'kr',
      version: 2,
    });
  });
});

describe('apartments', () => {
  let apartment: { id: number; version: number };
  beforeEach(async () => {
    apartment = (
      await t.as(admin(), {
        method: 'POST',
        url: `/api/v1/admin/apartment/${w.projectA.id}`,
        payload: { bostad: '1101', price: 100 },
      })
    ).json().apartment;
  });
  const put = (payload: object, token = admin()) =>
    t.as(token, { method: 'PUT', url: `/api/v1/client/apartment/${apartment.id}`, payload });

  it('refuses a stale save with 409 naming the apartment, and keeps the first save', async () => {
    expect(apartment.version).toBe(1);
    const first = await put({ price: 200, version: 1 }, w.clientA.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().apartment).toMatchObject({ price: 200, version: 2 });
    const second = await put({ status: 'reserved', version: 1 }, w.broker.token);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/apartment 1101.*Reload/);
    const now = (
      await t.as(admin(), { method: 'GET', url: `/api/v1/admin/apartment/${apartment.id}` })
    ).json().apartment;
    expect([now.price, now.status, now.version]).toEqual([200, 'sale', 2]);
    expect((await put({ status: 'reserved' })).json().apartment.version).toBe(3);
  });

  it('moves the version on with mass status updates, and refuses a stale one for all of them', async () => {
    const b = (
      await t.as(admin(), {
        method: 'POST',
        url: `/api/v1/admin/apartment/${w.projectA.id}`,
        payload: { bostad: '1102' },
      })
    ).json().apartment;
    await put({ price: 300 }); // apartment → version 2
    const stale = await t.as(admin(), {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: {
        apartments: [apartment.id, b.id],
        status: 'reserved',
        projectId: w.projectA.id,
        versions: { [apartment.id]: 1, [b.id]: b.version },
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/apartment 1101/);
    const list = (
      await t.as(admin(), { method: 'GET', url: `/api/v1/admin/apartments/${w.projectA.id}` })
    ).json().apartments as { status: string }[];
    expect(list.map((a) => a.status)).toEqual(['sale', 'sale']);

    const fresh = await t.as(admin(), {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: {
        apartments: [apartment.id, b.id],
        status: 'reserved',
        projectId: w.projectA.id,
        versions: { [apartment.id]: 2, [b.id]: b.version },
      },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().apartments.map((a: { version: number }) => a.version)).toEqual([3, b.version + 1]);
  });
});
