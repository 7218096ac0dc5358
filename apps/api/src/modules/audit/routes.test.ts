import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@planvy/shared';
import { buildApp } from '../../app';
import { arrangeFor, createTestApp, multipart, type TestApp } from '../../../test/harness';
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
const addApartment = async (bostad = '1101') =>
  (await arrangeFor(t, w.admin.token).apartment(w.projectA.id, { bostad, status: 'sale' })).id;

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
    app.post(
      '/api/v1/admin/gadget/:projectId',
      { config: { access: { action: 'project.create' } } },
      async () => ({
        ok: true,
      }),
    );
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

describe('routes that are not audited', () => {
  it('answer as they always did, also one that answers later through reply (as a static file does)', async () => {
    const app = await buildApp({ config: t.config, db: t.db, jwtSecret: 'test-secret-'.padEnd(48, 'x') });
    app.get('/later', (_request, reply) => {
      setImmediate(() => void reply.type('text/plain').send('sent later'));
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/later' });
      expect([res.statusCode, res.headers['content-type'], res.body]).toEqual([
        200,
        'text/plain',
        'sent later',
      ]);
    } finally {
      await app.close();
    }
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
      entity_label: '1101',
      entity_deleted: true,
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
    expect(inBeta.entries[0]?.project).toEqual({ id: w.projectB.id, name: 'Beta 2', deleted: false });

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

const lastEntryId = async () => (await audit('?limit=1')).entries[0]?.id ?? 0;

/**
 * Which transactions wrote to which tables: test-only triggers note the top-level transaction
 * id (`txid_current()`, the same inside a service's savepoint) of every write statement.
 */
async function noteWrites(tables: string[]) {
  await t.db.execute(sql`create table if not exists test_writes (tx bigint not null, tbl text not null)`);
  await t.db.execute(
    sql.raw(`create or replace function test_note_write() returns trigger language plpgsql as $$
    begin insert into test_writes values (txid_current(), TG_TABLE_NAME); return null; end $$`),
  );
  for (const table of tables) {
    await t.db.execute(
      sql.raw(`create or replace trigger test_note_write after insert or update or delete on ${table}
        for each statement execute function test_note_write()`),
    );
  }
}
async function dropNotes(tables: string[]) {
  for (const table of tables)
    await t.db.execute(sql.raw(`drop trigger if exists test_note_write on ${table}`));
  await t.db.execute(sql`drop function if exists test_note_write()`);
  await t.db.execute(sql`drop table if exists test_writes`);
}
/** The transactions that wrote to `table` since the last call, oldest first. */
async function writers(table: string): Promise<string[]> {
  const { rows } = await t.db.execute<{ tx: string }>(
    sql`select distinct tx::text as tx from test_writes where tbl = ${table} order by 1`,
  );
  return rows.map((r) => r.tx);
}

describe('an entry and the change it records are one transaction', () => {
  const noted = ['apartments', 'building_numbers', 'files', 'users', 'audit_log'];

  it('are written by the same transaction, whichever way the route writes', async () => {
    await noteWrites(noted);
    try {
      const oneTransaction = async (table: string, write: () => Promise<{ statusCode: number }>) => {
        await t.db.execute(sql`delete from test_writes`);
        expect((await write()).statusCode).toBeLessThan(300);
        const changed = await writers(table);
        expect(changed).toHaveLength(1);
        expect(await writers('audit_log')).toEqual(changed);
      };
      let id = 0;
      // A service's own transaction (create, update).
      await oneTransaction('apartments', async () => {
        const res = await t.as(w.admin.token, {
          method: 'POST',
          url: `/api/v1/admin/apartment/${w.projectA.id}`,
          payload: { bostad: '1101' },
        });
        id = res.json<{ apartment: { id: number } }>().apartment.id;
        return res;
      });
      await oneTransaction('apartments', () =>
        t.as(w.clientA.token, {
          method: 'PUT',
          url: `/api/v1/client/apartment/${id}`,
          payload: { status: 'reserved' },
        }),
      );
      // Single statements in the route.
      await oneTransaction('building_numbers', () =>
        t.as(w.admin.token, {
          method: 'POST',
          url: `/api/v1/building-numbers/${w.projectA.id}`,
          payload: { label: 'C' },
        }),
      );
      await oneTransaction('users', () =>
        t.as(w.admin.token, {
          method: 'PUT',
          url: `/api/v1/admin/user/${w.broker.id}`,
          payload: { first_name: 'Bosse', role: 'broker' },
        }),
      );
      // An upload, whose transaction begins after the file is read and checked.
      await oneTransaction('files', () =>
        t.as(w.admin.token, {
          method: 'POST',
          url: `/api/v1/admin/file/${w.projectA.id}`,
          ...multipart(
            'plan.svg',
            '<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>',
          ),
        }),
      );
      // A delete that answers with reply.send.
      await oneTransaction('apartments', () =>
        t.as(w.admin.token, { method: 'DELETE', url: `/api/v1/admin/apartment/${id}` }),
      );
    } finally {
      await dropNotes(noted);
    }
  });

  it('a change whose entry cannot be written does not happen, and the caller hears that it failed', async () => {
    const id = await addApartment('1101');
    const upload = await t.as(w.admin.token, {
      method: 'POST',
      url: `/api/v1/admin/file/${w.projectA.id}`,
      ...multipart('keep.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    const fileId = upload.json<{ file: { id: number } }>().file.id;
    const entries = await lastEntryId();
    // From now on the audit log refuses every new entry (as a full or broken table would).
    await t.db.execute(sql`alter table audit_log add constraint refuse_all check (id < 0) not valid`);
    try {
      const attempts = [
        await t.as(w.admin.token, { method: 'DELETE', url: `/api/v1/admin/apartment/${id}` }),
        await t.as(w.admin.token, {
          method: 'PUT',
          url: `/api/v1/admin/apartment/${id}`,
          payload: { bostad: '1102' },
        }),
        await t.as(w.admin.token, {
          method: 'POST',
          url: `/api/v1/admin/apartment/${w.projectA.id}`,
          payload: { bostad: '1103', status: 'sale' },
        }),
        await t.as(w.admin.token, { method: 'DELETE', url: `/api/v1/admin/file/${fileId}` }),
        await t.as(w.admin.token, {
          method: 'POST',
          url: `/api/v1/admin/file/${w.projectA.id}`,
          ...multipart('new.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'),
        }),
      ];
      for (const res of attempts) {
        expect(res.statusCode, res.body).toBe(500);
        expect(res.json()).toMatchObject({ message: 'Internal server error', errors: {}, status_code: 500 });
      }
    } finally {
      await t.db.execute(sql`alter table audit_log drop constraint refuse_all`);
    }
    const left = await t.as(w.admin.token, {
      method: 'GET',
      url: `/api/v1/admin/apartments/${w.projectA.id}`,
    });
    expect(left.json<{ apartments: { bostad: string }[] }>().apartments.map((a) => a.bostad)).toEqual([
      '1101',
    ]);
    const files = await t.as(w.admin.token, { method: 'GET', url: `/api/v1/admin/svg/${w.projectA.id}` });
    expect(files.json<{ files: { name: string }[] }>().files.map((f) => f.name)).toEqual(['keep.svg']);
    expect(await lastEntryId()).toBe(entries);
  });
});

describe('what an entry keeps', () => {
  it('a role change records the old and the new role', async () => {
    const res = await t.as(w.admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/user/${w.clientA.id}`,
      payload: { first_name: 'Anna', role: 'broker' },
    });
    expect(res.statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'update',
      entity_type: 'user',
      entity_id: String(w.clientA.id),
      detail: { role: { from: 'client', to: 'broker' } },
    });
    await t.as(w.admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/user/${w.clientA.id}`,
      payload: { first_name: 'Annie', role: 'broker' },
    });
    expect((await latest()).detail).not.toHaveProperty('role');
  });

  it('deleted items keep their names, and so do entries of a deleted project', async () => {
    const admin = (options: Parameters<TestApp['as']>[1]) => t.as(w.admin.token, options);
    const apartment = await addApartment('A-101');
    const file = (
      await admin({
        method: 'POST',
        url: `/api/v1/admin/file/${w.projectA.id}`,
        ...multipart('floor 1.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'),
      })
    ).json<{ file: { id: number } }>().file.id;
    const house = (
      await admin({
        method: 'POST',
        url: `/api/v1/building-numbers/${w.projectA.id}`,
        payload: { label: 'Hus C' },
      })
    ).json<{ building_number: { id: number } }>().building_number.id;
    const theme = (
      await admin({
        method: 'POST',
        url: '/api/v1/admin/styles',
        payload: { name: 'Vinter', data: [{ attr: 'main-background', val: '#ffffff' }] },
      })
    ).json<{ theme: { id: number } }>().theme.id;
    const user = (
      await admin({
        method: 'POST',
        url: '/api/v1/admin/user',
        payload: {
          email: 'gone@example.com',
          first_name: 'Greta',
          last_name: 'Gone',
          role: 'client',
          password: 'Vinterträdgård-7',
          password_confirm: 'Vinterträdgård-7',
        },
      })
    ).json<{ user: { id: number } }>().user.id;
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const uploaded = (
      await admin({
        method: 'POST',
        url: `/api/v1/admin/sunstudy/${w.projectA.id}`,
        ...multipart('sol.jpg', jpeg),
      })
    ).json<{ file: { fileName: string; filePath: string } }>().file;
    const sun = (
      await admin({
        method: 'POST',
        url: '/api/v2/sunstudy/file',
        payload: { projectId: w.projectA.id, label: 'Midsommar 18:00', ...uploaded },
      })
    ).json<{ file: { id: number } }>().file.id;
    const inBeta = (
      await admin({
        method: 'POST',
        url: `/api/v1/admin/apartment/${w.projectB.id}`,
        payload: { bostad: 'B-7' },
      })
    ).json<{ apartment: { id: number } }>().apartment.id;

    for (const url of [
      `/api/v1/admin/apartment/${apartment}`,
      `/api/v1/admin/file/${file}`,
      `/api/v1/building-numbers/${w.projectA.id}/${house}`,
      `/api/v1/admin/styles/${theme}`,
      `/api/v1/admin/user/${user}`,
      `/api/v2/sunstudy/file/${sun}`,
      `/api/v1/admin/project/${w.projectB.id}`,
    ]) {
      const res = await admin({ method: 'DELETE', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    }

    const { entries } = await audit('?limit=200');
    const named = (type: string, id: number) =>
      entries
        .filter((e) => e.entity_type === type && e.entity_id === String(id))
        .map((e) => [e.action, e.entity_label, e.entity_deleted]);
    expect(named('apartment', apartment)).toEqual([
      ['delete', 'A-101', true],
      ['create', 'A-101', true],
    ]);
    expect(named('file', file)).toEqual([
      ['delete', 'floor 1.svg', true],
      ['create', 'floor 1.svg', true],
    ]);
    expect(named('building_number', house)).toEqual([
      ['delete', 'Hus C', true],
      ['create', 'Hus C', true],
    ]);
    expect(named('theme', theme)).toEqual([
      ['delete', 'Vinter', true],
      ['create', 'Vinter', true],
    ]);
    expect(named('user', user)).toEqual([
      ['delete', 'Greta Gone', true],
      ['create', 'Greta Gone', true],
    ]);
    expect(named('sun_study', sun)).toEqual([
      ['delete', 'Midsommar 18:00', true],
      ['create', 'Midsommar 18:00', true],
    ]);
    expect(named('project', w.projectB.id)).toEqual([
      ['delete', 'Beta', true],
      ['create', 'Beta', true],
    ]);
    // An entry of the deleted project still names it.
    const beta = entries.find((e) => e.entity_type === 'apartment' && e.entity_id === String(inBeta));
    expect(beta?.project).toEqual({ id: w.projectB.id, name: 'Beta', deleted: true });
    // One that still exists is named by its current name.
    expect(entries.find((e) => e.project?.id === w.projectA.id)?.project).toEqual({
      id: w.projectA.id,
      name: 'Alpha',
      deleted: false,
    });
  });
});
