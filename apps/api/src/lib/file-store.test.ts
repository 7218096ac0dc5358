import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import {
  createFileStore,
  digestOf,
  DiskFileStore,
  keyOf,
  MissingBlobError,
  type FileStore,
  type FileStoreConfig,
} from './file-store';

/** One contract, both stores: the disk under DATA_DIR/files and an S3 bucket (s3rver). */
const diskDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-store-'));
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(diskDir, { recursive: true, force: true });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const blob = (size: number) => {
  const bytes = randomBytes(size);
  return { bytes, key: keyOf(digestOf(bytes)) };
};

describe.each([
  ['on disk', (): FileStoreConfig => ({ kind: 'disk', dir: diskDir })],
  ['in an S3 bucket', (): FileStoreConfig => s3.config],
])('the file store %s', (_where, config) => {
  let store: FileStore;
  beforeAll(async () => {
    store = createFileStore(config());
    await store.check();
  });

  it('keeps bytes under their key and gives them back whole or by range', async () => {
    const { bytes, key } = blob(300 * 1024);
    expect(await store.has(key)).toBe(false);
    await store.put(key, bytes);
    expect(await store.has(key)).toBe(true);
    expect((await bytesOf(await store.read(key))).equals(bytes)).toBe(true);
    expect(
      (await bytesOf(await store.read(key, { start: 10, end: 19 }))).equals(bytes.subarray(10, 20)),
    ).toBe(true);
    const last = bytes.length - 1;
    expect(
      (await bytesOf(await store.read(key, { start: last, end: last }))).equals(bytes.subarray(last)),
    ).toBe(true);
  });

  it('stores equal bytes once: putting them again, even at the same time, changes nothing', async () => {
    const { bytes, key } = blob(64 * 1024);
    await Promise.all(Array.from({ length: 8 }, () => store.put(key, bytes)));
    await store.put(key, bytes);
    expect((await bytesOf(await store.read(key))).equals(bytes)).toBe(true);
  });

  it('says a missing key is missing before sending anything, and deleting one twice is fine', async () => {
    const { bytes, key } = blob(1024);
    await expect(store.read(key)).rejects.toBeInstanceOf(MissingBlobError);
    await store.put(key, bytes);
    await store.delete(key);
    await store.delete(key);
    expect(await store.has(key)).toBe(false);
    await expect(store.read(key, { start: 0, end: 9 })).rejects.toBeInstanceOf(MissingBlobError);
  });

  it('takes only sha256 keys, so no key can name a path outside the store', async () => {
    for (const key of ['../../etc/passwd', `${'a'.repeat(63)}/`, 'A'.repeat(64), '']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Not a file store key/);
      await expect(store.read(key)).rejects.toThrow(/Not a file store key/);
    }
  });
});

describe('the disk store', () => {
  it('leaves nothing under the key, nor a temporary file, when a write fails part-way', async () => {
    // A folder of its own: the contract tests above may have made this key's shard folder already.
    const dir = fs.mkdtempSync(path.join(diskDir, 'partial-'));
    const store = new DiskFileStore(dir);
    const { bytes, key } = blob(2 * 1024 * 1024);
    // The key's folder cannot be made: the bytes are written to the temporary file, then the move fails.
    const shard = path.dirname(store.pathOf(key));
    fs.writeFileSync(shard, 'not a folder');
    try {
      await expect(store.put(key, bytes)).rejects.toThrow();
      expect(await store.has(key)).toBe(false);
      expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
    } finally {
      fs.rmSync(shard);
    }
    await store.put(key, bytes);
    expect(fs.readFileSync(store.pathOf(key)).equals(bytes)).toBe(true);
  });

  it('removes temporary files a stopped process left, and only those', async () => {
    const tmp = path.join(diskDir, '.tmp');
    fs.mkdirSync(tmp, { recursive: true });
    const stale = path.join(tmp, 'left-by-a-crash');
    const fresh = path.join(tmp, 'being-written');
    fs.writeFileSync(stale, 'half');
    fs.writeFileSync(fresh, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    await new DiskFileStore(diskDir).check();
    expect(fs.readdirSync(tmp)).toEqual(['being-written']);
    fs.rmSync(fresh);
  });
});

describe('the S3 store', () => {
  it('says in one sentence which bucket cannot be used', async () => {
    const store = createFileStore({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(store.check()).rejects.toThrow(
      /^The S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used: it answered 404/,
    );
  });
});
