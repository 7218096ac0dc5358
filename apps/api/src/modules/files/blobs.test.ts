import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import { loadConfig } from '../../env';
import { createFileStore, digestOf, keyOf, type FileStore } from '../../lib/file-store';
import { createTestApp, multipart, type TestApp } from '../../../test/harness';
import { noisePng } from '../../../test/images';
import { uprightCopy } from '../../lib/uploaded-image';
import { jpeg, openOldDatabase, png, writeTheOldWay, type OldDatabase } from '../../../test/old-files';
import { startS3Server } from '../../../test/s3-server';
import { SWEEP_LOCK } from './blob-repository';
import { moveOldFiles, startFileStore, storeBlob, sweepBlobs } from './blobs';

/**
 * File bytes live in the file store, not in the rows (ADR 022): uploads, shared blobs and
 * the sweep, and the start-up step that moves rows written the old way. Runs on PGlite, and
 * on PostgreSQL in the PostgreSQL pass.
 */
const serverUrl = process.env.DATABASE_URL;
const keyFor = (bytes: Buffer) => keyOf(digestOf(bytes));

/** A real PNG to upload, and the bytes the server keeps of it (an upright copy without metadata). */
async function pngUpload(size = 64 * 1024): Promise<{ sent: Buffer; kept: Buffer }> {
  const sent = await noisePng(size);
  return { sent, kept: (await uprightCopy(sent, 'image/png')).bytes };
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(query);
  return rows[0]!.n;
}
const oldBytesLeft = (db: Db) =>
  count(
    db,
    sql`select ((select count(*) from files where content is not null) + (select count(*) from file_variants where content is not null))::int as n`,
  );
const blobRows = (db: Db) => count(db, sql`select count(*)::int as n from file_blobs`);

