import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../../test/harness';
import { errorsPlugin } from './errors';

/** Every log line the app writes, as text. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'info', stream } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  lines.length = 0;
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
      expect(res.json()).toEqual({ message: 'Internal server error', errors: {}, status_code: 500 });
    } finally {
      await t.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT refuse_victim'));
    }

    const log = lines.join('\n');
    const failure = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.level === 50);
    expect(failure).toMatchObject({
      msg: 'request failed',
      method: 'POST',
      route: '/api/v1/admin/user',
      error: { type: 'DatabaseError', code: '23514', constraint: 'refuse_victim', table: 'users' },
    });
    for (const secret of ['victim@example.com', '$argon2', 'Quiet-Harbour', 'Vera', '070-1234567']) {
      expect(log).not.toContain(secret);
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
      });
    } finally {
      await app.close();
    }
    const warning = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.level === 40);
    expect(warning).toMatchObject({ route: '/store', error: { type: 'DatabaseError' } });
    expect(String((warning!.error as { code: string }).code)).toMatch(/^22/);
    expect(lines.join('\n')).not.toContain('secret');
  });
});
