import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { sql as dsql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { loadConfig } from '../env';
import { hashPassword } from '../lib/password';
import * as userRepo from '../modules/users/repository';
import { createTestApp, migratedDataDir, multipart, type TestApp } from '../../test/harness';
import { noisePng } from '../../test/images';
import { createFileStore, type FileStore, type FileStoreConfig } from '../lib/file-store';
import { jpeg, openOldDatabase, writeTheOldWay } from '../../test/old-files';
import { startS3Server } from '../../test/s3-server';
import { throwAwayDatabase, type ThrowAwayDatabase } from '../../test/postgres';
import { cliArgs } from '../../test/spawned';
import type { SunStudyFile } from '@planvy/shared';
import { backup, BackupError, restore, type Target } from './backup';

/**
 * A backup restored into a fresh place holds every project, plan, apartment and stored file
 * (images, sun-study photos and their copies). Runs on the embedded database, and on
 * PostgreSQL in the PostgreSQL pass.
 */
const serverUrl = process.env.DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../../../..');
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/planvy-test', LOG_LEVEL: 'silent' });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-backup-'));
const backupDir = path.join(tmp, 'planvy-backup');
const storeIn = (dir: string) => createFileStore({ kind: 'disk', dir });

/** A server on `database` with its files in `store` (a disk store) or in the S3 bucket configured. */
async function appOn(database: Database, store: FileStore | FileStoreConfig): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { ...config, fileStore: 'kind' in store ? store : { kind: 'disk', dir: store.location } },
    db: database.db,
    jwtSecret: 'backup-test-secret-'.padEnd(48, 'x'),
  });
  await app.ready();
  return app;
}

/** What an admin sees of a restored database (`snapshot`), through a server opened on it and closed again. */
async function snapshotOf(
  options: Parameters<typeof openDatabase>[0],
  store: FileStore | FileStoreConfig,
  adminId: number,
) {
  const database = await openDatabase(options);
  const app = await appOn(database, store);
  try {
    return await snapshot(app, adminId);
  } finally {
    await app.close();
    await database.close();
  }
}

/** Bytes as their SHA-256: equal exactly when the bytes are, and compared at once (not byte by byte). */
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What an admin sees of the data: projects, plans with markup, image bytes, sun-study bytes, apartments. */
async function snapshot(app: FastifyInstance, adminId: number) {
  const headers = { authorization: `Bearer ${app.signToken({ sub: String(adminId) })}` };
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return res;
  };
  const { projects } = (await get('/api/v1/admin/projects')).json<{
    projects: { id: number; name: string }[];
  }>();
  const out = [];
  for (const p of projects) {
    const { files } = (await get(`/api/v1/admin/svg/${p.id}`)).json<{
      files: { name: string; svg: string; data: string }[];
    }>();
    const { imgs } = (await get(`/api/v1/admin/svg/images/${p.id}`)).json<{ imgs: { name: string }[] }>();
    const images = [];
    for (const img of imgs)
      images.push({ name: img.name, bytes: digest((await get(`/projects/${p.id}/${img.name}`)).rawPayload) });
    const sunStudy = [];
    const entries = (await get(`/api/v2/sunstudy/project/${p.id}`)).json<{ files: SunStudyFile[] }>().files;
    for (const e of entries) {
      sunStudy.push({
        label: e.label,
        bytes: digest((await get(e.filePath)).rawPayload),
        thumbnail: e.thumbnailPath ? digest((await get(e.thumbnailPath)).rawPayload) : null,
      });
    }
    const apartments = (await get(`/api/v1/admin/apartments/${p.id}`)).json<{ apartments: object[] }>()
      .apartments;
    out.push({
      project: p,
      plans: files.map((f) => ({ name: f.name, svg: f.svg, data: f.data })),
      images,
      sunStudy,
      apartments,
    });
  }
  return out;
}