describe('uploads, shared bytes and the sweep', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['createUser']>>;
  let project: number;
  let other: number;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    admin = await t.createUser('admin');
    const create = async () =>
      (
        await t.as(admin.token, {
          method: 'POST',
          url: `/api/v1/admin/project/${admin.id}`,
          payload: { name: 'P', type: 'sale' },
        })
      ).json<{ project: { id: number } }>().project.id;
    project = await create();
    other = await create();
  });

  const upload = async (
    projectId: number,
    name: string,
    bytes: Buffer,
    url = `/api/v1/admin/file/${projectId}`,
  ) => {
    const form = multipart(name, bytes);
    const res = await t.as(admin.token, {
      method: 'POST',
      url,
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ file: { id: number; name: string; url: string; filePath: string } }>().file;
  };
  const remove = (id: number) => t.as(admin.token, { method: 'DELETE', url: `/api/v1/admin/file/${id}` });

  it('keeps uploaded bytes in the file store and only their key, size and type in the database', async () => {
    const { sent, kept: image } = await pngUpload();
    const background = await upload(project, 'ground.png', sent);
    const photo = await jpeg(900);
    const sun = await upload(project, 'sun.jpg', photo, `/api/v1/admin/sunstudy/${project}`);

    expect(await oldBytesLeft(t.db)).toBe(0);
    const { rows } = await t.db.execute<{ kind: string; blob_key: string; size: number }>(
      sql`select kind, blob_key, size from files order by id`,
    );
    expect(rows.map((r) => [r.kind, r.blob_key])).toEqual([
      ['image', keyFor(image)],
      ['sunstudy', expect.stringMatching(/^[0-9a-f]{64}$/)],
    ]);
    const variants = await t.db.execute<{ blob_key: string }>(sql`select blob_key from file_variants`);
    expect(variants.rows.length).toBeGreaterThan(1);
    for (const key of [...rows, ...variants.rows].map((r) => r.blob_key)) {
      expect(await t.app.fileStore.has(key), key).toBe(true);
    }

    const served = await t.app.inject({ method: 'GET', url: background.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(served.headers['content-length']).toBe(String(image.length));
    const tail = await t.app.inject({ method: 'GET', url: sun.filePath, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(100);
  });

  it('answers HEAD, If-Modified-Since and If-Range as a file server would', async () => {
    const { sent, kept: image } = await pngUpload();
    const file = await upload(project, 'ground.png', sent);
    const head = await t.app.inject({ method: 'HEAD', url: file.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(image.length));
    expect(head.rawPayload.length).toBe(0);
    const lastModified = head.headers['last-modified'] as string;
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
    const since = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { 'if-modified-since': lastModified },
    });
    expect(since.statusCode).toBe(304);
    const changed = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { range: 'bytes=0-9', 'if-range': '"an-older-version"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(image)).toBe(true);
    const same = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { range: 'bytes=0-9', 'if-range': head.headers.etag as string },
    });
    expect(same.statusCode).toBe(206);
    expect(same.rawPayload.equals(image.subarray(0, 10))).toBe(true);
  });

  it('stores equal bytes once, keeps them while any file uses them, and sweeps them after the last', async () => {
    const { sent, kept: image } = await pngUpload();
    const key = keyFor(image);
    const first = await upload(project, 'a.png', sent);
    const second = await upload(other, 'b.png', sent);
    expect(await blobRows(t.db)).toBe(1);

    expect((await remove(first.id)).statusCode).toBe(204);
    expect(await sweepBlobs(t.db, t.app.fileStore, { graceMs: 0 })).toBe(0);
    expect(await t.app.fileStore.has(key)).toBe(true);
    const still = await t.app.inject({ method: 'GET', url: second.url });
    expect(still.rawPayload.equals(image)).toBe(true);

    expect((await remove(second.id)).statusCode).toBe(204);
    // Untouched for less than the grace period: an upload may be on its way to using it.
    expect(await sweepBlobs(t.db, t.app.fileStore)).toBe(0);
    expect(await t.app.fileStore.has(key)).toBe(true);
    expect(await sweepBlobs(t.db, t.app.fileStore, { graceMs: 0 })).toBe(1);
    expect(await t.app.fileStore.has(key)).toBe(false);
    expect(await blobRows(t.db)).toBe(0);

    // The same bytes uploaded again are stored again.
    const again = await upload(project, 'a.png', sent);
    expect((await t.app.inject({ method: 'GET', url: again.url })).rawPayload.equals(image)).toBe(true);
  });

  it('sweeps what a deleted project and sun-study entry left, in batches', async () => {
    for (let i = 0; i < 5; i++) await upload(other, `p${i}.png`, await noisePng(1024));
    const sun = await upload(project, 'sun.jpg', await jpeg(700), `/api/v1/admin/sunstudy/${project}`);
    const blobs = await blobRows(t.db);
    expect(blobs).toBeGreaterThan(5);
    await t.as(admin.token, { method: 'DELETE', url: `/api/v1/admin/project/${other}` });
    await t.as(admin.token, { method: 'DELETE', url: `/api/v1/admin/project/${project}` });
    expect(await sweepBlobs(t.db, t.app.fileStore, { graceMs: 0, batch: 2 })).toBe(blobs);
    expect(await blobRows(t.db)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: sun.filePath })).statusCode).toBe(404);
  });

  it.runIf(serverUrl)('waits while a backup on PostgreSQL is copying files', async () => {
    const image = png();
    await storeBlob(t.db, t.app.fileStore, image);
    const backup = new pg.Client({ connectionString: t.databaseUrl });
    await backup.connect();
    try {
      await backup.query('select pg_advisory_lock_shared($1)', [SWEEP_LOCK]);
      expect(await sweepBlobs(t.db, t.app.fileStore, { graceMs: 0 })).toBe(0);
      expect(await t.app.fileStore.has(keyFor(image))).toBe(true);
    } finally {
      await backup.end();
    }
    expect(await sweepBlobs(t.db, t.app.fileStore, { graceMs: 0 })).toBe(1);
  });

  it('never loses bytes that an upload stores while the sweep is removing the same bytes', async () => {
    const image = png();
    const key = keyFor(image);
    await storeBlob(t.db, t.app.fileStore, image);
    // The sweep stops inside its transaction, the blob's row locked, just before deleting the bytes.
    let reached!: () => void;
    let release!: () => void;
    const atDelete = new Promise<void>((r) => (reached = r));
    const gate = new Promise<void>((r) => (release = r));
    const store = t.app.fileStore;
    const paused: FileStore = {
      ...store,
      location: store.location,
      put: (k, b) => store.put(k, b),
      has: (k) => store.has(k),
      read: (k, r) => store.read(k, r),
      check: () => store.check(),
      delete: async (k) => {
        reached();
        await gate;
        await store.delete(k);
      },
    };
    const sweep = sweepBlobs(t.db, paused, { graceMs: 0 });
    await atDelete;
    const upload = storeBlob(t.db, store, image);
    if (serverUrl) {
      // On PostgreSQL the upload's touch waits for the sweep's row lock (on PGlite for its transaction).
      const waiting = sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
      while ((await count(t.db, waiting)) === 0);
    }
    release();
    expect(await sweep).toBe(1);
    expect(await upload).toBe(key);
    expect(await store.has(key)).toBe(true);
    expect(await blobRows(t.db)).toBe(1);
  });
});

