import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { apiRoot, packageAbove } from '../lib/api-root';

/**
 * A new embedded database starts from a copy of a freshly initialised cluster (ADR 047), not from
 * initdb itself: loading the copy takes ~3 CPU s where initdb takes ~8, on every first start,
 * restore and test that opens a new data directory. `npm run build` writes the copy once per
 * PGlite release, beside the bundled server; where there is none (a run from the sources that
 * never built) or it cannot be read, a new directory runs initdb as before.
 */

/** The installed PGlite's version: a copy made by another release is never loaded. */
function pgliteVersion(): string {
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = packageAbove(path.dirname(main), '@electric-sql/pglite').manifest;
  if (!version) throw new Error('@electric-sql/pglite has no version');
  return version;
}

const COPY = /^pglite-.+-initdb\.tar\.gz$/;

/** Where the copy of a fresh cluster for the installed PGlite is kept (apps/api/dist). */
export function pristineClusterFile(): string {
  return path.join(apiRoot(import.meta.url), 'dist', `pglite-${pgliteVersion()}-initdb.tar.gz`);
}

/**
 * Writes the copy of a fresh cluster unless it is there: initdb in memory, a checkpoint, dumped
 * gzipped (~4.5 MB). Written under another name, flushed and renamed, so a process reading it never
 * sees half; copies for other PGlite releases in the same folder go.
 */
export async function ensurePristineCluster(file = pristineClusterFile()): Promise<string> {
  const dir = path.dirname(file);
  if (fs.existsSync(dir))
    for (const name of fs.readdirSync(dir))
      if (COPY.test(name) && name !== path.basename(file)) fs.rmSync(path.join(dir, name), { force: true });
  if (fs.existsSync(file) && fs.statSync(file).size > 0) return file;
  const pg = await PGlite.create();
  const partial = `${file}.${process.pid}.partial`;
  try {
    await pg.exec('CHECKPOINT');
    const dump = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
    fs.mkdirSync(dir, { recursive: true });
    const fd = fs.openSync(partial, 'w', 0o644);
    try {
      fs.writeSync(fd, dump);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
    await pg.close();
  }
  return file;
}

/** The copy in `file` as a tar, or undefined when there is none or it is damaged (then it goes). */
export function readPristineCluster(file = pristineClusterFile()): Blob | undefined {
  if (!fs.existsSync(file)) return undefined;
  try {
    return new Blob([gunzipSync(fs.readFileSync(file))], { type: 'application/x-tar' });
  } catch {
    // Truncated or not gzip (an interrupted copy of dist/): initdb instead, and the next build
    // writes it again.
    fs.rmSync(file, { force: true });
    return undefined;
  }
}

/** PGlite on the data directory `dir`; a new one starts from the copy of a fresh cluster when there is one. */
export async function openPGliteDir(dir: string): Promise<PGlite> {
  const copy = fs.existsSync(path.join(dir, 'PG_VERSION')) ? undefined : readPristineCluster();
  return copy ? PGlite.create(dir, { loadDataDir: copy }) : PGlite.create(dir);
}
