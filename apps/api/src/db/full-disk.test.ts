import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, stop, waitFor, type ServerProcess } from '../../../../e2e/support/server';
import { spawnApiServer } from '../../test/spawned';
import { migratedDataDir, multipart } from '../../test/harness';
import { noisePng } from '../../test/images';
import { DatabaseUnavailableError } from './database-errors';
import { EmbeddedDatabase } from './embedded';

/**
 * A real full disk: a 256 MB tmpfs mounted for this file (the CI machine runs as root).
 * Where nothing can be mounted the tests are skipped and say why.
 */
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-full-disk-'));
const mounted =
  !process.env.DATABASE_URL &&
  spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256m', 'tmpfs', mountPoint], { encoding: 'utf8' });
const skipReason = process.env.DATABASE_URL
  ? 'the full-disk tests run on the embedded database only (the PostgreSQL pass skips them)'
  : mounted && mounted.status !== 0
    ? `cannot mount a small tmpfs here (${(mounted.stderr || mounted.error?.message || '').trim()}); run as root to test a full disk`
    : undefined;
if (skipReason) console.warn(`full-disk tests skipped: ${skipReason}`);

afterAll(() => {
  if (mounted && mounted.status === 0) spawnSync('umount', ['-l', mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

const filler = path.join(mountPoint, 'filler');

/** Writes until the file system refuses, leaving `leaveBytes` (roughly) free. */
function fillDisk(leaveBytes = 0) {
  const fd = fs.openSync(filler, 'a');
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    for (;;) {
      const { bavail, bsize } = fs.statfsSync(mountPoint);
      const free = bavail * bsize - leaveBytes;
      if (free <= 0) break;
      fs.writeSync(fd, chunk, 0, Math.min(chunk.length, free));
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
}

describe.skipIf(skipReason)('a full disk under the embedded database', () => {
  const dataDir = path.join(mountPoint, 'data');
  const running: ServerProcess[] = [];
  let server: ServerProcess;
  let token: string;
  let projectId: number;

  async function api(method: string, url: string, body?: unknown) {
    const res = await fetch(`${server.baseURL}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function upload(bytes: Buffer) {
    const form = multipart('plan.png', bytes);
    const res = await fetch(`${server.baseURL}/api/v1/admin/file/${projectId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...form.headers },
      body: form.payload,
    });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }

  async function start() {
    const s = await spawnApiServer(dataDir);
    running.push(s);
    return s;
  }

  beforeAll(async () => {
    migratedDataDir(path.join(dataDir, 'pglite'));
    server = await start();
    await waitFor(`${server.baseURL}/api/health`, server.child, server.output);
    const login = await fetch(`${server.baseURL}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    token = ((await login.json()) as { token: string }).token;
    const me = await api('GET', '/api/v1/user/me');
    const created = await api('POST', `/api/v1/admin/project/${(me.body.profile as { id: number }).id}`, {
      name: 'Full disk',
      type: 'sale',
      description: '',
    });
    projectId = (created.body.project as { id: number }).id;
  }, 180_000);

  afterEach(() => fs.rmSync(filler, { force: true }));
  afterAll(async () => {
    await Promise.all(running.map((s) => stop(s.child)));
    // Room for the next tests on the same small file system.
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.join(mountPoint, 'fresh'), { recursive: true, force: true });
  });

  it('answers writes with 507, keeps answering, recovers when space is freed and stops on SIGTERM', async () => {
    fillDisk();
    const refused = await upload(await noisePng(4 * 1024 * 1024));
    expect(refused.status).toBe(507);
    expect(refused.body.message).toMatch(/disk is full, so nothing was saved/);
    // Nothing half-written is left in the file store (ADR 022).
    const filesDir = path.join(dataDir, 'files');
    const stored = fs.existsSync(filesDir) ? fs.readdirSync(filesDir, { recursive: true }) : [];
    expect(stored.filter((f) => String(f) !== '.tmp')).toEqual([]);

    // Nothing hangs or crashes: health, reads and small writes each answer, never with a bare 500.
    for (const [method, url, body] of [
      ['GET', '/api/health'],
      ['GET', `/api/v1/admin/project/${projectId}`],
      ['PUT', `/api/v1/admin/project/${projectId}`, { name: 'Renamed on a full disk' }],
      ['POST', `/api/v1/admin/settings/${projectId}`, { name: 'show_status', value: '1' }],
    ] as const) {
      const res = await api(method, url, body);
      expect([200, 201, 503, 507], `${method} ${url}: ${JSON.stringify(res.body)}`).toContain(res.status);
    }
    expect(server.child.exitCode).toBeNull();

    fs.rmSync(filler);
    // A stopped embedded database is reopened by the first request after its pause.
    await waitFor(`${server.baseURL}/api/health`, server.child, server.output);
    const saved = await upload(await noisePng(1024 * 1024));
    expect(saved.status).toBe(201);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);

  it('says at start-up that the disk is full', async () => {
    fillDisk();
    const s = await start();
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/Planvy cannot start\. .*disk .*full/);
    expect(s.output()).not.toMatch(/\n\s+at /);

    // A new data directory with too little room for PGlite to write its first log.
    fs.rmSync(filler);
    fillDisk(20 * 1024 * 1024);
    const fresh = await spawnApiServer(path.join(mountPoint, 'fresh'));
    running.push(fresh);
    expect(await fresh.exited).toBe(1);
    expect(fresh.output()).toMatch(
      /Planvy cannot start\. Cannot open the embedded database in .*: the disk is full/,
    );
  }, 180_000);
});

describe.skipIf(skipReason)('PGlite on a full disk', () => {
  afterEach(() => fs.rmSync(filler, { force: true }));

  it('refuses a write that would leave no room for the log, so PGlite never PANICs at COMMIT', async () => {
    // Without the check, a 1 MB insert committed with less room than the next 16 MB WAL
    // segment PANICs inside COMMIT; PGlite's WebAssembly aborts and then spins for good.
    const db = await EmbeddedDatabase.open(migratedDataDir(path.join(mountPoint, 'room')));
    await db.exec('create table f (id serial primary key, content bytea)');
    fillDisk(70 * 1024 * 1024);
    let saved = 0;
    let refusal: unknown;
    for (let i = 0; i < 80 && !refusal; i += 1) {
      try {
        await db.transaction(async (tx) => {
          await tx.query(`insert into f (content) values (decode($1, 'base64'))`, [
            randomBytes(1 << 20).toString('base64'),
          ]);
        });
        saved += 1;
      } catch (err) {
        refusal = err;
      }
    }
    expect(refusal).toBeInstanceOf(DatabaseUnavailableError);
    expect((refusal as DatabaseUnavailableError).diskFull).toBe(true);
    expect((refusal as Error).message).toMatch(/is full \(.* MB free\); nothing was written/);
    // Still open: reads answer, and writes go on once there is room again.
    expect((await db.query<{ n: number }>('select count(*)::int as n from f')).rows[0]?.n).toBe(saved);
    fs.rmSync(filler);
    await db.query(`insert into f (content) values ('\\x00')`);
    await db.close();
    fs.rmSync(path.join(mountPoint, 'room'), { recursive: true, force: true });
  }, 120_000);

  it('if PGlite stops all the same, fails fast, then reopens with every committed row', async () => {
    let now = 0;
    // The room check is off here, to reach the PANIC that a full disk can still cause.
    // A new data directory (a fresh cluster, ADR 047): where PostgreSQL first runs out of room is the subject.
    const db = await EmbeddedDatabase.open(path.join(mountPoint, 'panic'), undefined, {
      now: () => now,
      minFreeBytes: 0,
    });
    await db.exec('create table t (x int, b text)');
    // Room for the rows but not for the next 16 MB WAL segment: PostgreSQL PANICs when it cannot
    // make one. Each round commits a few rows and writes 4 MB of WAL that no table holds, so the
    // log runs out of room long before the rows could (where PostgreSQL only errs).
    fillDisk(27 * 1024 * 1024);
    let committed = 0;
    let failure: unknown;
    for (let i = 0; i < 40 && !failure; i += 1) {
      try {
        await db.query(`insert into t select g, repeat('x', 100) from generate_series(1, 5000) g`);
        committed += 5000;
        await db.query(`select pg_logical_emit_message(true, 'planvy-test', repeat('x', 4194304))`);
      } catch (err) {
        failure = err;
      }
    }
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect((failure as DatabaseUnavailableError).diskFull).toBe(true);
    expect((failure as Error).message).toMatch(/the disk is full .* Planvy retries by itself/);

    // Stopped: answers at once, without touching PGlite, until the pause is over.
    await expect(db.query('select 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);

    fs.rmSync(filler);
    now += 1000;
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from t');
    expect(rows[0]?.n).toBe(committed);
    await db.query(`insert into t values (1, 'after')`);
    await db.close();
  }, 120_000);
});
