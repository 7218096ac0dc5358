import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from '../../test/harness';
import { idAliases } from '../../test/id-aliases';
import { connect, listen, requestHead } from '../../test/raw-socket';
import { seedProjectWorld, type ProjectWorld } from '../modules/projects/project-fixtures';

/**
 * An id is written one way: canonical decimal, 1 to 2147483647. Anything else that a
 * number parser would take for an id (1e0, +1, 0x1, 1.0, 01, spaces, percent-encoded
 * forms of those, huge numbers) names nothing: 404 in a path, 422 in a query, answered
 * before the body is read (ADR 021).
 */

let t: TestApp;
let w: ProjectWorld;
let port: number;

beforeAll(async () => {
  // A short request limit, so a server that waits for the body answers 408 instead of hanging.
  t = await createTestApp({
    connections: {
      headersTimeoutMs: 3000,
      requestTimeoutMs: 3000,
      keepAliveTimeoutMs: 3000,
      connectionsPerIp: 0,
      checkIntervalMs: 100,
    },
  });
  w = await seedProjectWorld(t);
  port = await listen(t.app);
});
afterAll(() => t.close());

describe('non-canonical ids in a path', () => {
  it('never delete project 1 through DELETE /admin/project/1e0 and the like', async () => {
    const id = w.projectA.id;
    for (const alias of idAliases(id)) {
      const res = await t.as(w.admin.token, { method: 'DELETE', url: `/api/v1/admin/project/${alias}` });
      expect({ alias, status: res.statusCode, body: res.body ? res.json() : res.body }).toEqual({
        alias,
        status: 404,
        body: { message: 'Not found', errors: {}, status_code: 404 },
      });
    }
    const still = await t.as(w.admin.token, { method: 'GET', url: `/api/v1/admin/project/${id}` });
    expect(still.statusCode).toBe(200);
  });

  it('answers a percent-encoded canonical id (%31 is 1) as the id itself', async () => {
    const id = String(w.projectA.id);
    const encoded = [...id].map((d) => `%3${d}`).join('');
    const res = await t.as(w.admin.token, { method: 'GET', url: `/api/v1/admin/project/${encoded}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().project.id).toBe(w.projectA.id);
  });

  it('still answers 401 to an anonymous caller first', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/project/${w.projectA.id}e0` });
    expect(res.statusCode).toBe(401);
  });

  it('answers a large upload to a non-canonical id while the body is still being sent', async () => {
    // Bertil may not reach Anna's project; before, "1e0" skipped the early access check and
    // the whole body was read before the refusal.
    const { payload, headers } = multipart('plan.svg', Buffer.alloc(20 * 1024 * 1024, 'a'));
    for (const alias of [`${w.projectA.id}e0`, `0${w.projectA.id}`]) {
      const c = await connect(port);
      c.socket.write(
        requestHead('POST', `/api/v1/client/file/${alias}`, {
          authorization: `Bearer ${w.clientB.token}`,
          ...headers,
          'content-length': payload.length,
        }),
      );
      // A tenth of the body, then nothing until the answer.
      c.socket.write(payload.subarray(0, payload.length / 10));
      const res = await c.response;
      expect({ alias, status: res?.status }).toEqual({ alias, status: 404 });
      expect(JSON.parse(res!.body)).toEqual({ message: 'Not found', errors: {}, status_code: 404 });
      // And the server stops taking the rest: it closes the connection instead of reading
      // 18 MB more to keep it alive.
      expect(res?.headers.connection).toBe('close');
      await c.closed;
      c.socket.destroy();
    }
  });
});

describe('non-canonical ids in a query', () => {
  it('are refused with 422 naming the field, on every route that takes one', async () => {
    const id = w.projectA.id;
    const routes = [
      (v: string) => `/api/v1/admin/audit?project=${v}`,
      (v: string) => `/api/v1/admin/audit?user=${v}`,
      (v: string) => `/api/v1/admin/audit?before=${v}`,
      (v: string) => `/api/v2/statistic/projects/all-sum?project_id=${v}`,
      (v: string) => `/api/v2/statistic/clicks/daily?apartment_id=${v}`,
    ];
    for (const url of routes) {
      const field = /\?(\w+)=/.exec(url('x'))![1]!;
      for (const alias of idAliases(id).filter((a) => !['2147483648'].includes(a) || field !== 'before')) {
        const res = await t.as(w.admin.token, { method: 'GET', url: url(alias) });
        expect({
          url: url(alias),
          status: res.statusCode,
          fields: Object.keys(res.json().errors ?? {}),
        }).toEqual({
          url: url(alias),
          status: 422,
          fields: [field],
        });
      }
      // The canonical id gets past the check (what the route then says of it is its own affair).
      expect((await t.as(w.admin.token, { method: 'GET', url: url(String(id)) })).statusCode).not.toBe(422);
    }
  });
});
