import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedProjectWorld, type ProjectWorld } from '../modules/projects/project-fixtures';

/**
 * Who may call what is declared once per route (ADR 027). The first tests keep every route
 * declared; the rest check what the one hook answers, in the order it answers.
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

/** Routes under /api anyone may call without signing in: each one is listed here on purpose. */
const PUBLIC_ROUTES = new Set([
  'POST /api/v1/login',
  'POST /api/v1/password-reset',
  'POST /api/v1/password-reset/complete',
  'POST /api/v1/invitation/accept',
  'POST /api/v1/public/view/:projectId/click',
  'GET /api/v1/public/view/:projectId',
  'GET /api/v1/public/view/:projectId/events',
  // Interest registration (ADR 036): the widget's form, and the buyer's page by its mailed token.
  'GET /api/v1/public/view/:projectId/interest/form',
  'POST /api/v1/public/view/:projectId/interest',
  'POST /api/v1/public/view/:projectId/interest/link',
  'POST /api/v1/public/interest/confirm',
  'POST /api/v1/public/interest/me',
  'PUT /api/v1/public/interest/me',
  'POST /api/v1/public/interest/me/withdraw',
  'POST /api/v1/public/interest/me/data',
  // A release's protocol (ADR 039/040): anyone may re-run the draw.
  'GET /api/v1/public/releases/:id/protocol',
  // Ranked wishes in a release (ADR 041), by the same token.
  'PUT /api/v1/public/interest/me/releases/:releaseId/wishes',
  // First-come checkout (ADR 042): which homes can be reserved, and the e-mail that confirms one.
  'GET /api/v1/public/view/:projectId/checkout',
  'POST /api/v1/public/view/:projectId/releases/:releaseId/checkout',
  'GET /api/docs',
  'GET /api/health',
]);

/**
 * Every route under /api that declares no access and is not a listed public one. A route
 * without a declaration is not even signed in (plugins/access.ts), so none may slip through:
 * writes above all, and reads too (HEAD goes with its GET).
 */
function undeclaredRoutes(app: FastifyInstance): string[] {
  return app.accessRoutes
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
    .map((r) => ({ ...r, name: `${r.method} ${r.url}` }))
    .filter((r) => !r.access && !PUBLIC_ROUTES.has(r.name))
    .map((r) => r.name);
}

describe('every route declares its action', () => {
  it('holds for every POST, PUT, PATCH and DELETE route under /api, and every GET', () => {
    expect(undeclaredRoutes(t.app)).toEqual([]);
    // The public list names routes that exist (a renamed one is noticed).
    const names = new Set(t.app.accessRoutes.map((r) => `${r.method} ${r.url}`));
    for (const name of PUBLIC_ROUTES) expect(names, name).toContain(name);
  });

  it('catches a write route that forgot to declare one', async () => {
    const app = await buildApp({ config: t.config, db: t.db, jwtSecret: 'test-secret-'.padEnd(48, 'x') });
    try {
      app.post('/api/v1/admin/gadget/:projectId', async () => ({ ok: true }));
      app.post(
        '/api/v1/admin/widget/:projectId',
        { config: { access: { action: 'project.update', project: 'param:projectId' } } },
        async () => ({ ok: true }),
      );
      expect(undeclaredRoutes(app)).toEqual(['POST /api/v1/admin/gadget/:projectId']);
    } finally {
      await app.close();
    }
  });
});

describe('the access hook', () => {
  const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.as(token, { method, url, ...(payload ? { payload } : {}) });
  /** A refusal as the web app reads it: the catalogue's code beside the English text (ADR 019). */
  const denied = (code: string, message: string) => ({
    message,
    errors: {},
    status_code: 403,
    code,
    params: {},
  });

  it('answers 401 before anything else, 404 for a project outside the scope, then the rule’s reason', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/client/apartment/${w.projectB.id}`,
    });
    expect(anonymous.statusCode).toBe(401);

    // clientA does not reach project B: 404, the same as a project that does not exist.
    const elsewhere = await as(w.clientA.token, 'POST', `/api/v1/client/apartment/${w.projectB.id}`, {
      bostad: '1',
    });
    expect(elsewhere.statusCode).toBe(404);
    const missing = await as(w.clientA.token, 'POST', '/api/v1/client/apartment/999999', { bostad: '1' });
    expect(missing.json()).toEqual(elsewhere.json());

    // Their own project: the policy's reason, before the body is looked at.
    const own = await as(w.clientA.token, 'POST', `/api/v1/client/apartment/${w.projectA.id}`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual(denied('apartmentCreate', 'Only admins add apartments'));
  });

  it('keeps /admin paths for admins (the route-prefix context), whatever the project', async () => {
    for (const token of [w.clientA.token, w.broker.token]) {
      const res = await as(token, 'GET', `/api/v1/admin/project/${w.projectA.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(denied('forbidden', 'You do not have access to this resource'));
    }
    const client = await as(w.clientA.token, 'GET', `/api/v1/client/project/${w.projectA.id}`);
    expect(client.statusCode).toBe(200);
    const admin = await as(w.admin.token, 'GET', `/api/v1/admin/project/${w.projectA.id}`);
    expect(admin.json()).toEqual(client.json());
  });

  it('reads the id once, canonical decimal only: another spelling names nothing', async () => {
    for (const id of ['01', '1e0', '+1', '0x1', '1.0']) {
      const res = await as(w.admin.token, 'GET', `/api/v1/admin/project/${id}`);
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('checks a row named in the path against its project: 404 outside the scope, the field rule inside', async () => {
    const created = await as(w.admin.token, 'POST', `/api/v1/admin/apartment/${w.projectA.id}`, {
      bostad: '1101',
      status: 'sale',
    });
    const id = created.json<{ apartment: { id: number } }>().apartment.id;

    const other = await as(w.clientB.token, 'PUT', `/api/v1/client/apartment/${id}`, { description: 'x' });
    expect(other.statusCode).toBe(404);
    expect(other.json<{ message: string }>().message).toBe('Apartment not found');

    const zone = await as(w.broker.token, 'PUT', `/api/v1/client/apartment/${id}`, { file_name: 'plan.svg' });
    expect(zone.statusCode).toBe(403);
    expect(zone.json()).toEqual(denied('apartmentZoneLink', 'Only admins change zone links'));

    const plain = await as(w.broker.token, 'PUT', `/api/v1/client/apartment/${id}`, { description: 'Nice' });
    expect(plain.statusCode).toBe(200);
  });

  it('checks a project named in the body (v2) after the body is read', async () => {
    const res = await as(w.clientA.token, 'POST', '/api/v2/apartments/update-status', {
      projectId: w.projectB.id,
      status: 'sold',
      apartments: [1],
    });
    expect(res.statusCode).toBe(404);
    const invalid = await as(w.clientA.token, 'POST', '/api/v2/apartments/update-status', {});
    expect(invalid.statusCode).toBe(422);
  });
});
