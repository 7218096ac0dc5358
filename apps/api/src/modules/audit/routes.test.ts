import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@planvy/shared';
import { buildApp } from '../../app';
import { createTestApp, multipart, type TestApp } from '../../../test/harness';
import { seedProjectWorld, type ProjectWorld } from '../projects/project-fixtures';

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

const audit = async (query = '', token = w.admin.token) => {
  const res = await t.as(token, { method: 'GET', url: `/api/v1/admin/audit${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<AuditPage>();
};
const latest = async () => (await audit('?limit=1')).entries[0] as AuditEntry;
const addApartment = async (bostad = '1101') => {
  const res = await t.as(w.admin.token, {
    method: 'POST',
    url: `/api/v1/admin/apartment/${w.projectA.id}`,
    payload: { bostad, status: 'sale' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ apartment: { id: number } }>().apartment.id;
};

describe('no write can be forgotten', () => {
  it('every signed-in POST, PUT, PATCH and DELETE route declares what it changes', async () => {
    const undeclared: string[] = [];
    for (const route of t.app.writeRoutes.filter((r) => !r.declared)) {
      const url = route.url.replace(/:[A-Za-z_]+/g, '1');
      const res = await t.app.inject({ method: route.method as 'POST', url, payload: {} });
      // A route that wants a token is a signed-in write: it must say what it changes.
      if (res.statusCode === 401) undeclared.push(`${route.method} ${route.url}`);
    }
    expect(undeclared).toEqual([]);
  });

  it('records even an undeclared write (a module that forgot), with what its URL says', async () => {
    const app = await buildApp({ config: t.config, db: t.db, jwtSecret: 'test-secret-'.padEnd(48, 'x') });
    app.post('/api/v1/admin/gadget/:projectId', { onRequest: app.requireRole('admin') }, async () => ({
      ok: true,
    }));
    try {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/admin/gadget/${w.projectB.id}`,
        headers: { authorization: `Bearer ${w.admin.token}` },
        payload: { colour: 'red' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
    }
    expect(await latest()).toMatchObject({
      action: 'create',
      entity_type: 'gadget',
      project: { id: w.projectB.id, name: 'Beta' },
      actor: { id: w.admin.id },
      detail: { fields: ['colour'], undeclared: true },
    });
  });
});

