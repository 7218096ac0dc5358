import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: { token: string };
let project: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  const client = await t.createUser('client', { email: 'owner@example.com' });
  project = (
    await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/project/${client.id}`,
      payload: { name: 'Sjöutsikten', type: 'sale' },
    })
  ).json().project.id;
  for (let i = 0; i < 20; i++)
    await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartment/${project}`,
      payload: {
        bostad: `${1100 + i}`,
        rooms: '3',
        status: 'sale',
        description: 'Ljus trea med balkong i söderläge',
      },
    });
});
afterAll(() => t.close());

const list = (headers: Record<string, string> = {}) =>
  t.as(admin.token, { method: 'GET', url: `/api/v1/admin/apartments/${project}`, headers });

describe('JSON answers', () => {
  it('go brotli or gzip to clients that accept it, the same data as the plain answer', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await list({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gz = await list({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);

    const refused = await list({ 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('under 1 KB, and errors in the envelope, go as they are', async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/apartments/${project}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ status_code: 401 });
  });

  it('that chose their encoding themselves are not compressed twice (the widget view, compressed once per version)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${project}` });
    const br = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/view/${project}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});