describe('files in an S3 bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ fileStore: s3.config });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads, serves with ranges, and sweeps a sun-study video through the bucket', async () => {
    const admin = await t.createUser('admin');
    const { project } = (
      await t.as(admin.token, {
        method: 'POST',
        url: `/api/v1/admin/project/${admin.id}`,
        payload: { name: 'P', type: 'sale' },
      })
    ).json<{ project: { id: number } }>();
    const head = Buffer.alloc(8);
    head.writeUInt32BE(24);
    head.write('ftyp', 4, 'latin1');
    const video = Buffer.concat([
      head,
      Buffer.from('isom\0\0\x02\0isommp41', 'latin1'),
      randomBytes(3 * 1024 * 1024),
    ]);
    const form = multipart('sommar.mp4', video);
    const up = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/sunstudy/${project.id}`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(up.statusCode, up.body).toBe(201);
    const { filePath } = up.json<{ file: { filePath: string } }>().file;
    const key = keyFor(video);
    expect(await createFileStore(s3.config).has(key)).toBe(true);

    const whole = await t.app.inject({ method: 'GET', url: filePath });
    expect(whole.rawPayload.equals(video)).toBe(true);
    const middle = await t.app.inject({
      method: 'GET',
      url: filePath,
      headers: { range: 'bytes=1000000-1000099' },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(video.subarray(1000000, 1000100))).toBe(true);

    await t.as(admin.token, { method: 'DELETE', url: `/api/v1/admin/project/${project.id}` });
    expect(await sweepBlobs(t.db, t.app.fileStore, { graceMs: 0 })).toBe(1);
    expect(await createFileStore(s3.config).has(key)).toBe(false);
  });
});

describe('moving files written before the file store', () => {
  let old: OldDatabase;
  let dir: string;
  let store: FileStore;

  beforeEach(async () => {
    old = await openOldDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-moved-'));
    store = createFileStore({ kind: 'disk', dir });
  });
  const cleanUp = async () => {
    await old.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  it('adds the new columns by migration, then moves every row’s bytes at start-up and serves them as before', async () => {
    try {
      const written = await writeTheOldWay(old.db);
      await old.upgrade();
      const logged: object[] = [];
      const stop = await startFileStore(old.db, store, {
        info: (obj) => logged.push(obj),
        error: (obj) => logged.push(obj),
      });
      stop();
      expect(logged).toEqual([{ moved: written.rows, store: dir }]);
      expect(await oldBytesLeft(old.db)).toBe(0);
      expect(await blobRows(old.db)).toBe(written.rows);

      const app = await buildApp({
        config: {
          ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
          fileStore: { kind: 'disk', dir },
        },
        db: old.db,
        jwtSecret: 'move-test-secret-'.padEnd(48, 'x'),
      });
      try {
        for (const [url, bytes] of [
          [`/projects/${written.projectId}/${written.backgrounds[0]!.name}`, written.backgrounds[0]!.bytes],
          [written.photo.url, written.photo.bytes],
          [written.copy.url, written.copy.bytes],
        ] as const) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.rawPayload.equals(bytes), url).toBe(true);
        }
      } finally {
        await app.close();
      }
      // Idempotent: a second start finds nothing to move.
      expect(await moveOldFiles(old.db, store)).toBe(0);
    } finally {
      await cleanUp();
    }
  });

  it('resumes after a failure part-way: what was moved stays moved, the rest moves on the next start', async () => {
    try {
      const written = await writeTheOldWay(old.db, 5);
      await old.upgrade();
      let puts = 0;
      const failing: FileStore = {
        location: store.location,
        has: (k) => store.has(k),
        read: (k, r) => store.read(k, r),
        delete: (k) => store.delete(k),
        check: () => store.check(),
        put: async (k, b) => {
          if (++puts === 5) throw new Error('the store went away');
          await store.put(k, b);
        },
      };
      await expect(moveOldFiles(old.db, failing, { batchRows: 2 })).rejects.toThrow('the store went away');
      // Two batches of two rows were committed; the third rolled back whole.
      expect(await oldBytesLeft(old.db)).toBe(written.rows - 4);
      expect(await moveOldFiles(old.db, store, { batchRows: 2 })).toBe(written.rows - 4);
      expect(await oldBytesLeft(old.db)).toBe(0);
      expect(await moveOldFiles(old.db, store)).toBe(0);
    } finally {
      await cleanUp();
    }
  });

  it.runIf(serverUrl)('moves each row once when several instances start together on PostgreSQL', async () => {
    try {
      const written = await writeTheOldWay(old.db, 30);
      await old.upgrade();
      const [a, b] = await Promise.all([
        moveOldFiles(old.db, store, { batchRows: 3 }),
        moveOldFiles(old.second!, store, { batchRows: 3 }),
      ]);
      expect(a + b).toBe(written.rows);
      expect(await oldBytesLeft(old.db)).toBe(0);
      expect(await blobRows(old.db)).toBe(written.rows);
    } finally {
      await cleanUp();
    }
  });
});