describe('what is recorded', () => {
  it('names who did what to which apartment in which project, also for a delete, and only for successes', async () => {
    const id = await addApartment();
    expect(await latest()).toMatchObject({
      action: 'create',
      entity_type: 'apartment',
      entity_id: String(id),
      entity_label: '1101',
      project: { id: w.projectA.id, name: 'Alpha' },
      actor: { id: w.admin.id, name: 'Ada Test' },
      as_user: null,
    });

    await t.as(w.clientA.token, {
      method: 'PUT',
      url: `/api/v1/client/apartment/${id}`,
      payload: { status: 'reserved', price: 1000 },
    });
    expect(await latest()).toMatchObject({
      action: 'update',
      entity_id: String(id),
      project: { id: w.projectA.id },
      actor: { id: w.clientA.id },
      detail: { fields: ['price', 'status'] },
    });

    const before = (await audit()).entries.length;
    const bad = await t.as(w.clientA.token, {
      method: 'PUT',
      url: `/api/v1/client/apartment/${id}`,
      payload: { status: 'nonsense' },
    });
    expect(bad.statusCode).toBe(422);
    const hidden = await t.as(w.clientB.token, { method: 'DELETE', url: `/api/v1/client/apartment/${id}` });
    expect(hidden.statusCode).toBe(404);
    expect((await audit()).entries.length).toBe(before);

    expect(
      (await t.as(w.admin.token, { method: 'DELETE', url: `/api/v1/admin/apartment/${id}` })).statusCode,
    ).toBe(204);
    expect(await latest()).toMatchObject({
      action: 'delete',
      entity_type: 'apartment',
      entity_id: String(id),
      entity_label: null,
      project: { id: w.projectA.id },
    });
  });

  it('records settings, plans, files, mass status changes, users and imports, but not previews', async () => {
    const id = await addApartment();
    await t.as(w.admin.token, {
      method: 'POST',
      url: `/api/v1/admin/settings/${w.projectA.id}`,
      payload: { name: 'show_status', value: '1' },
    });
    expect(await latest()).toMatchObject({
      entity_type: 'setting',
      entity_id: 'show_status',
      detail: { name: 'show_status', value: '1' },
      project: { id: w.projectA.id },
    });

    const upload = await t.as(w.admin.token, {
      method: 'POST',
      url: `/api/v1/admin/file/${w.projectA.id}`,
      ...multipart(
        'plan.svg',
        '<svg xmlns="http://www.w3.org/2000/svg"><rect id="z1" width="5" height="5"/></svg>',
      ),
    });
    expect(upload.statusCode).toBe(201);
    const fileId = upload.json().file.id;
    expect(await latest()).toMatchObject({
      entity_type: 'file',
      entity_id: String(fileId),
      entity_label: 'plan.svg',
      detail: { name: 'plan.svg' },
    });
    await t.as(w.admin.token, { method: 'DELETE', url: `/api/v1/admin/file/${fileId}` });
    expect(await latest()).toMatchObject({
      action: 'delete',
      entity_type: 'file',
      project: { id: w.projectA.id },
    });

    await t.as(w.clientA.token, {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: { apartments: [id], status: 'leased', projectId: w.projectA.id },
    });
    expect(await latest()).toMatchObject({
      action: 'status',
      entity_type: 'apartment',
      entity_id: null,
      project: { id: w.projectA.id },
      detail: { status: 'leased', count: 1, apartments: [id] },
    });

    const created = await t.as(w.admin.token, {
      method: 'POST',
      url: '/api/v1/admin/user',
      payload: {
        email: 'new@example.com',
        first_name: 'Nils',
        role: 'client',
        password: 'hemligt1',
        password_confirm: 'hemligt1',
      },
    });
    const entry = await latest();
    expect(entry).toMatchObject({
      action: 'create',
      entity_type: 'user',
      entity_id: String(created.json().user.id),
      entity_label: 'Nils',
      project: null,
    });
    // Which fields were sent, never what they held.
    expect(JSON.stringify(entry)).not.toContain('hemligt1');

    const csv = 'Bostad\tStatus\n2202\tsale\n';
    const countBefore = (await audit()).entries.length;
    await t.as(w.admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${w.projectA.id}/import`,
      payload: { csv },
    });
    expect((await audit()).entries.length).toBe(countBefore);
    await t.as(w.admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${w.projectA.id}/import?apply=1`,
      payload: { csv },
    });
    expect(await latest()).toMatchObject({ action: 'import', entity_type: 'apartment', detail: { new: 1 } });
  });

  it('names themes and building numbers by their current names', async () => {
    const theme = await t.as(w.admin.token, {
      method: 'POST',
      url: '/api/v1/admin/styles',
      payload: { name: 'Höstljus', data: [{ attr: 'main-background', val: '#ffffff' }] },
    });
    expect(theme.statusCode, theme.body).toBe(201);
    expect(await latest()).toMatchObject({ entity_type: 'theme', entity_label: 'Höstljus' });

    const house = await t.as(w.admin.token, {
      method: 'POST',
      url: `/api/v1/building-numbers/${w.projectA.id}`,
      payload: { label: 'B' },
    });
    expect(house.statusCode, house.body).toBe(201);
    expect(await latest()).toMatchObject({ entity_type: 'building_number', entity_label: 'B' });
  });

  it('records "log in as": the start, every write with both names, and the end', async () => {
    const id = await addApartment();
    const { token } = (
      await t.as(w.admin.token, { method: 'GET', url: `/api/v1/admin/user/authenticate/${w.clientA.id}` })
    ).json<{ token: string }>();
    await t.as(token, {
      method: 'PUT',
      url: `/api/v1/client/apartment/${id}`,
      payload: { status: 'reserved' },
    });
    await t.as(token, { method: 'POST', url: '/api/v1/user/impersonation/end' });
    const [end, write, start] = (await audit('?limit=3')).entries;
    expect(start).toMatchObject({
      action: 'impersonation.start',
      entity_type: 'user',
      entity_id: String(w.clientA.id),
      entity_label: 'Anna Test',
      actor: { id: w.admin.id, name: 'Ada Test' },
      as_user: null,
    });
    expect(write).toMatchObject({
      action: 'update',
      entity_type: 'apartment',
      actor: { id: w.admin.id, name: 'Ada Test' },
      as_user: { id: w.clientA.id, name: 'Anna Test' },
    });
    expect(end).toMatchObject({
      action: 'impersonation.end',
      actor: { id: w.admin.id },
      as_user: { id: w.clientA.id },
    });
  });

  it('records "sign out everywhere"', async () => {
    await t.as(w.broker.token, { method: 'POST', url: '/api/v1/user/sign-out-everywhere' });
    expect(await latest()).toMatchObject({
      action: 'sign_out_everywhere',
      entity_type: 'user',
      entity_id: String(w.broker.id),
      actor: { id: w.broker.id, name: 'Bo Test' },
    });
  });
});

