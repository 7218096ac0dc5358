import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db/client';
import { createSecondInstance, createTestApp, multipart, type TestApp } from '../test/harness';
import { openEventStream } from '../test/event-stream';
import { throwAwayDatabase } from '../test/postgres';

/**
 * Two API instances on one PostgreSQL, as behind a load balancer: every piece of state a
 * visitor or an admin relies on must hold whichever instance answers. Only the PostgreSQL
 * pass runs this (two processes cannot share the embedded database).
 */
describe.runIf(process.env.DATABASE_URL)('two API instances on one PostgreSQL', () => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let second: Awaited<ReturnType<typeof createSecondInstance>>;
  let token: string;
  let projectId: number;
  let clickedApartment: number;

  const as = (app: FastifyInstance, opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp();
    second = await createSecondInstance(t);
    a = t.app;
    b = second.app;
    const admin = await t.createUser('admin');
    token = admin.token;
    const created = await as(a, {
      method: 'POST',
      url: `/api/v1/admin/project/${admin.id}`,
      payload: { name: 'Shared', type: 'sale' },
    });
    projectId = created.json<{ project: { id: number } }>().project.id;
    // Made before either instance caches the public view, which says what a click may count.
    clickedApartment = (
      await as(a, {
        method: 'POST',
        url: `/api/v1/admin/apartment/${projectId}`,
        payload: { bostad: '2001' },
      })
    ).json<{ apartment: { id: number } }>().apartment.id;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await second?.close();
    await t?.close();
  });

  it('instances started together on an empty database all start (migrations run once)', async () => {
    const empty = await throwAwayDatabase(process.env.DATABASE_URL!, 'planvy_start');
    try {
      const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: empty.url })));
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await empty.drop();
    }
  });

  it('public view: a change through A shows through B within the cache lifetime', async () => {
    const apartment = (
      await as(a, {
        method: 'POST',
        url: `/api/v1/admin/apartment/${projectId}`,
        payload: { bostad: '1001', status: 'sale' },
      })
    ).json<{ apartment: { id: number } }>().apartment;
    vi.useFakeTimers({ toFake: ['Date'] });
    const statusOn = async (app: FastifyInstance) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/public/view/${projectId}` });
      const view = res.json<{ apartments: { id: number; status: string }[] }>();
      return { status: view.apartments.find((x) => x.id === apartment.id)?.status, etag: res.headers.etag };
    };
    const before = await statusOn(b);
    expect(before.status).toBe('sale');
    expect((await statusOn(a)).etag).toBe(before.etag); // same data, same ETag on either instance

    const changed = await as(a, {
      method: 'PUT',
      url: `/api/v1/admin/apartment/${apartment.id}`,
      payload: { bostad: '1001', status: 'sold' },
    });
    expect(changed.statusCode).toBe(200);

    vi.setSystemTime(Date.now() + t.config.publicViewTtlMs + 1);
    const after = await statusOn(b);
    expect(after.status).toBe('sold');
    expect(after.etag).not.toBe(before.etag);
    vi.useRealTimers();
  });

  it('live: a status change through A reaches a stream on B, and B’s cached view with it', async () => {
    const apartment = (
      await as(a, {
        method: 'POST',
        url: `/api/v1/admin/apartment/${projectId}`,
        payload: { bostad: '3001', status: 'sale' },
      })
    ).json<{ apartment: { id: number } }>().apartment;
    const onB = await b.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(`${onB}/api/v1/public/view/${projectId}/events`);
    try {
      await stream.nextOf('view');
      // B caches the view now; the event must drop it.
      await b.inject({ method: 'GET', url: `/api/v1/public/view/${projectId}` });
      const changed = await as(a, {
        method: 'PUT',
        url: `/api/v1/admin/apartment/${apartment.id}`,
        payload: { status: 'reserved' },
      });
      expect(changed.statusCode).toBe(200);
      const event = await stream.nextOf('apartments');
      expect(event.data).toEqual({
        apartments: [{ id: apartment.id, status: 'reserved', inactive: false, price: null, fee: null }],
      });
      const view = await b.inject({ method: 'GET', url: `/api/v1/public/view/${projectId}` });
      const shown = view.json<{ apartments: { id: number; status: string }[] }>().apartments;
      expect(shown.find((x) => x.id === apartment.id)?.status).toBe('reserved');
    } finally {
      stream.close();
    }
  });

  it('plans: a stale save through B after a save through A is a 409', async () => {
    const plan = (inner: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${inner}</svg>`;
    const { payload, headers } = multipart('floor.svg', plan(''));
    const uploaded = await as(a, {
      method: 'POST',
      url: `/api/v1/admin/file/${projectId}`,
      payload,
      headers,
    });
    expect(uploaded.statusCode).toBe(201);
    const { version } = uploaded.json<{ file: { version: number } }>().file;
    const save = (app: FastifyInstance, inner: string) =>
      as(app, {
        method: 'POST',
        url: `/api/v1/admin/svg/${projectId}`,
        payload: { name: 'floor.svg', svg: plan(inner), version },
      });

    expect((await save(a, '<rect id="from-a" width="1" height="1"/>')).statusCode).toBe(200);
    const stale = await save(b, '<rect id="from-b" width="1" height="1"/>');
    expect(stale.statusCode).toBe(409);
    const stored = await as(b, { method: 'GET', url: `/api/v1/admin/svg/${projectId}` });
    expect(stored.json<{ files: { svg: string }[] }>().files[0]?.svg).toContain('from-a');
  });

  it('sign-in: failures through A and B count against one limit', async () => {
    const user = await t.createUser('client');
    const limit = t.config.loginLimits.perEmail;
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: user.email, password: 'wrong-guess' },
      });
    // Each instance alone would allow `limit` failures; together they must not.
    let refusedAt = 0;
    for (let i = 1; i <= limit + 1 && !refusedAt; i += 1) {
      if ((await attempt(i % 2 ? a : b)).statusCode === 429) refusedAt = i;
    }
    expect(refusedAt, 'attempts spread over two instances were never limited').toBeGreaterThan(0);
    expect(refusedAt).toBeLessThanOrEqual(limit + 1);
    // Both instances now refuse, whichever one counted last.
    for (const app of [a, b]) {
      const res = await attempt(app);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('clicks: one visitor opening one apartment counts once, whichever instance answers', async () => {
    const click = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/public/view/${projectId}/click`,
        payload: { apartment_id: clickedApartment },
        headers: { 'user-agent': 'Mozilla/5.0 (same visitor)' },
      });
    expect((await click(a)).json()).toEqual({ counted: true });
    expect((await click(b)).json()).toEqual({ counted: false });
  });
});
