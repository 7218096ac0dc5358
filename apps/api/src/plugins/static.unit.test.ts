import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE } from '../lib/immutable-urls';
import { staticPlugin } from './static';

/**
 * The built admin app's and widget's content-hashed files (ADR 022): cached for a year, and a
 * query string on them (`?v=2`, a random one to get past a CDN) redirected away so a cache keeps
 * one copy. API tests never serve apps/*\/dist, so these stand on a small build of their own.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-static-'));
const webDist = path.join(dist, 'web');
const widgetDist = path.join(dist, 'widget');
let app: FastifyInstance;

beforeAll(async () => {
  for (const dir of [webDist, widgetDist]) {
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'assets', 'x-1a2b3c.js'), 'export const x = 1;\n');
  }
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Planvy</title>');
  fs.writeFileSync(path.join(widgetDist, 'embed.js'), 'void 0;\n');
  app = Fastify();
  await app.register(staticPlugin, { webDist, widgetDist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe.each([
  ['the admin app', '/assets/x-1a2b3c.js'],
  ['the widget', '/widget/assets/x-1a2b3c.js'],
])('a content-hashed file of %s', (_what, url) => {
  it('is served for a year without revalidation', async () => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export const x = 1;\n');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it.each(['?v=1', '?utm_source=mail&x=2'])(
    'with the query %s is sent to its address without it (301), so a CDN keeps one copy',
    async (query) => {
      const res = await app.inject({ method: 'GET', url: `${url}${query}` });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(url);
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
      expect(res.body).toBe('');
    },
  );
});