describe('GET /admin/audit', () => {
  it('filters by user (by, as or about them), project and date range, and pages newest first', async () => {
    const id = await addApartment('A1');
    await t.as(w.clientA.token, {
      method: 'PUT',
      url: `/api/v1/client/apartment/${id}`,
      payload: { floor: '2' },
    });
    await t.as(w.admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/project/${w.projectB.id}`,
      payload: { name: 'Beta 2' },
    });
    await t.as(w.admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/user/${w.clientA.id}`,
      payload: { first_name: 'Anna', role: 'client' },
    });

    const byClient = await audit(`?user=${w.clientA.id}`);
    expect(byClient.entries.map((e) => `${e.action} ${e.entity_type}`)).toEqual([
      'update user',
      'update apartment',
    ]);

    const inBeta = await audit(`?project=${w.projectB.id}`);
    expect(inBeta.entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(inBeta.entries[0]?.project).toEqual({ id: w.projectB.id, name: 'Beta 2' });

    // Move the two oldest entries a day back, then ask for today only.
    await t.db.execute(sql`update audit_log set at = now() - interval '1 day' where id in (1, 2)`);
    const today = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const recent = await audit(`?from=${encodeURIComponent(today)}`);
    expect(recent.entries.every((e) => e.id > 2)).toBe(true);
    const old = await audit(`?to=${encodeURIComponent(today)}`);
    expect(old.entries.map((e) => e.id)).toEqual([2, 1]);

    const first = await audit('?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.next_before).toBe(first.entries[1]?.id);
    const second = await audit(`?limit=2&before=${first.next_before}`);
    expect(second.entries[0]?.id).toBeLessThan(first.entries[1]?.id ?? 0);
    const all = await audit('?limit=200');
    expect(all.next_before).toBeNull();
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(
      all.entries.slice(0, 4).map((e) => e.id),
    );
  });

  it('is for admins in their own session only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit' })).statusCode).toBe(401);
    expect((await t.as(w.clientA.token, { method: 'GET', url: '/api/v1/admin/audit' })).statusCode).toBe(403);
    const { token } = (
      await t.as(w.admin.token, { method: 'GET', url: `/api/v1/admin/user/authenticate/${w.clientA.id}` })
    ).json<{ token: string }>();
    expect((await t.as(token, { method: 'GET', url: '/api/v1/admin/audit' })).statusCode).toBe(403);
  });

  it('refuses bad filters with 422', async () => {
    for (const query of [
      '?user=abc',
      '?from=yesterday',
      '?limit=1000',
      '?from=2026-11-23T00:00:00Z&to=2026-11-22T00:00:00Z',
    ]) {
      const res = await t.as(w.admin.token, { method: 'GET', url: `/api/v1/admin/audit${query}` });
      expect(res.statusCode).toBe(422);
    }
  });
});
