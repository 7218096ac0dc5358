import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Project } from '@planvy/shared';
import * as schema from '../../db/schema';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';
import { jpeg } from '../../../test/old-files';
import { seedProjectWorld, type ProjectWorld } from './project-fixtures';

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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(token: string, method: Method, url: string, payload?: object) {
  return t.as(token, { method, url, payload });
}

/** The project as stored, read by an admin. */
async function stored(id: number): Promise<Project> {
  const res = await call(w.admin.token, 'GET', `/api/v1/admin/project/${id}`);
  expect(res.statusCode).toBe(200);
  // The files are their routes' to check; here, the project's own fields.
  const { files: _files, ...project } = res.json<{ project: Project & { files: unknown[] } }>().project;
  return project;
}

async function projectCount(): Promise<number> {
  const res = await call(w.admin.token, 'GET', '/api/v1/admin/projects');
  return (res.json().projects as unknown[]).length;
}

const NOT_FOUND = {
  message: 'Project not found',
  errors: {},
  status_code: 404,
  code: 'projectNotFound',
  params: {},
};

describe('listing projects', () => {
  it('shows an admin every project with its owner and broker, ordered by name', async () => {
    await call(w.admin.token, 'POST', `/api/v1/admin/project/${w.clientB.id}`, { name: 'aardvark' });
    await call(w.admin.token, 'POST', `/api/v1/admin/project/${w.clientB.id}`, { name: 'Gamma' });
    for (const url of ['/api/v1/admin/projects', '/api/v1/client/projects']) {
      const res = await call(w.admin.token, 'GET', url);
      expect(res.statusCode).toBe(200);
      const { projects } = res.json();
      expect(projects.map((p: Project) => p.name)).toEqual(['aardvark', 'Alpha', 'Beta', 'Gamma']);
      expect(projects[1]).toEqual({
        id: w.projectA.id,
        name: 'Alpha',
        description: 'A',
        type: 'rental',
        user: { id: w.clientA.id, first_name: 'Anna', last_name: 'Test' },
        user_id: w.clientA.id,
        broker_id: w.broker.id,
        broker: { id: w.broker.id, first_name: 'Bo', last_name: 'Test' },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        // Created, then given a broker.
        version: 2,
      });
      expect(projects[2].broker).toBeNull();
    }
  });

  it('shows a client only the projects they own and a broker only those they broker', async () => {
    const ids = async (token: string) =>
      (await call(token, 'GET', '/api/v1/client/projects'))
        .json<{ projects: Project[] }>()
        .projects.map((p) => p.id);
    expect(await ids(w.clientA.token)).toEqual([w.projectA.id]);
    expect(await ids(w.clientB.token)).toEqual([w.projectB.id]);
    expect(await ids(w.broker.token)).toEqual([w.projectA.id]);
    const idle = await t.createUser('broker');
    expect(await ids(idle.token)).toEqual([]);
  });
});