/** Two projects with plans, a background image and apartments, and a sun-study photo in the first, made through the API. */
async function seed(app: FastifyInstance, database: Database) {
  const admin = await userRepo.insertUser(database.db, {
    email: 'admin@backup.test',
    first_name: 'Ada',
    last_name: 'Admin',
    role: 'admin',
    password_hash: await hashPassword('secret123'),
  });
  const headers = { authorization: `Bearer ${app.signToken({ sub: String(admin.id) })}` };
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json<{ project: { id: number }; apartment: { id: number } }>();
  };
  for (const name of ['Eken', 'Tomterna']) {
    const { project } = await call('POST', `/api/v1/admin/project/${admin.id}`, { name, type: 'sale' });
    const ids: number[] = [];
    for (const bostad of ['1001', '1002', '1003']) {
      ids.push(
        (
          await call('POST', `/api/v1/admin/apartment/${project.id}`, {
            bostad,
            status: 'reserved',
            price: 2500000,
          })
        ).apartment.id,
      );
    }
    const zones = ids
      .map((id, i) => `<rect id="${id}" data-bostad="100${i + 1}" x="${i * 10}" width="9" height="9"/>`)
      .join('');
    const svg = multipart(
      'floor.svg',
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${zones}</svg>`,
    );
    const plan = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/file/${project.id}`,
      headers: { ...headers, ...svg.headers },
      payload: svg.payload,
    });
    expect(plan.statusCode).toBe(201);
    const png = multipart(
      'background.png',
      // A real image: uploads are decoded (and stored without metadata).
      await noisePng(256 * 1024),
    );
    const image = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/file/${project.id}`,
      headers: { ...headers, ...png.headers },
      payload: png.payload,
    });
    expect(image.statusCode).toBe(201);
    await call('POST', `/api/v1/admin/svg/setImage/${project.id}`, {
      fileName: 'background.png',
      svgName: 'floor.svg',
    });
    if (name === 'Eken') {
      const photo = multipart('sol.jpg', await jpeg(900));
      const up = await app.inject({
        method: 'POST',
        url: `/api/v1/admin/sunstudy/${project.id}`,
        headers: { ...headers, ...photo.headers },
        payload: photo.payload,
      });
      expect(up.statusCode, up.body).toBe(201);
      const added = await app.inject({
        method: 'POST',
        url: '/api/v2/sunstudy/file',
        headers,
        payload: { projectId: project.id, label: 'Morgon', ...up.json<{ file: object }>().file },
      });
      expect(added.statusCode, added.body).toBe(201);
    }
  }
  return admin.id;
}

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * The backup CLI as an operator runs it, on the data directory or database given. Not spawnSync:
 * an S3 server in this process must go on answering while the CLI runs.
 */
async function cli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, cliArgs(args), {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(tmp, 'fresh'), DATABASE_URL: '', INIT_CWD: root, ...env },
  });
  child.stdin.end('yes\n'); // piped, not a terminal: the answer is not taken
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [status] = (await once(child, 'close')) as [number | null];
  return { status, stdout, stderr };
}

/** The stored files a backup holds. */
const storedFiles = (dir: string) =>
  fs
    .readdirSync(path.join(dir, 'files'), { recursive: true })
    .map(String)
    .filter((f) => /[0-9a-f]{64}$/.test(f));

describe('restoring from a backup that is not there', () => {
  it('says so in one line, without a stack trace, and changes nothing', async () => {
    const missing = path.join(tmp, 'no-such-backup.sql');
    const res = await cli(['restore', missing, '--yes'], { DATABASE_URL: serverUrl ?? '' });
    expect(res.status).toBe(1);
    expect(res.stderr.trim()).toBe(`There is no backup at ${missing}.`);
    expect(fs.existsSync(path.join(tmp, 'fresh'))).toBe(false);
    // A CLI started as a process: past 30 s when CI runs this beside the browser tier.
  }, 120_000);
});

describe('a single-file backup from before the file store (bytes inside the database)', () => {
  it('restores, with its files moved into the store and served as before', async () => {
    const old = await openOldDatabase();
    try {
      const written = await writeTheOldWay(old.db);
      const store = storeIn(path.join(tmp, 'old/files'));
      let target: Target;
      let file: string;
      if (old.pglite) {
        file = path.join(tmp, 'old.sql');
        const dump = await pgDump({ pg: old.pglite, args: ['--no-owner', '--no-privileges'] });
        fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
        target = { pgliteDir: path.join(tmp, 'old/pglite'), store };
      } else {
        file = path.join(tmp, 'old.dump');
        const dumped = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${old.url}`], {
          encoding: 'utf8',
        });
        expect(dumped.status, dumped.stderr).toBe(0);
        // Restored over the same (throw-away) database.
        target = { databaseUrl: old.url, pgliteDir: '/nonexistent', store };
      }
      const restored = await restore(target, file);
      expect(restored.contents.files).toBe(written.rows - 1); // the copy is a file_variants row
      const database = await openDatabase(
        target.databaseUrl ? { databaseUrl: target.databaseUrl } : { pgliteDir: target.pgliteDir },
      );
      const app = await appOn(database, store);
      try {
        const { rows } = await database.db.execute<{ n: number }>(
          dsql`select count(*)::int as n from files where content is not null`,
        );
        expect(rows[0]!.n).toBe(0);
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
        await database.close();
      }
    } finally {
      await old.close();
    }
  }, 120_000);
});

