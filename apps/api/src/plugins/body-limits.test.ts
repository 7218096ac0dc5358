import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * A caller without the right to use a route or project must not make the server read,
 * let alone buffer, a large body: sign-in and access are decided before the body is read,
 * and only the routes that take plans and CSV files accept more than 1 MB.
 */

let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let admin: U, client: U, otherClient: U;
let own: number, others: number, apartment: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  client = await t.createUser('client');
  otherClient = await t.createUser('client');
  const create = async (owner: number) =>
    (
      await t.as(admin.token, {
        method: 'POST',
        url: `/api/v1/admin/project/${owner}`,
        payload: { name: 'P', type: 'sale' },
      })
    ).json().project.id as number;
  own = await create(client.id);
  others = await create(otherClient.id);
  apartment = (
    await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartment/${others}`,
      payload: { bostad: '1' },
    })
  ).json().apartment.id as number;
});
afterAll(() => t.close());

const MB = 1024 * 1024;

/** 60 MB of JSON-ish bytes, made only as they are read; `pulled` says how many were. */
function bigBody(size = 60 * MB) {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const counter = { pulled: 0 };
  const stream = new Readable({
    read() {
      if (counter.pulled >= size) return this.push(null);
      counter.pulled += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, counter };
}

async function send(
  method: 'POST' | 'PUT',
  url: string,
  token: string | undefined,
  opts: { declareLength?: boolean; contentType?: string } = {},
) {
  const { stream, counter } = bigBody();
  const headers: Record<string, string> = { 'content-type': opts.contentType ?? 'application/json' };
  if (opts.declareLength !== false) headers['content-length'] = String(60 * MB);
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await t.app.inject({ method, url, headers, payload: stream });
  return { status: res.statusCode, pulledMb: counter.pulled / MB };
}

describe('a large body is refused before it is read', () => {
  it.each([
    {
      label: 'anonymous, plan save',
      method: 'POST',
      url: () => `/api/v1/client/svg/${own}`,
      token: () => undefined,
      expected: 401,
    },
    {
      label: 'anonymous, CSV import',
      method: 'POST',
      url: () => `/api/v1/client/apartments/${own}/import`,
      token: () => undefined,
      expected: 401,
    },
    {
      label: 'client, plan save on another client’s project',
      method: 'POST',
      url: () => `/api/v1/client/svg/${others}`,
      token: () => client.token,
      expected: 404,
    },
    {
      label: 'client, plan save on their own project (admins only)',
      method: 'POST',
      url: () => `/api/v1/client/svg/${own}`,
      token: () => client.token,
      expected: 403,
    },
    {
      label: 'client, CSV import on another client’s project',
      method: 'POST',
      url: () => `/api/v1/client/apartments/${others}/import`,
      token: () => client.token,
      expected: 404,
    },
    {
      label: 'client, CSV import on their own project (admins only)',
      method: 'POST',
      url: () => `/api/v1/client/apartments/${own}/import`,
      token: () => client.token,
      expected: 403,
    },
    {
      label: 'client, an apartment of another client’s project',
      method: 'PUT',
      url: () => `/api/v1/client/apartment/${apartment}`,
      token: () => client.token,
      expected: 404,
    },
    {
      label: 'client, settings of another client’s project',
      method: 'POST',
      url: () => `/api/v1/client/settings/${others}`,
      token: () => client.token,
      expected: 404,
    },
    {
      label: 'client, admin route',
      method: 'POST',
      url: () => `/api/v1/admin/svg/${own}`,
      token: () => client.token,
      expected: 403,
    },
    {
      label: 'admin, an ordinary route (1 MB limit)',
      method: 'PUT',
      url: () => `/api/v1/admin/apartment/${apartment}`,
      token: () => admin.token,
      expected: 413,
    },
    {
      label: 'admin, plan save over its limit',
      method: 'POST',
      url: () => `/api/v1/admin/svg/${own}`,
      token: () => admin.token,
      expected: 413,
    },
  ] as const)('$label → $expected', async ({ method, url, token, expected }) => {
    const res = await send(method, url(), token());
    expect(res.status).toBe(expected);
    // Only what the stream reads ahead on its own (a chunk or two), never the body.
    expect(res.pulledMb).toBeLessThan(0.5);
  });

  it('refuses a body without a declared length once it passes the route’s limit', async () => {
    // What arrives after the limit is read and thrown away, never kept.
    const res = await send('PUT', `/api/v1/admin/apartment/${apartment}`, admin.token, {
      declareLength: false,
    });
    expect(res.status).toBe(413);
  });

  it('still takes a large plan from an admin', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(80_000)}</svg>`;
    expect(svg.length).toBeGreaterThan(2 * MB);
    const { payload, headers } = await import('../../test/harness').then((h) => h.multipart('big.svg', svg));
    const up = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/file/${own}`,
      payload,
      headers,
    });
    expect(up.statusCode).toBe(201);
    const file = up.json().file as { version: number };
    const saved = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/svg/${own}`,
      payload: { name: 'big.svg', svg, version: file.version },
    });
    expect(saved.statusCode).toBe(200);
  });
});