describe('reading one project', () => {
  it('lets each role read what it reaches', async () => {
    for (const [token, id] of [
      [w.admin.token, w.projectB.id],
      [w.clientA.token, w.projectA.id],
      [w.clientB.token, w.projectB.id],
      [w.broker.token, w.projectA.id],
    ] as const) {
      const res = await call(token, 'GET', `/api/v1/client/project/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().project.id).toBe(id);
    }
    expect(
      (await call(w.admin.token, 'GET', `/api/v1/admin/project/${w.projectA.id}`)).json().project,
    ).toEqual({ ...w.projectA, files: [] });
  });

  it('carries its files, as the spec has it: plans and background images, without markup', async () => {
    const arrange = arrangeFor(t, w.admin.token);
    const plan = await arrange.plan(w.projectA.id, { name: 'floor.svg' });
    const image = await arrange.plan(w.projectA.id, {
      name: 'bg.jpg',
      markup: await jpeg(20),
      type: 'image/jpeg',
    });
    // Another project's file is not among them.
    await arrange.plan(w.projectB.id, { name: 'other.svg' });
    for (const [token, url] of [
      [w.admin.token, `/api/v1/admin/project/${w.projectA.id}`],
      [w.clientA.token, `/api/v1/client/project/${w.projectA.id}`],
      [w.broker.token, `/api/v1/client/project/${w.projectA.id}`],
    ] as const) {
      const res = await call(token, 'GET', url);
      expect(res.statusCode).toBe(200);
      const files = res.json().project.files as Record<string, unknown>[];
      expect(files.map((f) => [f.id, f.name, f.kind])).toEqual([
        [plan.id, 'floor.svg', 'svg'],
        [image.id, 'bg.jpg', 'image'],
      ]);
      expect(files[0]).not.toHaveProperty('svg');
      expect(files[0]).toMatchObject({ url: plan.url, version: plan.version });
    }
  });

  it('404s an unknown id and one that is not an id at all', async () => {
    const res = await call(w.admin.token, 'GET', '/api/v1/admin/project/99999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await call(w.admin.token, 'GET', '/api/v1/admin/project/abc')).statusCode).toBe(404);
  });
});

describe('another user’s project is invisible', () => {
  // Every route that names a project, with a body a legitimate caller could send.
  const routes = (id: number): [Method, string, object?][] => [
    ['GET', `/api/v1/client/project/${id}`],
    ['PUT', `/api/v1/client/project/${id}`, { name: 'Hijacked' }],
    ['PUT', `/api/v1/client/project/${id}`, {}],
    ['PUT', `/api/v1/client/project/${id}`, { name: '', type: 'castle' }],
    ['GET', `/api/v1/client/project/code/${id}`],
    ['GET', `/api/v1/client/settings/${id}`],
    ['GET', `/api/v1/client/settings/${id}?name=currency`],
    ['POST', `/api/v1/client/settings/${id}`, { name: 'currency', value: 'sek' }],
    ['POST', `/api/v1/client/settings/${id}`, { name: 'currency', value: 'bad' }],
  ];

  it.each(['clientA', 'broker'] as const)(
    'the %s gets the same 404 for project B as for a project that does not exist',
    async (who) => {
      const token = w[who].token;
      for (const [method, url, payload] of routes(w.projectB.id)) {
        const res = await call(token, method, url, payload);
        expect([method, url, res.statusCode]).toEqual([method, url, 404]);
        expect(res.json()).toEqual(NOT_FOUND);
      }
      for (const [method, url, payload] of routes(99999)) {
        const res = await call(token, method, url, payload);
        expect([method, url, res.statusCode]).toEqual([method, url, 404]);
      }
      expect(await stored(w.projectB.id)).toEqual(w.projectB);
      const settings = await call(
        w.admin.token,
        'GET',
        `/api/v1/admin/settings/${w.projectB.id}?name=currency`,
      );
      expect(settings.json().value).toBe('kr');
    },
  );

  it('client B does not reach project A either', async () => {
    for (const [method, url, payload] of routes(w.projectA.id)) {
      const res = await call(w.clientB.token, method, url, payload);
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
  });
});

describe('access to the admin paths', () => {
  const adminRoutes = (): [Method, string, object?][] => [
    ['GET', '/api/v1/admin/projects'],
    ['GET', `/api/v1/admin/project/${w.projectA.id}`],
    ['PUT', `/api/v1/admin/project/${w.projectA.id}`, {}],
    ['GET', `/api/v1/admin/project/code/${w.projectA.id}`],
    ['POST', `/api/v1/admin/project/${w.clientA.id}`, { name: 'Mine' }],
    ['DELETE', `/api/v1/admin/project/${w.projectA.id}`],
    ['GET', `/api/v1/admin/settings/${w.projectA.id}`],
    ['POST', `/api/v1/admin/settings/${w.projectA.id}`, { name: 'currency', value: 'sek' }],
    ['POST', '/api/v2/users/brokers', { userId: w.broker.id, projectId: w.projectA.id }],
  ];

  it('refuses clients and brokers with 403, even on their own project', async () => {
    for (const who of ['clientA', 'broker'] as const) {
      for (const [method, url, payload] of adminRoutes()) {
        const res = await call(w[who].token, method, url, payload);
        expect([who, method, url, res.statusCode]).toEqual([who, method, url, 403]);
      }
    }
    expect(await projectCount()).toBe(2);
    expect(await stored(w.projectA.id)).toEqual(w.projectA);
  });

  it('answers 401, not 422, to anonymous callers on every route', async () => {
    const all: [Method, string, object?][] = [
      ...adminRoutes(),
      ['GET', '/api/v1/client/projects'],
      ['GET', `/api/v1/client/project/${w.projectA.id}`],
      ['PUT', `/api/v1/client/project/${w.projectA.id}`, { name: '' }],
      ['GET', `/api/v1/client/project/code/${w.projectA.id}`],
      ['GET', `/api/v1/client/settings/${w.projectA.id}?name=nope`],
      ['POST', `/api/v1/client/settings/${w.projectA.id}`, { name: 'nope' }],
      ['POST', `/api/v1/admin/project/${w.clientA.id}`, {}],
    ];
    for (const [method, url, payload] of all) {
      const res = await t.app.inject({ method, url, payload });
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
      expect(res.json().status_code).toBe(401);
    }
  });
});

describe('creating projects', () => {
  it('creates a sale project by default and returns it with its owner', async () => {
    const res = await call(w.admin.token, 'POST', `/api/v1/admin/project/${w.clientB.id}`, {
      name: '  Kv. Eken  ',
    });
    expect(res.statusCode).toBe(201);
    const { project } = res.json();
    expect(project).toMatchObject({
      name: 'Kv. Eken',
      type: 'sale',
      description: '',
      user_id: w.clientB.id,
      user: { id: w.clientB.id, first_name: 'Bertil', last_name: 'Test' },
      broker_id: null,
      broker: null,
    });
    expect(await stored(project.id)).toEqual(project);
    const own = (await call(w.clientB.token, 'GET', '/api/v1/client/projects')).json().projects;
    expect(own.map((p: Project) => p.name)).toEqual(['Beta', 'Kv. Eken']);
  });

  it('treats an empty type as sale and accepts a matching user_id as a string', async () => {
    const res = await call(w.admin.token, 'POST', `/api/v1/admin/project/${w.clientA.id}`, {
      name: 'Hagen',
      type: '',
      user_id: String(w.clientA.id),
      description: 'Nya bostäder',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().project).toMatchObject({
      type: 'sale',
      description: 'Nya bostäder',
      user_id: w.clientA.id,
    });
  });

  it.each([
    ['a missing name', {}, 'name'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a name over 150 characters', { name: 'x'.repeat(151) }, 'name'],
    ['an unknown type', { name: 'P', type: 'castle' }, 'type'],
    ['a description over 5000 characters', { name: 'P', description: 'x'.repeat(5001) }, 'description'],
    ['a body user_id that differs from the path', { name: 'P', user_id: 99999 }, 'user_id'],
    ['a body user_id that is not an id', { name: 'P', user_id: 'abc' }, 'user_id'],
  ])('refuses %s with 422 and stores nothing', async (_label, payload, field) => {
    const res = await call(w.admin.token, 'POST', `/api/v1/admin/project/${w.clientA.id}`, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().status_code).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await projectCount()).toBe(2);
  });

  it('refuses an owner who does not exist with 422 on user_id', async () => {
    const res = await call(w.admin.token, 'POST', '/api/v1/admin/project/99999', { name: 'P' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ user_id: ['The selected user does not exist'] });
    expect(await projectCount()).toBe(2);
  });

  it('accepts a name of exactly 150 characters', async () => {
    const res = await call(w.admin.token, 'POST', `/api/v1/admin/project/${w.clientA.id}`, {
      name: 'x'.repeat(150),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('updating projects as an admin', () => {
  it('changes name, type, description, owner and broker together', async () => {
    const broker2 = await t.createUser('broker', { first_name: 'Britt' });
    const res = await call(w.admin.token, 'PUT', `/api/v1/admin/project/${w.projectB.id}`, {
      name: 'Beta 2',
      type: 'sale',
      description: 'Ny text',
      user_id: w.clientA.id,
      broker_id: broker2.id,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...w.projectB,
      name: 'Beta 2',
      type: 'sale',
      description: 'Ny text',
      user_id: w.clientA.id,
      user: { id: w.clientA.id, first_name: 'Anna', last_name: 'Test' },
      broker_id: broker2.id,
      broker: { id: broker2.id, first_name: 'Britt', last_name: 'Test' },
      version: w.projectB.version + 1,
    };
    expect(res.json().project).toEqual(expected);
    expect(await stored(w.projectB.id)).toEqual(expected);
    // Ownership moved: client B no longer reaches it, client A and the new broker do.
    expect((await call(w.clientB.token, 'GET', `/api/v1/client/project/${w.projectB.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(w.clientA.token, 'GET', `/api/v1/client/project/${w.projectB.id}`)).statusCode).toBe(
      200,
    );
    expect((await call(broker2.token, 'GET', `/api/v1/client/project/${w.projectB.id}`)).statusCode).toBe(
      200,
    );
  });

  it('leaves absent fields alone and clears the broker with null', async () => {
    const res = await call(w.admin.token, 'PUT', `/api/v1/client/project/${w.projectA.id}`, {
      broker_id: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toEqual({
      ...w.projectA,
      broker_id: null,
      broker: null,
      version: w.projectA.version + 1,
    });
    const list = (await call(w.broker.token, 'GET', '/api/v1/client/projects')).json().projects;
    expect(list).toEqual([]);
  });

  it.each([
    ['an empty name', { name: '' }, 'name', 'The name field is required'],
    ['an unknown type', { type: 'castle' }, 'type', 'The type must be rental, sale or tomter'],
    ['an owner who does not exist', { user_id: 99999 }, 'user_id', 'The selected user does not exist'],
    ['a broker who does not exist', { broker_id: 99999 }, 'broker_id', 'The selected broker does not exist'],
  ])('refuses %s with 422 and changes nothing', async (_label, patch, field, message) => {
    const res = await call(w.admin.token, 'PUT', `/api/v1/admin/project/${w.projectA.id}`, {
      name: 'Changed',
      description: 'Changed',
      ...patch,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await stored(w.projectA.id)).toEqual(w.projectA);
  });

  it('refuses a broker_id that is not a broker', async () => {
    const res = await call(w.admin.token, 'PUT', `/api/v1/admin/project/${w.projectA.id}`, {
      name: 'Changed',
      broker_id: w.clientB.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ broker_id: ['The selected user is not a broker'] });
    expect(await stored(w.projectA.id)).toEqual(w.projectA);
  });
});

describe('updating projects as a client or broker', () => {
  const asStored = (p: Project) => ({
    name: p.name,
    type: p.type,
    description: p.description,
    user_id: p.user_id,
    broker_id: p.broker_id,
  });

  it('accepts the stored values back and changes nothing', async () => {
    for (const who of ['clientA', 'broker'] as const) {
      const res = await call(
        w[who].token,
        'PUT',
        `/api/v1/client/project/${w.projectA.id}`,
        asStored(w.projectA),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().project).toEqual(w.projectA);
    }
  });

  it('takes the caller’s own id as owner to mean “unchanged” (the client app sends it)', async () => {
    const res = await call(w.broker.token, 'PUT', `/api/v1/client/project/${w.projectA.id}`, {
      ...asStored(w.projectA),
      user_id: w.broker.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(w.projectA.id)).toEqual(w.projectA);
  });

  it.each([
    ['name', { name: 'Renamed' }],
    ['type', { type: 'sale' }],
    ['description', { description: 'New text' }],
    ['user_id', { user_id: 'clientB' }],
    ['broker_id', { broker_id: null }],
    ['broker_id', { broker_id: 'other broker' }],
  ] as const)('refuses a change of %s with 403 and changes nothing', async (field, patch) => {
    const other = await t.createUser('broker');
    const resolved = Object.fromEntries(
      Object.entries(patch).map(([k, v]) => [
        k,
        v === 'clientB' ? w.clientB.id : v === 'other broker' ? other.id : v,
      ]),
    );
    for (const who of ['clientA', 'broker'] as const) {
      const res = await call(w[who].token, 'PUT', `/api/v1/client/project/${w.projectA.id}`, {
        ...asStored(w.projectA),
        ...resolved,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Only an admin can change the name, type, description, owner or broker of a project',
      );
      expect(res.json().code).toBe('projectCoreFields');
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect(res.json().error_codes).toEqual({ [field]: [{ code: 'projectCoreFields', params: {} }] });
      expect(await stored(w.projectA.id)).toEqual(w.projectA);
    }
  });
});

describe('assigning brokers (v2)', () => {
  it('sets the broker, who then reaches the project, and clears it with null or 0', async () => {
    const res = await call(w.admin.token, 'POST', '/api/v2/users/brokers', {
      userId: w.broker.id,
      projectId: w.projectB.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({
      id: w.projectB.id,
      broker_id: w.broker.id,
      broker: { id: w.broker.id, first_name: 'Bo', last_name: 'Test' },
    });
    const ids = async () =>
      (await call(w.broker.token, 'GET', '/api/v1/client/projects'))
        .json<{ projects: Project[] }>()
        .projects.map((p) => p.id);
    expect(await ids()).toEqual([w.projectA.id, w.projectB.id]);

    for (const userId of [null, 0]) {
      const projectId = userId === null ? w.projectB.id : w.projectA.id;
      const cleared = await call(w.admin.token, 'POST', '/api/v2/users/brokers', { userId, projectId });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().project).toMatchObject({ broker_id: null, broker: null });
    }
    expect(await ids()).toEqual([]);
  });

  it('refuses a user who is not a broker and an unknown project', async () => {
    const notBroker = await call(w.admin.token, 'POST', '/api/v2/users/brokers', {
      userId: w.clientB.id,
      projectId: w.projectA.id,
    });
    expect(notBroker.statusCode).toBe(422);
    expect(notBroker.json().errors).toEqual({ userId: ['The selected user is not a broker'] });
    const unknown = await call(w.admin.token, 'POST', '/api/v2/users/brokers', {
      userId: w.broker.id,
      projectId: 99999,
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await call(w.admin.token, 'POST', '/api/v2/users/brokers', { userId: w.broker.id });
    expect(missing.statusCode).toBe(422);
    expect(await stored(w.projectA.id)).toEqual(w.projectA);
  });
});

describe('deleting projects', () => {
  it('deletes the project and everything in it, and nothing else', async () => {
    await call(w.admin.token, 'POST', `/api/v1/admin/settings/${w.projectA.id}`, {
      name: 'currency',
      value: 'sek',
    });
    await call(w.admin.token, 'POST', `/api/v1/admin/settings/${w.projectB.id}`, {
      name: 'currency',
      value: 'sek',
    });
    for (const projectId of [w.projectA.id, w.projectB.id]) {
      const [bn] = await t.db
        .insert(schema.buildingNumbers)
        .values({ project_id: projectId, label: '1' })
        .returning();
      const [apt] = await t.db
        .insert(schema.apartments)
        .values({ project_id: projectId, bostad: '1001', building_number_id: bn!.id })
        .returning();
      const [file] = await t.db
        .insert(schema.files)
        .values({
          project_id: projectId,
          name: 'plan.svg',
          kind: 'svg',
          content_type: 'image/svg+xml',
          content: Buffer.from('<svg/>'),
          etag: 'x',
        })
        .returning();
      await t.db.insert(schema.fileBuildings).values({ file_id: file!.id, building_number_id: bn!.id });
      await t.db.insert(schema.clickEvents).values({ project_id: projectId, apartment_id: apt!.id });
      await t.db
        .insert(schema.sunStudyFiles)
        .values({ project_id: projectId, file_id: file!.id, file_path: '/x', file_name: 'x.mp4' });
    }

    const res = await call(w.admin.token, 'DELETE', `/api/v1/admin/project/${w.projectA.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call(w.admin.token, 'GET', `/api/v1/admin/project/${w.projectA.id}`)).statusCode).toBe(404);

    const count = async (
      table: 'project_settings' | 'apartments' | 'building_numbers' | 'files',
      id: number,
    ) => {
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where project_id = ${id}`,
      );
      return rows[0]!.n;
    };
    for (const table of ['project_settings', 'apartments', 'building_numbers', 'files'] as const) {
      expect([table, await count(table, w.projectA.id)]).toEqual([table, 0]);
      expect([table, await count(table, w.projectB.id)]).toEqual([table, 1]);
    }
    const clicks = await t.db.select().from(schema.clickEvents);
    expect(clicks.map((c) => c.project_id)).toEqual([w.projectB.id]);
    const sun = await t.db
      .select()
      .from(schema.sunStudyFiles)
      .where(eq(schema.sunStudyFiles.project_id, w.projectA.id));
    expect(sun).toEqual([]);
    expect(await stored(w.projectB.id)).toEqual(w.projectB);
  });

  it('404s a project that does not exist', async () => {
    const res = await call(w.admin.token, 'DELETE', '/api/v1/admin/project/99999');
    expect(res.statusCode).toBe(404);
    expect(await projectCount()).toBe(2);
  });
});

describe('embed code', () => {
  it('gives the snippet with the request origin, the project id and the escaped name', async () => {
    await call(w.admin.token, 'PUT', `/api/v1/admin/project/${w.projectA.id}`, { name: 'Tom & "Jerry" <3>' });
    for (const token of [w.admin.token, w.clientA.token, w.broker.token]) {
      const res = await t.as(token, {
        method: 'GET',
        url: `/api/v1/client/project/code/${w.projectA.id}`,
        headers: { host: 'planvy.example.com' },
      });
      expect(res.statusCode).toBe(200);
      const { code } = res.json();
      expect(code.full).toBe(
        `<div data-planvy-project="${w.projectA.id}" data-lang="sv"></div>\n` +
          '<script src="http://planvy.example.com/embed.js" async></script>',
      );
      expect(code.iframe).toContain(`src="http://planvy.example.com/view/${w.projectA.id}"`);
      expect(code.iframe).toContain('title="Tom &amp; &quot;Jerry&quot; &lt;3&gt;"');
    }
  });

  it('404s an unknown project on the admin path', async () => {
    expect((await call(w.admin.token, 'GET', '/api/v1/admin/project/code/99999')).statusCode).toBe(404);
  });
});

describe('embed code with PUBLIC_URL', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ publicUrl: 'https://x.example' });
  });
  afterAll(() => other.close());

  it('uses the configured public URL whatever host the request came in on', async () => {
    const admin = await other.createUser('admin');
    const client = await other.createUser('client');
    const created = await other.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/project/${client.id}`,
      payload: { name: 'Eken' },
    });
    const id = created.json().project.id;
    const res = await other.as(admin.token, {
      method: 'GET',
      url: `/api/v1/admin/project/code/${id}`,
      headers: { host: 'internal:3000' },
    });
    expect(res.statusCode).toBe(200);
    const { code } = res.json();
    expect(code.full).toContain('src="https://x.example/embed.js"');
    expect(code.iframe).toContain(`src="https://x.example/view/${id}"`);
    expect(JSON.stringify(code)).not.toContain('internal');
  });
});

describe('OpenAPI', () => {
  it('documents every project route with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const put = doc.paths['/api/v1/client/project/{id}'].put;
    expect(put.tags).toEqual(['projects']);
    expect(put.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(put.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'broker_id',
      'description',
      'name',
      'type',
      'user_id',
      'version',
    ]);
    expect(doc.paths['/api/v1/admin/project/{user_id}'].post.responses['201']).toBeDefined();
    expect(doc.paths['/api/v2/users/brokers'].post.tags).toEqual(['projects']);
    expect(doc.paths['/api/v1/admin/settings/{projectId}'].post.tags).toEqual(['settings']);
  });
});
