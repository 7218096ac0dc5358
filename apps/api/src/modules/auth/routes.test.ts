import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    loginLimits: { perEmail: 3, perIp: 6, windowSeconds: 900, backoffMaxSeconds: 300 },
  });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('POST /login', () => {
  it('returns a token and the user, and the token opens /user/me', async () => {
    const user = await t.createUser('client', { email: 'karin@example.com' });
    const res = await login('Karin@Example.com', 'secret123');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      id: user.id,
      email: 'karin@example.com',
      roles: [{ slug: 'client' }],
    });
    const me = await t.as(body.token, {
      method: 'GET',
      url: '/api/v1/user/me',
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().profile.id).toBe(user.id);
    expect(me.json().impersonator_id).toBeNull();
  });

  it('refuses a wrong password or unknown user with 401 and the envelope', async () => {
    await t.createUser('client', { email: 'karin@example.com' });
    for (const res of [
      await login('karin@example.com', 'wrong-pass'),
      await login('nobody@example.com', 'x'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        status_code: 401,
        errors: { email: expect.any(Array) },
      });
    }
  });

  it('validates lengths: email ≤ 100, password ≤ 30', async () => {
    expect((await login(`${'a'.repeat(101)}@x.se`, 'secret123')).statusCode).toBe(422);
    expect((await login('a@x.se', 'p'.repeat(31))).statusCode).toBe(422);
  });

  it('rate limits per e-mail, with Retry-After, even for the right password', async () => {
    await t.createUser('client', { email: 'karin@example.com' });
    for (let i = 0; i < 3; i++)
      expect((await login('karin@example.com', 'bad-pass', `10.0.1.${i}`)).statusCode).toBe(401);
    const blocked = await login('karin@example.com', 'secret123', '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().status_code).toBe(429);
  });

  it('rate limits per IP across e-mails', async () => {
    for (let i = 0; i < 6; i++) await login(`user${i}@example.com`, 'bad-pass', '10.9.9.9');
    const blocked = await login('another@example.com', 'bad-pass', '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    // Another IP is unaffected.
    expect((await login('another@example.com', 'bad-pass', '10.9.9.10')).statusCode).toBe(401);
  });
});

describe('unknown routes and docs', () => {
  it('404s with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status_code: 404, errors: {} });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/login', '/api/v1/admin/users', '/api/v2/users/brokers']),
    );
  });
});

describe('security headers', () => {
  it('sends nosniff on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
