import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { apiRoot } from '../lib/api-root';

/**
 * A new embedded database starts from a copy of the cluster initdb makes (ADR 047), not from
 * initdb itself: loading the copy takes ~3 CPU s where initdb takes ~8, on every first start,
 * restore and test that opens a new data directory. `npm run build` writes the copy once per
 * PGlite release, beside the bundled server; where there is none (a run from the sources that
 * never built), a new directory runs initdb as before.
 */

/** The installed PGlite's version: a copy made by another release is never loaded. */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (name === '@electric-sql/pglite' && version) return version;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error('cannot find the version of @electric-sql/pglite');
    dir = up;
  }
}

/** Where the copy of a fresh cluster for the installed PGlite is kept (apps/api/dist). */
export function pristineClusterFile(): string {
  return path.join(apiRoot(import.meta.url), 'dist', `pglite-${pgliteVersion()}-initdb.tar.gz`);
}

/**
 * Writes the copy of a fresh cluster unless it is there: initdb in memory, dumped gzipped
 * (~4.5 MB). Written under another name and renamed, so a process reading it never sees half.
 */
export async function ensurePristineCluster(file = pristineClusterFile()): Promise<string> {
  if (fs.existsSync(file)) return file;
  const pg = await PGlite.create();
  try {
    const dump = await pg.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await pg.close();
  }
  return file;
}

/** PGlite on the data directory `dir`; a new one starts from the copy of a fresh cluster when there is one. */
export async function openPGliteDir(dir: string, options: PGliteOptions = {}): Promise<PGlite> {
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    const file = pristineClusterFile();
    if (fs.existsSync(file))
      return PGlite.create(dir, { ...options, loadDataDir: new Blob([fs.readFileSync(file)]) });
  }
  return PGlite.create(dir, options);
}
