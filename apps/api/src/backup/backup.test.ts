import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { loadConfig } from '../env';
import { hashPassword } from '../lib/password';
import * as userRepo from '../modules/users/repository';
import { createTestApp, multipart, type TestApp } from '../../test/harness';
import { noisePng } from '../../test/images';
import { backup, BackupError, restore, type Target } from './backup';

/**
 * A backup restored into a fresh place holds every project, plan (markup and images) and
 * apartment. Runs on the embedded database, and on PostgreSQL in the PostgreSQL pass.
 */
const serverUrl = process.env.DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../../../..');
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/planvy-test', LOG_LEVEL: 'silent' });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-backup-'));
const backupFile = path.join(tmp, serverUrl ? 'planvy.dump' : 'planvy.sql');

async function appOn(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({ config, db: database.db, jwtSecret: 'backup-test-secret-'.padEnd(48, 'x') });
  await app.ready();
  return app;
}

/** What an admin sees of the data: projects, plans with markup, image bytes, apartments. */
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
      images.push({ name: img.name, bytes: (await get(`/projects/${p.id}/${img.name}`)).rawPayload });
    const apartments = (await get(`/api/v1/admin/apartments/${p.id}`)).json<{ apartments: object[] }>()
      .apartments;
    out.push({
      project: p,
      plans: files.map((f) => ({ name: f.name, svg: f.svg, data: f.data })),
      images,
      apartments,
    });
  }
  return out;
}

/** Two projects with plans, a background image and apartments, made through the API. */
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
  }
  return admin.id;
}

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(serverUrl)('backup and restore of the embedded database', () => {
  const source: Target = { pgliteDir: path.join(tmp, 'source/pglite') };
  const fresh: Target = { pgliteDir: path.join(tmp, 'fresh/pglite') };
  let expected: Awaited<ReturnType<typeof snapshot>>;
  let adminId: number;

  beforeAll(async () => {
    const database = await openDatabase({ pgliteDir: source.pgliteDir });
    const app = await appOn(database);
    adminId = await seed(app, database);
    expected = await snapshot(app, adminId);
    await app.close();
    await database.close();
  }, 120_000);

  it('restores into a fresh data directory with every project, plan, image and apartment', async () => {
    const made = await backup(source, backupFile);
    expect(made.contents).toEqual({ projects: 2, apartments: 6, files: 4, users: 1 });
    expect(fs.statSync(backupFile).mode & 0o077).toBe(0); // password hashes: owner only

    const restored = await restore(fresh, backupFile);
    expect(restored.contents).toEqual(made.contents);
    expect(restored.previous).toBeUndefined();
    const database = await openDatabase({ pgliteDir: fresh.pgliteDir });
    const app = await appOn(database);
    try {
      expect(expected.length).toBe(2);
      expect(await snapshot(app, adminId)).toEqual(expected);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);

  it('refuses to back up or restore while a server holds the data directory', async () => {
    const server = lockDataDir(fresh.pgliteDir, 'server');
    try {
      await expect(restore(fresh, backupFile)).rejects.toThrow(DataDirInUseError);
      await expect(backup(fresh, path.join(tmp, 'other.sql'))).rejects.toThrow(
        /in use by a Planvy server process/,
      );
    } finally {
      server.release();
    }
  });

  it('asks before overwriting, and without a terminal changes nothing unless told --yes', () => {
    const cli = (...args: string[]) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/backup/cli.ts', 'restore', backupFile, ...args],
        {
          cwd: root,
          env: { ...process.env, DATA_DIR: path.join(tmp, 'fresh'), DATABASE_URL: '', INIT_CWD: root },
          input: 'yes\n', // piped, not a terminal: the answer is not taken
          encoding: 'utf8',
        },
      );
    const refused = cli();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /This replaces the embedded database in .* which holds 2 project\(s\), 6 apartment\(s\)/,
    );
    expect(refused.stderr).toMatch(/Not restored: add --yes/);
    expect(
      fs.readdirSync(path.join(tmp, 'fresh')).filter((n) => n.startsWith('pglite.before-restore')),
    ).toEqual([]);

    const done = cli('--yes');
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/Restored .* 2 project\(s\), 6 apartment\(s\), 4 plan and image file\(s\)/);
    expect(
      fs.readdirSync(path.join(tmp, 'fresh')).filter((n) => n.startsWith('pglite.before-restore')),
    ).toHaveLength(1);
  }, 120_000);
});

describe.runIf(serverUrl)('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  let t: TestApp;
  let freshUrl: string;
  const freshName = `planvy_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
  let expected: Awaited<ReturnType<typeof snapshot>>;
  let adminId: number;

  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    const database = { db: t.db } as Database;
    adminId = await seed(t.app, database);
    expected = await snapshot(t.app, adminId);
    await admin(`CREATE DATABASE ${freshName}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${freshName}`;
    freshUrl = url.toString();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await admin(`DROP DATABASE IF EXISTS ${freshName} WITH (FORCE)`);
  });

  it('restores a pg_dump archive into a fresh database with every project, plan, image and apartment', async () => {
    const target: Target = { databaseUrl: t.databaseUrl, pgliteDir: '/nonexistent' };
    const made = await backup(target, backupFile);
    expect(made.contents).toEqual({ projects: 2, apartments: 6, files: 4, users: 1 });
    expect(fs.readFileSync(backupFile).subarray(0, 5).toString()).toBe('PGDMP');

    const restored = await restore({ databaseUrl: freshUrl, pgliteDir: '/nonexistent' }, backupFile);
    expect(restored.contents).toEqual(made.contents);
    const database = await openDatabase({ databaseUrl: freshUrl, purpose: 'check' });
    const app = await appOn(database);
    try {
      expect(await snapshot(app, adminId)).toEqual(expected);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);

  it('refuses to restore over a database a server is connected to', async () => {
    // The test app's pool is connected as "planvy server", as a running instance would be.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await expect(
      restore({ databaseUrl: t.databaseUrl, pgliteDir: '/nonexistent' }, backupFile),
    ).rejects.toThrow(/Planvy is running on this database .* Stop every instance/);
    await expect(
      restore({ databaseUrl: t.databaseUrl, pgliteDir: '/nonexistent' }, backupFile),
    ).rejects.toThrow(BackupError);
  });
});