describe.skipIf(serverUrl)('backup and restore of the embedded database', () => {
  const source: Target = {
    pgliteDir: path.join(tmp, 'source/pglite'),
    store: storeIn(path.join(tmp, 'source/files')),
  };
  const fresh: Target = {
    pgliteDir: path.join(tmp, 'fresh/pglite'),
    store: storeIn(path.join(tmp, 'fresh/files')),
  };
  let expected: Awaited<ReturnType<typeof snapshot>>;
  let adminId: number;

  beforeAll(async () => {
    const database = await openDatabase({ pgliteDir: migratedDataDir(source.pgliteDir) });
    const app = await appOn(database, source.store);
    adminId = await seed(app, database);
    expected = await snapshot(app, adminId);
    await app.close();
    await database.close();
  }, 120_000);

  it('restores into a fresh data directory with every project, plan, apartment and stored file', async () => {
    const made = await backup(source, backupDir);
    expect(made.contents).toEqual({ projects: 2, apartments: 6, files: 5, users: 1 });
    expect(fs.statSync(backupDir).mode & 0o077).toBe(0); // password hashes: owner only
    expect(fs.statSync(path.join(backupDir, 'database.sql')).mode & 0o077).toBe(0);
    // Two backgrounds, the sun-study photo and its copies.
    expect(made.files).toBeGreaterThan(3);
    expect(storedFiles(backupDir)).toHaveLength(made.files);

    const restored = await restore(fresh, backupDir);
    expect(restored.contents).toEqual(made.contents);
    expect(restored.files).toBe(made.files);
    expect(restored.previous).toBeUndefined();
    expect(expected.length).toBe(2);
    expect(expected[0]!.sunStudy).toHaveLength(1);
    expect(await snapshotOf({ pgliteDir: fresh.pgliteDir }, fresh.store, adminId)).toEqual(expected);
  }, 120_000);

  it('refuses to back up or restore while a server holds the data directory', async () => {
    const server = lockDataDir(fresh.pgliteDir, 'server');
    try {
      await expect(restore(fresh, backupDir)).rejects.toThrow(DataDirInUseError);
      await expect(backup(fresh, path.join(tmp, 'other'))).rejects.toThrow(
        /in use by a Planvy server process/,
      );
      expect(fs.existsSync(path.join(tmp, 'other'))).toBe(false);
    } finally {
      server.release();
    }
  });

  it('asks before overwriting, and without a terminal changes nothing unless told --yes', async () => {
    const refused = await cli(['restore', backupDir]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /This replaces the embedded database in .* which holds 2 project\(s\), 6 apartment\(s\)/,
    );
    expect(refused.stderr).toMatch(/Not restored: add --yes/);
    expect(
      fs.readdirSync(path.join(tmp, 'fresh')).filter((n) => n.startsWith('pglite.before-restore')),
    ).toEqual([]);

    const done = await cli(['restore', backupDir, '--yes']);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(
      /Restored .* 2 project\(s\), 6 apartment\(s\), 5 plan and image file\(s\), 1 user\(s\); \d+ stored file\(s\)/,
    );
    expect(
      fs.readdirSync(path.join(tmp, 'fresh')).filter((n) => n.startsWith('pglite.before-restore')),
    ).toHaveLength(1);
  }, 120_000);

  it('refuses a backup that lost one of its files, in one line, and changes nothing', async () => {
    const damaged = path.join(tmp, 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const lost = storedFiles(damaged)[0]!;
    fs.rmSync(path.join(damaged, 'files', lost));
    const before = fs.readdirSync(path.join(tmp, 'fresh'));
    const res = await cli(['restore', damaged, '--yes']);
    expect(res.status).toBe(1);
    expect(res.stderr.trim()).toMatch(
      new RegExp(
        `^The backup in ${damaged} is missing 1 of its \\d+ stored files \\(the first is files/${lost}\\); nothing was restored\\.$`,
      ),
    );
    expect(fs.readdirSync(path.join(tmp, 'fresh'))).toEqual(before);
  }, 60_000);
});

describe.skipIf(serverUrl)('backup and restore with the files in an S3 bucket', () => {
  /** The S3_* variables an operator sets for this bucket. */
  const s3Env = (c: Extract<FileStoreConfig, { kind: 's3' }>) => ({
    S3_BUCKET: c.bucket,
    S3_ENDPOINT: c.endpoint!,
    S3_REGION: c.region,
    S3_ACCESS_KEY_ID: c.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: c.credentials!.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
    S3_PREFIX: c.prefix,
  });
  const servers: Awaited<ReturnType<typeof startS3Server>>[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('carries the files out of the bucket, and restores them into another bucket after the first is lost', async () => {
    const source = await startS3Server();
    servers.push(source);
    const sourceDir = path.join(tmp, 's3-source');
    const database = await openDatabase({ pgliteDir: migratedDataDir(path.join(sourceDir, 'pglite')) });
    const app = await appOn(database, source.config);
    const adminId = await seed(app, database);
    const expected = await snapshot(app, adminId);
    await app.close();
    await database.close();
    expect(expected[0]!.sunStudy).toHaveLength(1);
    expect(fs.existsSync(path.join(sourceDir, 'files'))).toBe(false); // the bytes are in the bucket

    const dir = path.join(tmp, 's3-backup');
    const made = await cli(['backup', dir], { DATA_DIR: sourceDir, ...s3Env(source.config) });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain(`with the files in s3://${source.config.bucket}/${source.config.prefix}`);
    const carried = storedFiles(dir);
    expect(carried.length).toBeGreaterThan(3); // two backgrounds, the sun-study photo and its copies
    expect(made.stdout).toMatch(new RegExp(`; ${carried.length} stored file\\(s\\)\\.$`, 'm'));

    // A backup should survive losing the bucket (ADR 022).
    await source.close();
    servers.splice(servers.indexOf(source), 1);
    const fresh = await startS3Server();
    servers.push(fresh);
    const freshDir = path.join(tmp, 's3-fresh');
    const restored = await cli(['restore', dir, '--yes'], { DATA_DIR: freshDir, ...s3Env(fresh.config) });
    expect(restored.status, restored.stderr).toBe(0);
    const store = createFileStore(fresh.config);
    for (const file of carried) expect(await store.has(path.basename(file)), file).toBe(true);

    expect(await snapshotOf({ pgliteDir: path.join(freshDir, 'pglite') }, fresh.config, adminId)).toEqual(
      expected,
    );
  }, 120_000);
});

describe.runIf(serverUrl)('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  let t: TestApp;
  /** The empty database the backup is restored into. */
  let fresh: ThrowAwayDatabase | undefined;
  let expected: Awaited<ReturnType<typeof snapshot>>;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const database = { db: t.db } as Database;
    adminId = await seed(t.app, database);
    expected = await snapshot(t.app, adminId);
    fresh = await throwAwayDatabase(serverUrl!, 'planvy_restore');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fresh?.drop();
  });

  it('restores a pg_dump archive into a fresh database with every project, plan, image and apartment', async () => {
    const target: Target = { databaseUrl: t.databaseUrl, pgliteDir: '/nonexistent', store: t.app.fileStore };
    const made = await backup(target, backupDir);
    expect(made.contents).toEqual({ projects: 2, apartments: 6, files: 5, users: 1 });
    expect(fs.readFileSync(path.join(backupDir, 'database.dump')).subarray(0, 5).toString()).toBe('PGDMP');
    expect(storedFiles(backupDir)).toHaveLength(made.files);

    const store = storeIn(path.join(tmp, 'pg-fresh-files'));
    const restored = await restore({ databaseUrl: fresh!.url, pgliteDir: '/nonexistent', store }, backupDir);
    expect(restored.contents).toEqual(made.contents);
    expect(await snapshotOf({ databaseUrl: fresh!.url, purpose: 'check' }, store, adminId)).toEqual(expected);
  }, 120_000);

  it('refuses to restore over a database a server is connected to', async () => {
    // The test app's pool is connected as "planvy server", as a running instance would be.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const target: Target = { databaseUrl: t.databaseUrl, pgliteDir: '/nonexistent', store: t.app.fileStore };
    await expect(restore(target, backupDir)).rejects.toThrow(
      /Planvy is running on this database .* Stop every instance/,
    );
    await expect(restore(target, backupDir)).rejects.toThrow(BackupError);
  });
});
