import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { apiRoot, packageAbove } from '../lib/api-root';

/**
 * A new embedded database starts as a copy of a freshly initialised cluster (ADR 047), not from
 * initdb itself: copying its files takes a fraction of a CPU second where initdb takes ~8, on every
 * first start, restore and test that opens a new data directory. `npm run build` makes the cluster
 * once per PGlite release, beside the bundled server; where there is none (a run from the sources
 * that never built) or it is not whole, a new directory runs initdb as before.
 */

/** The installed PGlite's version: a cluster made by another release is never copied. */
function pgliteVersion(): string {
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = packageAbove(path.dirname(main), '@electric-sql/pglite').manifest;
  if (!version) throw new Error('@electric-sql/pglite has no version');
  return version;
}

/**
 * How Planvy starts PGlite, every time (ADR 048): PostgreSQL's shared buffers at 32 MB, not 128.
 * PGlite zeroes its shared memory on each start in WebAssembly, ~0.6 CPU s for 128 MB; 32 MB
 * holds a Planvy database's working set many times over, and the operating system caches the
 * data directory's files behind it. Each start (a server, a backup, a restore, a test's
 * database) now costs ~0.4 CPU s instead of ~0.9, and the process ~100 MB less memory.
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
} as const satisfies PGliteOptions;

/** The fresh clusters of any release, and the gzipped dumps earlier builds kept instead. */
const COPY = /^pglite-.+-(cluster|initdb\.tar\.gz)$/;

/** Where the fresh cluster for the installed PGlite is kept (apps/api/dist). */
export function pristineClusterDir(): string {
  return path.join(apiRoot(import.meta.url), 'dist', `pglite-${pgliteVersion()}-cluster`);
}

/** Whether `dir` holds a cluster: initdb writes PG_VERSION and global/pg_control. */
export const isCluster = (dir: string): boolean =>
  fs.existsSync(path.join(dir, 'PG_VERSION')) && fs.existsSync(path.join(dir, 'global/pg_control'));

/**
 * Makes the fresh cluster unless it is there: initdb in memory, its dump loaded into a new folder
 * that is closed cleanly (~40 MB on disk), then renamed into place, so a process copying it never
 * sees half. Clusters and dumps for other PGlite releases in the same folder go.
 */
export async function ensurePristineCluster(dir = pristineClusterDir()): Promise<string> {
  const parent = path.dirname(dir);
  if (fs.existsSync(parent))
    for (const name of fs.readdirSync(parent))
      if (COPY.test(name) && name !== path.basename(dir))
        fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  if (isCluster(dir)) return dir;
  const partial = `${dir}.${process.pid}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  try {
    const memory = await PGlite.create(PGLITE_OPTIONS);
    let dump: Blob;
    try {
      await memory.exec('CHECKPOINT');
      dump = await memory.dumpDataDir('none');
    } finally {
      await memory.close();
    }
    const onDisk = await PGlite.create(partial, { ...PGLITE_OPTIONS, loadDataDir: dump });
    await onDisk.close();
    // Not a whole cluster (an interrupted build): made again.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(partial, dir);
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
  return dir;
}

/**
 * Puts a copy of the fresh cluster `copy` in the data directory `dir` when `dir` is missing or
 * empty and `copy` is a whole cluster; says whether it did. Copied beside `dir` and renamed, so a
 * copy cut short (a full disk: its error is thrown) never looks like a cluster.
 */
export function copyPristineCluster(dir: string, copy = pristineClusterDir()): boolean {
  if (!isCluster(copy) || (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)) return false;
  const partial = `${dir}.${process.pid}.partial`;
  try {
    fs.cpSync(copy, partial, { recursive: true });
    if (fs.existsSync(dir)) fs.rmdirSync(dir); // empty (checked above); never anything else
    fs.renameSync(partial, dir);
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
  return true;
}

/** PGlite on the data directory `dir`; a new one starts as a copy of the fresh cluster when there is one. */
export async function openPGliteDir(dir: string): Promise<PGlite> {
  if (!isCluster(dir)) copyPristineCluster(dir);
  return PGlite.create(dir, PGLITE_OPTIONS);
}
