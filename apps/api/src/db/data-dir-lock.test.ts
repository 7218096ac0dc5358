import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stop, waitFor, type ServerProcess } from '../../../../e2e/support/server';
import { migratedDataDir } from '../../test/harness';
import { spawnApiServer } from '../../test/spawned';
import { DataDirInUseError, lockDataDir, STALE_MS } from './data-dir-lock';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeLock(holder: object, ageMs = 0) {
  const file = path.join(dir, 'pglite.lock');
  fs.writeFileSync(file, JSON.stringify(holder));
  const then = new Date(Date.now() - ageMs);
  fs.utimesSync(file, then, then);
}

/** The pid of a process that has already ended. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

describe('data directory lock', () => {
  it('refuses a second holder and names the first', () => {
    const lock = lockDataDir(path.join(dir, 'pglite'), 'server');
    expect(() => lockDataDir(path.join(dir, 'pglite'), 'backup')).toThrow(DataDirInUseError);
    expect(() => lockDataDir(path.join(dir, 'pglite'), 'backup')).toThrow(
      new RegExp(`in use by a Planvy server process ${process.pid}`),
    );
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    lockDataDir(path.join(dir, 'pglite'), 'backup').release();
  });

  it('takes over a lock left by a process that is gone', () => {
    // Same machine: decided from the pid at once, whatever the file's age.
    const boot = fs.existsSync('/proc/sys/kernel/random/boot_id')
      ? fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
      : undefined;
    writeLock({ pid: deadPid(), host: os.hostname(), boot, purpose: 'server', since: 'earlier' });
    const lock = lockDataDir(path.join(dir, 'pglite'), 'server');
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('trusts a holder on another machine while it keeps the file fresh, not after', () => {
    writeLock({ pid: 1, host: 'other-host', purpose: 'server', since: 'earlier' });
    expect(() => lockDataDir(path.join(dir, 'pglite'), 'server')).toThrow(/server process 1 on other-host/);
    writeLock({ pid: 1, host: 'other-host', purpose: 'server', since: 'earlier' }, STALE_MS + 1000);
    lockDataDir(path.join(dir, 'pglite'), 'server').release();
  });
});

// The servers below always run on the embedded database, so the PostgreSQL pass skips them.
describe.skipIf(process.env.DATABASE_URL)('two servers on one DATA_DIR (embedded database)', () => {
  const running: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => stop(s.child)));
  });

  async function start() {
    const server = await spawnApiServer(dir);
    running.push(server);
    return server;
  }

  it('lets only the first open it, and a killed holder does not block the next start', async () => {
    migratedDataDir(path.join(dir, 'pglite'));
    const first = await start();
    await waitFor(`${first.baseURL}/api/health`, first.child, first.output);

    const second = await start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      new RegExp(
        `Planvy cannot start\\. The embedded database in .* is already in use by a Planvy server process ${first.child.pid}`,
      ),
    );
    expect(second.output()).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
    expect((await fetch(`${first.baseURL}/api/health`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = await start();
    await waitFor(`${third.baseURL}/api/health`, third.child, third.output);
    const login = await fetch(`${third.baseURL}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@planvy.test', password: 'admin-secret-1' }),
    });
    expect(login.status).toBe(200);

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  }, 180_000);
});
