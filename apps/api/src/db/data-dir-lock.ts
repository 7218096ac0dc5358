import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time may open the embedded database: two PGlite instances on one
 * directory hang or corrupt it. The holder is written to `<dir>.lock` and checked the
 * way a person would: same machine → is that process (pid and start time) still
 * alive; another machine or container sharing the directory → has it touched the
 * file within the last half minute. A lock left by a killed process is taken over at
 * once on the same machine, and after {@link STALE_MS} elsewhere.
 */
export class DataDirInUseError extends Error {
  constructor(
    message: string,
    readonly lockFile: string,
  ) {
    super(message);
    this.name = 'DataDirInUseError';
  }
}

interface Holder {
  pid: number;
  host: string;
  boot?: string;
  /** Process start time in clock ticks since boot (Linux), to tell a reused pid apart. */
  started?: string;
  purpose: string;
  since: string;
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** How long a holder on another host may stay silent before its lock counts as abandoned. */
export const STALE_MS = 30_000;
const HEARTBEAT_MS = 10_000;

function readOr(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

const bootId = readOr('/proc/sys/kernel/random/boot_id');

/** Field 22 of /proc/<pid>/stat; the command name before it may contain spaces. */
function startTicks(pid: number): string | undefined {
  const stat = readOr(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function me(purpose: string): Holder {
  return {
    pid: process.pid,
    host: os.hostname(),
    boot: bootId,
    started: startTicks(process.pid),
    purpose,
    since: new Date().toISOString(),
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the holder recorded in `file` may still be using the directory. */
function holderAlive(holder: Holder | undefined, file: string): boolean {
  const mtime = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const recentlyTouched = Date.now() - mtime < STALE_MS;
  // Unreadable: another process is between creating and writing it, or died there.
  if (!holder || !Number.isInteger(holder.pid)) return recentlyTouched;
  const sameMachine = holder.host === os.hostname() && holder.boot === bootId;
  if (!sameMachine) {
    // Same host name after a reboot: nothing from before the boot can still run.
    if (holder.host === os.hostname() && holder.boot && bootId) return false;
    return recentlyTouched;
  }
  if (!processAlive(holder.pid)) return false;
  const started = startTicks(holder.pid);
  return !(holder.started && started && holder.started !== started);
}

function parse(text: string | undefined): Holder | undefined {
  try {
    return text ? (JSON.parse(text) as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock for the embedded database in `dir` or throws a DataDirInUseError that
 * says who holds it. `purpose` ("server", "backup", "restore") is shown to the loser.
 */
export function lockDataDir(dir: string, purpose: string): DataDirLock {
  const file = `${dir}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const mine = me(purpose);
  for (let attempt = 0; ; attempt += 1) {
    let fd: number | undefined;
    try {
      fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, `${JSON.stringify(mine)}\n`);
      fs.closeSync(fd);
      break;
    } catch (err) {
      if (fd !== undefined) {
        // Created but not written (a full disk): leave no empty lock behind.
        fs.closeSync(fd);
        fs.rmSync(file, { force: true });
      }
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = parse(readOr(file));
    if (attempt > 2 || holderAlive(holder, file)) {
      const who = holder
        ? `${holder.purpose} process ${holder.pid} on ${holder.host}, since ${holder.since}`
        : 'another process';
      throw new DataDirInUseError(
        `The embedded database in ${dir} is already in use by a Planvy ${who}. ` +
          'Two processes must never open it at once. Stop the other process first, or give this one ' +
          `its own DATA_DIR, or use a PostgreSQL server (DATABASE_URL) to run several instances. ` +
          `If you are sure no such process runs any more, delete ${file}.`,
        file,
      );
    }
    // Abandoned by a process that is gone: take it over.
    fs.rmSync(file, { force: true });
  }

  // Tells holders on other machines sharing the directory that this process is alive.
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      fs.utimesSync(file, now, now);
    } catch {
      // A missing file is noticed by the next process to start; nothing to do here.
    }
  }, HEARTBEAT_MS).unref();

  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      // Only remove the file if it is still ours.
      if (parse(readOr(file))?.pid === mine.pid) fs.rmSync(file, { force: true });
    },
  };
}
