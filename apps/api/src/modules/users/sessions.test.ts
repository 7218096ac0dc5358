import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { impersonations } from '../../db/schema';
import type { TrustProxy } from '../../env';
import { createTestApp, type TestApp } from '../../../test/harness';
import { seedProjectWorld } from '../projects/project-fixtures';

/** Token revocation, deleting users, and "log in as" — each as an attacker would try it. */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin', { first_name: 'Ada' });
});

const me = (token: string) => t.as(token, { method: 'GET', url: '/api/v1/user/me' });
const signIn = async (email: string, password = 'secret123') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email, password },
    remoteAddress: '192.0.2.1',
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
};
const putUser = (token: string, id: number, payload: object) =>
  t.as(token, {
    method: 'PUT',
    url: `/api/v1/admin/user/${id}`,
    payload: { first_name: 'Anna', role: 'client', ...payload },
  });
const logInAs = (token: string, id: number) =>
  t.as(token, { method: 'GET', url: `/api/v1/admin/user/authenticate/${id}` });

describe('token revocation', () => {
  it('a new password ends every earlier session of the user', async () => {
    const client = await t.createUser('client', { first_name: 'Anna' });
    const second = await signIn(client.email);
    expect(
      (await putUser(admin.token, client.id, { password: 'new-pass-42', password_confirm: 'new-pass-42' }))
        .statusCode,
    ).toBe(200);
    for (const token of [client.token, second]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().status_code).toBe(401);
    }
    expect((await me(await signIn(client.email, 'new-pass-42'))).statusCode).toBe(200);
  });

  it('a new role ends them too; a changed name does not', async () => {
    const client = await t.createUser('client', { first_name: 'Anna' });
    expect((await putUser(admin.token, client.id, { first_name: 'Annika' })).statusCode).toBe(200);
    expect((await me(client.token)).statusCode).toBe(200);
    expect((await putUser(admin.token, client.id, { role: 'broker' })).statusCode).toBe(200);
    expect((await me(client.token)).statusCode).toBe(401);
  });

  it('an admin who changes their own password keeps this session with the fresh token the answer carries', async () => {
    const other = await signIn(admin.email);
    const res = await putUser(admin.token, admin.id, {
      role: 'admin',
      password: 'new-pass-42',
      password_confirm: 'new-pass-42',
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(admin.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('"sign out everywhere" ends every session of the caller, this one included', async () => {
    const client = await t.createUser('client');
    const phone = await signIn(client.email);
    const res = await t.as(client.token, { method: 'POST', url: '/api/v1/user/sign-out-everywhere' });
    expect(res.statusCode).toBe(204);
    expect((await me(client.token)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(await signIn(client.email))).statusCode).toBe(200);
    // Nobody else was signed out.
    expect((await me(admin.token)).statusCode).toBe(200);
  });
});

describe('deleting users', () => {
  const del = (token: string, id: number) =>
    t.as(token, { method: 'DELETE', url: `/api/v1/admin/user/${id}` });

  it('deletes a user, whose tokens stop working at once, and keeps their status history without the link', async () => {
    const world = await seedProjectWorld(t);
    const ap = await t.as(world.admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartment/${world.projectA.id}`,
      payload: { bostad: '1101', status: 'sale' },
    });
    const apartmentId = ap.json().apartment.id;
    await t.as(world.broker.token, {
      method: 'PUT',
      url: `/api/v1/client/apartment/${apartmentId}`,
      payload: { status: 'reserved' },
    });
    expect((await del(world.admin.token, world.broker.id)).statusCode).toBe(204);
    expect((await me(world.broker.token)).statusCode).toBe(401);
    expect(
      (await t.as(world.admin.token, { method: 'GET', url: `/api/v1/admin/user/${world.broker.id}` }))
        .statusCode,
    ).toBe(404);
    const history = await t.as(world.admin.token, {
      method: 'GET',
      url: `/api/v1/admin/apartment/${apartmentId}/history`,
    });
    expect(history.json().history[0]).toMatchObject({ to_status: 'reserved', user: null });
  });

  it('refuses to delete yourself (403), an owner of projects (409) and an unknown user (404)', async () => {
    const world = await seedProjectWorld(t);
    const self = await del(world.admin.token, world.admin.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot delete your own account');
    const owner = await del(world.admin.token, world.clientA.id);
    expect(owner.statusCode).toBe(409);
    expect(owner.json().message).toMatch(/owns 1 project/);
    expect((await me(world.clientA.token)).statusCode).toBe(200);
    expect((await del(world.admin.token, 99999)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const client = await t.createUser('client');
    const other = await t.createUser('client');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/user/${other.id}` })).statusCode).toBe(
      401,
    );
    expect((await del(client.token, other.id)).statusCode).toBe(403);
    expect((await me(other.token)).statusCode).toBe(200);
  });
});

describe('log in as', () => {
  it('refuses to sign in as another admin', async () => {
    const other = await t.createUser('admin');
    const res = await logInAs(admin.token, other.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Admins cannot sign in as another admin');
    expect((await logInAs(admin.token, admin.id)).statusCode).toBe(403);
  });

  it('gives a session of at most an hour that cannot manage users, impersonate further or sign the user out', async () => {
    const client = await t.createUser('client');
    const broker = await t.createUser('broker');
    const res = await logInAs(admin.token, client.id);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    const claims = t.app.jwt.decode<{ iat: number; exp: number }>(token);
    expect(claims && claims.exp - claims.iat).toBeLessThanOrEqual(3600);

    expect((await me(token)).json().impersonator_id).toBe(admin.id);
    expect((await logInAs(token, broker.id)).statusCode).toBe(403);
    expect((await putUser(token, client.id, { role: 'admin' })).statusCode).toBe(403);
    expect(
      (await putUser(token, broker.id, { password: 'x-9-long-pass', password_confirm: 'x-9-long-pass' }))
        .statusCode,
    ).toBe(403);
    expect((await t.as(token, { method: 'DELETE', url: `/api/v1/admin/user/${broker.id}` })).statusCode).toBe(
      403,
    );
    expect((await t.as(token, { method: 'POST', url: '/api/v1/user/sign-out-everywhere' })).statusCode).toBe(
      403,
    );
    expect((await me(client.token)).statusCode).toBe(200);
  });

  it('ends after its hour, checked on every request', async () => {
    const client = await t.createUser('client');
    const { token } = (await logInAs(admin.token, client.id)).json<{ token: string }>();
    expect((await me(token)).statusCode).toBe(200);
    await t.db
      .update(impersonations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(impersonations.user_id, client.id));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends at once when the admin who started it is demoted, deleted or signs out everywhere', async () => {
    const client = await t.createUser('client');
    const second = await t.createUser('admin');

    const demoted = (await logInAs(admin.token, client.id)).json<{ token: string }>().token;
    expect((await me(demoted)).statusCode).toBe(200);
    expect((await putUser(second.token, admin.id, { first_name: 'Ada', role: 'client' })).statusCode).toBe(
      200,
    );
    expect((await me(demoted)).statusCode).toBe(401);

    const signedOut = (await logInAs(second.token, client.id)).json<{ token: string }>().token;
    const thirdAdmin = await t.createUser('admin');
    expect(
      (await t.as(second.token, { method: 'POST', url: '/api/v1/user/sign-out-everywhere' })).statusCode,
    ).toBe(204);
    expect((await me(signedOut)).statusCode).toBe(401);

    const deleted = (await logInAs(thirdAdmin.token, client.id)).json<{ token: string }>().token;
    const fourth = await t.createUser('admin');
    expect(
      (await t.as(fourth.token, { method: 'DELETE', url: `/api/v1/admin/user/${thirdAdmin.id}` })).statusCode,
    ).toBe(204);
    expect((await me(deleted)).statusCode).toBe(401);
    // The client's own session never depended on any of it.
    expect((await me(client.token)).statusCode).toBe(200);
  });

  it('"Back to my account" ends it on the server: the token stops working', async () => {
    const client = await t.createUser('client');
    const { token } = (await logInAs(admin.token, client.id)).json<{ token: string }>();
    expect((await t.as(token, { method: 'POST', url: '/api/v1/user/impersonation/end' })).statusCode).toBe(
      204,
    );
    expect((await me(token)).statusCode).toBe(401);
    // An ordinary session has nothing to end.
    expect(
      (await t.as(client.token, { method: 'POST', url: '/api/v1/user/impersonation/end' })).statusCode,
    ).toBe(422);
  });

  it('names the real admin in the apartment status history ("Admin A as Client B")', async () => {
    const world = await seedProjectWorld(t);
    const ap = await t.as(world.admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartment/${world.projectA.id}`,
      payload: { bostad: '1101', status: 'sale' },
    });
    const apartmentId = ap.json().apartment.id;
    const { token } = (await logInAs(world.admin.token, world.clientA.id)).json<{ token: string }>();
    const put = await t.as(token, {
      method: 'PUT',
      url: `/api/v1/client/apartment/${apartmentId}`,
      payload: { status: 'reserved' },
    });
    expect(put.statusCode).toBe(200);
    const history = await t.as(token, {
      method: 'GET',
      url: `/api/v1/client/apartment/${apartmentId}/history`,
    });
    expect(history.json().history[0]).toMatchObject({
      to_status: 'reserved',
      user: { id: world.clientA.id, first_name: 'Anna' },
      impersonator: { id: world.admin.id, first_name: 'Ada' },
    });
    expect(history.json().history[1]).toMatchObject({ user: { id: world.admin.id }, impersonator: null });
  });
});

describe('TRUST_PROXY', () => {
  const limits = { perIp: 3, perEmail: 8, windowSeconds: 900, backoffMaxSeconds: 300 };
  /** A second app on the same database with another proxy setting (cheap: no new database). */
  const withTrust = (trustProxy: TrustProxy) =>
    buildApp({
      config: { ...t.config, trustProxy, loginLimits: limits },
      db: t.db,
      jwtSecret: 'test-secret-'.padEnd(48, 'x'),
    });
  const attempts = async (app: FastifyInstance, xff: (i: number) => string, remote: string) => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: `nobody${i}@example.com`, password: 'wrong-pass' },
        remoteAddress: remote,
        headers: { 'x-forwarded-for': xff(i) },
      });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it.each([
    ['a hop count', 1 as const],
    ['a list of proxy addresses', ['10.0.0.1']],
    ['a CIDR range', ['10.0.0.0/8']],
  ])(
    'with %s, the client is the address the trusted proxy saw, whatever the client wrote first',
    async (_label, trustProxy) => {
      const app = await withTrust(trustProxy);
      try {
        // The attacker writes a fresh first entry every time; our proxy appends the real address.
        const codes = await attempts(app, (i) => `198.18.0.${i}, 203.0.113.9`, '10.0.0.1');
        expect(codes).toEqual([401, 401, 401, 429]);
        // Another real client behind the same proxy is not affected.
        expect((await attempts(app, () => '203.0.113.10', '10.0.0.1'))[0]).toBe(401);
      } finally {
        await app.close();
      }
    },
  );

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const app = await withTrust(['10.0.0.1']);
    try {
      const codes = await attempts(app, (i) => `198.18.0.${i}`, '192.0.2.50');
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });
});
