import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../../test/harness';

/** Password fields never reach a log line, whatever the level and whatever fails. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'trace', stream } });
});
afterAll(() => t.close());

const SECRET = 'Correct-Horse-77';

describe('logs', () => {
  it('hold no password from failing requests', async () => {
    const admin = await t.createUser('admin');
    lines.length = 0;
    const attempts = [
      // Wrong password, malformed JSON, over-long fields, a NUL byte, a duplicate user.
      t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'a@b.se', password: SECRET } }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"a@b.se","password":"${SECRET}"`,
      }),
      t.as(admin.token, {
        method: 'POST',
        url: '/api/v1/admin/user',
        payload: {
          email: 'x'.repeat(200),
          first_name: 'A\u0000B',
          password: SECRET,
          password_confirm: SECRET,
        },
      }),
      t.as(admin.token, {
        method: 'POST',
        url: '/api/v1/admin/user',
        payload: {
          email: admin.email,
          first_name: 'A',
          role: 'client',
          password: SECRET,
          password_confirm: SECRET,
        },
      }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).not.toContain(admin.token);
  });

  it('redact a password even where a handler logs a body or the headers', async () => {
    const app = await buildApp({
      config: t.config,
      db: t.db,
      jwtSecret: 'test-secret-'.padEnd(48, 'x'),
      logger: { level: 'info', stream },
    });
    app.post('/careless', async (request) => {
      request.log.info({ body: request.body, req: { headers: request.headers } }, 'got');
      request.log.info(request.body as object, 'flat');
      return {};
    });
    lines.length = 0;
    await app.inject({
      method: 'POST',
      url: '/careless',
      headers: { authorization: 'Bearer some-token-value' },
      payload: { password: SECRET, password_confirm: SECRET, user: { password: SECRET } },
    });
    await app.close();
    const text = lines.join('\n');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('some-token-value');
  });
});
