import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, multipart, type TestApp } from '../../test/harness';
import { captureLog } from '../../test/log-capture';
import { connect, listen, requestHead } from '../../test/raw-socket';
import { errorsPlugin } from './errors';

/** Every log line the app writes, debug and up. */
const log = captureLog();
const { stream, lines } = log;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'debug', stream } });
  port = await listen(t.app);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  log.clear();
});

describe('the error log', () => {
  it('names the error code and the route of a failed query, never its parameters or values', async () => {
    const admin = await t.createUser('admin');
    // A database that refuses this one e-mail: PostgreSQL's message then quotes the whole row,
    // and the failed query carries the e-mail and the new password hash as parameters.
    await t.db.execute(
      sql.raw(`ALTER TABLE users ADD CONSTRAINT refuse_victim CHECK (email <> 'victim@example.com')`),
    );
    try {
      const res = await t.as(admin.token, {
        method: 'POST',
        url: '/api/v1/admin/user',
        payload: {
          email: 'victim@example.com',
          first_name: 'Vera',
          last_name: 'Victim',
          phone: '070-1234567',
          role: 'client',
          password: 'Quiet-Harbour-Lamp-71',
          password_confirm: 'Quiet-Harbour-Lamp-71',
        },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        message: 'Internal server error',
        errors: {},
        status_code: 500,
        code: 'internal',
        params: {},
      });
    } finally {
      await t.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT refuse_victim'));
    }

    const text = JSON.stringify(lines);
    const failure = lines.find((l) => l.level === 50);
    expect(failure).toMatchObject({
      msg: 'request failed',
      method: 'POST',
      route: '/api/v1/admin/user',
      error: { type: 'DatabaseError', code: '23514', constraint: 'refuse_victim', table: 'users' },
    });
    for (const secret of ['victim@example.com', '$argon2', 'Quiet-Harbour', 'Vera', '070-1234567']) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 422, not 500, when the database refuses a value as data, and logs no value', async () => {
    // A bare app with only the error handler and one route that hands PostgreSQL a NUL,
    // as a code path that skipped every input check would.
    const app = Fastify({ logger: { level: 'info', stream } });
    await app.register(errorsPlugin);
    app.get('/store', async () => t.db.execute(sql`select ${'secret\u0000value'}::text as v`));
    try {
      const res = await app.inject({ method: 'GET', url: '/store' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The given data could not be stored',
        errors: {},
        status_code: 422,
        code: 'notStored',
        params: {},
      });
    } finally {
      await app.close();
    }
    const warning = lines.find((l) => l.level === 40);
    expect(warning).toMatchObject({ route: '/store', error: { type: 'DatabaseError' } });
    expect(String((warning!.error as { code: string }).code)).toMatch(/^22/);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});

describe('a client that resets its request mid-body', () => {
  /** Sends the head and part of the body, resets the connection, and returns the request's log lines. */
  async function abortMidBody(head: string, part: Buffer | string, url: string) {
    const { socket } = await connect(port);
    socket.write(head);
    socket.write(part);
    // The server has begun reading the body once the route's first hook ran.
    const incoming = await log.waitFor(
      (l) => l.msg === 'incoming request' && (l.req as { url: string }).url === url,
    );
    socket.resetAndDestroy();
    // What the server makes of it: an alert, or the abort it is.
    const verdict = await log.waitFor(
      (l) => l.reqId === incoming.reqId && (l.level >= 40 || l.msg === 'request aborted by the client'),
    );
    return { verdict, all: lines.filter((l) => l.reqId === incoming.reqId) };
  }

  it('is logged at debug level as an aborted request, not as an unavailable database (JSON body)', async () => {
    const admin = await t.createUser('admin');
    const url = '/api/v1/admin/user';
    const { verdict, all } = await abortMidBody(
      requestHead('POST', url, {
        authorization: `Bearer ${admin.token}`,
        'content-type': 'application/json',
        'content-length': 1000,
      }),
      '{"email":"half@example.com","first_na',
      url,
    );
    expect(verdict).toMatchObject({ level: 20, msg: 'request aborted by the client' });
    expect(all.filter((l) => l.level >= 40)).toEqual([]);
    // The database was never the problem: the next request is served.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('is logged at debug level as an aborted request (multipart upload)', async () => {
    const admin = await t.createUser('admin');
    const client = await t.createUser('client');
    const project = (
      await t.as(admin.token, {
        method: 'POST',
        url: `/api/v1/admin/project/${client.id}`,
        payload: { name: 'Abort', type: 'sale' },
      })
    ).json<{ project: { id: number } }>().project.id;
    const url = `/api/v1/admin/file/${project}`;
    const { payload, headers } = multipart(
      'plan.svg',
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(50_000)}</svg>`,
    );
    const { verdict, all } = await abortMidBody(
      requestHead('POST', url, {
        authorization: `Bearer ${admin.token}`,
        ...headers,
        'content-length': payload.length,
      }),
      payload.subarray(0, 60_000),
      url,
    );
    expect(verdict).toMatchObject({ level: 20, msg: 'request aborted by the client' });
    expect(all.filter((l) => l.level >= 40)).toEqual([]);
  });
});

describe('addresses the router cannot take', () => {
  it('answers a path segment over the router limit with 414 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/project/${'1'.repeat(150)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: expect.any(String) as string, errors: {}, status_code: 414 });
    expect(res.body).not.toContain('1111');
  });

  it('answers a malformed percent-encoding with 400 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/project/a%ED%A0%80' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) as string, errors: {}, status_code: 400 });
  });
});

describe('coded messages (ADR 019)', () => {
  it('carry their code and parameters beside the text, and each field message its own', async () => {
    const admin = await t.createUser('admin');
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v1/admin/user',
      payload: {
        email: 'new@example.com',
        first_name: 'Nya',
        last_name: 'Användaren',
        role: 'client',
        password: 'Quiet-Harbour-Lamp-71',
        password_confirm: 'Quiet-Harbour-Lamp-72',
      },
    });
    expect(res.statusCode).toBe(422);
    const detail = 'The password confirmation does not match';
    expect(res.json()).toEqual({
      message: `The given data was invalid: ${detail}`,
      errors: { password_confirm: [detail] },
      status_code: 422,
      code: 'invalid',
      params: { detail },
      error_codes: { password_confirm: [{ code: 'passwordConfirm', params: {} }] },
    });
  });

  it('leave zod’s own texts without codes', async () => {
    const admin = await t.createUser('admin');
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v1/admin/user',
      payload: {
        email: 'taken@example.com',
        first_name: 'A',
        last_name: 'B',
        role: 'client',
        password: 'x',
        password_confirm: 'x',
        phone: 12,
      },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json<{ errors: Record<string, string[]>; error_codes?: unknown }>();
    expect(body.errors.phone).toHaveLength(1);
    // Zod's own texts have no code: the envelope keeps the spec's keys and no codes for them.
    expect(body.error_codes).toBeUndefined();
  });

  it('send a thrown coded error with its parameters, and an uncoded one as the spec’s three keys', async () => {
    const admin = await t.createUser('admin');
    const missing = await t.as(admin.token, { method: 'GET', url: '/api/v1/admin/user/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: 'User not found',
      errors: {},
      status_code: 404,
      code: 'userNotFound',
      params: {},
    });
    const route = await t.as(admin.token, { method: 'GET', url: '/api/v1/nowhere' });
    expect(route.json()).toEqual({
      message: 'Route GET /api/v1/nowhere not found',
      errors: {},
      status_code: 404,
    });
  });
});
