import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin');
});

const validUser = {
  email: 'new.user@example.com',
  first_name: 'Anna',
  last_name: 'Svensson',
  phone: '070-123 45 67',
  role: 'client',
  password: 'hemligt1',
  password_confirm: 'hemligt1',
};

async function userCount() {
  const res = await t.as(admin.token, {
    method: 'GET',
    url: '/api/v1/admin/users',
  });
  return res.json<{ users: unknown[] }>().users.length;
}

describe('creating users', () => {
  it('creates a user who can then sign in', async () => {
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v1/admin/user',
      payload: validUser,
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      email: validUser.email,
      first_name: 'Anna',
      roles: [{ slug: 'client' }],
    });
    expect(user).not.toHaveProperty('password_hash');
    expect(user.config).toEqual([{ name: 'project_statistic', value: '0' }]);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: validUser.email, password: 'hemligt1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(user.id);
  });

  it('takes the spec’s empty password_confirm, or none, as no confirmation given', async () => {
    for (const [email, confirm] of [
      ['empty.confirm@example.com', { password_confirm: '' }],
      ['no.confirm@example.com', { password_confirm: undefined }],
    ] as const) {
      const res = await t.as(admin.token, {
        method: 'POST',
        url: '/api/v1/admin/user',
        payload: { ...validUser, email, ...confirm },
      });
      expect(res.statusCode, res.body).toBe(201);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email, password: validUser.password },
      });
      expect(login.statusCode).toBe(200);
    }
  });

  it('treats an empty role as client', async () => {
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v1/admin/user',
      payload: { ...validUser, role: '' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.roles[0].slug).toBe('client');
  });

  it.each([
    ['missing first name', { first_name: '' }, 'first_name'],
    ['invalid email', { email: 'not-an-email' }, 'email'],
    ['over-long email', { email: `${'a'.repeat(95)}@example.com` }, 'email'],
    ['short password', { password: 'abc', password_confirm: 'abc' }, 'password'],
    ['mismatched confirmation', { password_confirm: 'other123' }, 'password_confirm'],
    ['unknown role', { role: 'superuser' }, 'role'],
    ['wrong type', { first_name: 42 }, 'first_name'],
    ['over-long name', { first_name: 'x'.repeat(101) }, 'first_name'],
  ])('refuses %s with 422 and stores nothing', async (_label, patch, field) => {
    const before = await userCount();
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v1/admin/user',
      payload: { ...validUser, ...patch },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status_code).toBe(422);
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body.errors)).toContain(field);
    expect(await userCount()).toBe(before);
  });

  it.each(['password', 'qwerty123', '12345678', 'Password1'])(
    'refuses the common password %j with a clear message on the password field',
    async (password) => {
      const before = await userCount();
      const res = await t.as(admin.token, {
        method: 'POST',
        url: '/api/v1/admin/user',
        payload: { ...validUser, password, password_confirm: password },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.password).toEqual([
        'This password is too common and easy to guess. Choose a less common one, for example a few unrelated words.',
      ]);
      expect(await userCount()).toBe(before);
    },
  );

  it('refuses a common password when editing too, and keeps the old one', async () => {
    const { user } = (
      await t.as(admin.token, { method: 'POST', url: '/api/v1/admin/user', payload: validUser })
    ).json();
    const res = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/user/${user.id}`,
      payload: { first_name: 'Anna', role: 'client', password: 'iloveyou', password_confirm: 'iloveyou' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['password']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: validUser.email, password: 'hemligt1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a duplicate email, whatever its case', async () => {
    await t.as(admin.token, {
      method: 'POST',
      url: '/api/v1/admin/user',
      payload: validUser,
    });
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v1/admin/user',
      payload: { ...validUser, email: validUser.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email has already been taken']);
  });

  it('answers malformed JSON with the envelope', async () => {
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v1/admin/user',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request body is not valid JSON',
      errors: {},
      status_code: 400,
    });
  });
});

describe('editing users', () => {
  it('updates fields and keeps the email', async () => {
    const created = (
      await t.as(admin.token, {
        method: 'POST',
        url: '/api/v1/admin/user',
        payload: validUser,
      })
    ).json().user;
    const res = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/user/${created.id}`,
      payload: {
        first_name: 'Berit',
        last_name: 'Ek',
        phone: '1',
        role: 'broker',
        email: validUser.email,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      first_name: 'Berit',
      roles: [{ slug: 'broker' }],
    });

    const changed = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/user/${created.id}`,
      payload: {
        first_name: 'Berit',
        role: 'client',
        email: 'other@example.com',
      },
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors.email).toBeDefined();
    const after = await t.as(admin.token, {
      method: 'GET',
      url: `/api/v1/admin/user/${created.id}`,
    });
    expect(after.json().user.email).toBe(validUser.email);
  });

  it('404s an unknown user', async () => {
    const res = await t.as(admin.token, {
      method: 'GET',
      url: '/api/v1/admin/user/9999',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().status_code).toBe(404);
  });

  it('keeps an admin from removing their own admin role', async () => {
    const res = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/user/${admin.id}`,
      payload: { first_name: 'Me', role: 'client' },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('user config', () => {
  it('saves project_statistic and refuses unknown names or values', async () => {
    const client = await t.createUser('client');
    const ok = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/user/${client.id}/config`,
      payload: { name: 'project_statistic', value: '1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.config).toEqual([{ name: 'project_statistic', value: '1' }]);

    for (const payload of [
      { name: 'unknown', value: '1' },
      { name: 'project_statistic', value: 'yes' },
    ]) {
      const bad = await t.as(admin.token, {
        method: 'POST',
        url: `/api/v1/admin/user/${client.id}/config`,
        payload,
      });
      expect(bad.statusCode).toBe(422);
    }
    const me = await t.as(client.token, {
      method: 'GET',
      url: '/api/v1/user/me',
    });
    expect(me.json().profile.config).toEqual([{ name: 'project_statistic', value: '1' }]);
  });
});

describe('access', () => {
  const adminRoutes = [
    ['GET', '/api/v1/admin/users'],
    ['GET', '/api/v1/admin/user/1'],
    ['POST', '/api/v1/admin/user'],
    ['PUT', '/api/v1/admin/user/1'],
    ['DELETE', '/api/v1/admin/user/1'],
    ['GET', '/api/v1/admin/audit'],
    ['POST', '/api/v1/admin/user/1/config'],
    ['GET', '/api/v1/admin/user/authenticate/1'],
    ['GET', '/api/v1/admin/clients'],
    ['GET', '/api/v2/users/brokers'],
  ] as const;

  it.each(adminRoutes)('%s %s is 401 without a token and 403 for a client or broker', async (method, url) => {
    const anonymous = await t.app.inject({
      method,
      url,
      payload: method === 'GET' ? undefined : {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status_code).toBe(401);
    for (const role of ['client', 'broker'] as const) {
      const user = await t.createUser(role);
      const res = await t.as(user.token, {
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('rejects a tampered token and an expired one', async () => {
    const [h, p] = admin.token.split('.');
    const tampered = `${h}.${p}.invalidsignature`;
    expect((await t.as(tampered, { method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(401);

    const expired = t.app.jwt.sign({ sub: String(admin.id) }, { expiresIn: -10 });
    const res = await t.as(expired, { method: 'GET', url: '/api/v1/user/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Token expired');
  });

  it('lists clients and brokers for admins', async () => {
    const client = await t.createUser('client', { first_name: 'Cecilia' });
    const broker = await t.createUser('broker', { first_name: 'Bo' });
    const clients = (await t.as(admin.token, { method: 'GET', url: '/api/v1/admin/clients' })).json();
    expect(clients.clients).toEqual([{ user_id: client.id, first_name: 'Cecilia', last_name: 'Test' }]);
    const brokers = (await t.as(admin.token, { method: 'GET', url: '/api/v2/users/brokers' })).json();
    expect(brokers.brokers.map((b: { id: number }) => b.id)).toEqual([broker.id]);
  });

  it('lets an admin sign in as another user and remembers who they are', async () => {
    const client = await t.createUser('client');
    const res = await t.as(admin.token, {
      method: 'GET',
      url: `/api/v1/admin/user/authenticate/${client.id}`,
    });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user.id).toBe(client.id);
    const me = (await t.as(token, { method: 'GET', url: '/api/v1/user/me' })).json();
    expect(me.profile.id).toBe(client.id);
    expect(me.impersonator_id).toBe(admin.id);
    // The impersonated client is still only a client.
    expect((await t.as(token, { method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(403);
  });
});
