import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedOnce, pickEncoding } from './encoding';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});

describe('encodedOnce', () => {
  const body = Buffer.from('<p>plan</p>'.repeat(2000));

  it('compresses a body once per encoding, and reads back as the same bytes', async () => {
    const first = await encodedOnce(body, 'br');
    expect(await encodedOnce(body, 'br')).toBe(first);
    expect(first.length).toBeLessThan(body.length / 20);
    expect(zlib.brotliDecompressSync(first).equals(body)).toBe(true);
    expect(zlib.gunzipSync(await encodedOnce(body, 'gzip')).equals(body)).toBe(true);
  });

  it('sends identity as the body itself', async () => {
    expect(await encodedOnce(body, 'identity')).toBe(body);
  });

  it('keeps nothing for another Buffer with the same bytes (a new version is a new Buffer)', async () => {
    const copy = Buffer.from(body);
    expect(await encodedOnce(copy, 'br')).not.toBe(await encodedOnce(body, 'br'));
  });
});
