import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MarkupCache } from './markup-cache';

const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1z"/>'.repeat(1000)}</svg>`;

describe('MarkupCache', () => {
  it('reads a version once and serves it raw, brotli and gzip from then on', async () => {
    const cache = new MarkupCache();
    let reads = 0;
    const load = async () => {
      reads++;
      return { svg, etag: '"v1"' };
    };
    const raw = await cache.get('"v1"', 'identity', load);
    const br = await cache.get('"v1"', 'br', load);
    const gz = await cache.get('"v1"', 'gzip', load);
    expect(reads).toBe(1);
    expect(raw?.body.toString()).toBe(svg);
    expect(brotliDecompressSync(br!.body).toString()).toBe(svg);
    expect(gunzipSync(gz!.body).toString()).toBe(svg);
    expect(br!.body.length).toBeLessThan(svg.length / 10);
  });

  it('keeps what it read under the ETag it read (a write in between cannot mislabel it)', async () => {
    const cache = new MarkupCache();
    const got = await cache.get('"old"', 'identity', async () => ({ svg: '<svg/>', etag: '"new"' }));
    expect(got?.etag).toBe('"new"');
    let reads = 0;
    await cache.get('"old"', 'identity', async () => {
      reads++;
      return { svg: '<svg/>', etag: '"new"' };
    });
    expect(reads).toBe(1);
  });

  it('drops the least recently used versions past its limit', async () => {
    const cache = new MarkupCache(2 * svg.length + 10);
    const loads: string[] = [];
    const load = (etag: string) => async () => {
      loads.push(etag);
      return { svg, etag };
    };
    await cache.get('a', 'identity', load('a'));
    await cache.get('b', 'identity', load('b'));
    await cache.get('a', 'identity', load('a'));
    await cache.get('c', 'identity', load('c'));
    expect(cache.size).toBeLessThanOrEqual(2 * svg.length + 10);
    await cache.get('a', 'identity', load('a'));
    await cache.get('b', 'identity', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });
});
