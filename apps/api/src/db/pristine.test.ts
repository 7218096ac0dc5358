import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { ensurePristineCluster, pristineClusterFile, readPristineCluster } from './pristine';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-pristine-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * The cluster's system identifier: the first 8 bytes of global/pg_control. initdb draws a new one
 * for every cluster; a copy keeps the one of the cluster it copies.
 */
const systemId = (pgControl: Buffer) => pgControl.readBigUInt64LE(0);

/** global/pg_control inside the gzipped tar `file` (PGlite's dumpDataDir). */
function pgControlIn(file: string): Buffer {
  const tar = gunzipSync(fs.readFileSync(file));
  for (let at = 0; at + 512 <= tar.length;) {
    const field = (from: number, to: number) =>
      tar
        .subarray(at + from, at + to)
        .toString()
        .replace(/\0.*$/s, '');
    const name = field(0, 100);
    if (!name) break;
    const size = parseInt(field(124, 136).trim(), 8) || 0;
    if (name.endsWith('global/pg_control')) return tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`no global/pg_control in ${file}`);
}

describe.skipIf(process.env.DATABASE_URL)('a new embedded data directory (ADR 047)', () => {
  it('starts from the copy of a fresh cluster the build made, not from initdb, and is then a database like any', async () => {
    // The API tier's global set-up makes the copy where `npm run build` has not.
    const file = pristineClusterFile();
    expect(fs.existsSync(file)).toBe(true);
    const dir = path.join(tmp, 'pglite');
    const database = await openDatabase({ pgliteDir: dir });
    await database.db.execute('create table probe (value text)');
    await database.db.execute("insert into probe values ('1')");
    await database.close();
    expect(systemId(fs.readFileSync(path.join(dir, 'global/pg_control')))).toBe(systemId(pgControlIn(file)));
    // Opened again, it is the same database (the copy is only for a directory with no cluster).
    const again = await openDatabase({ pgliteDir: dir });
    const { rows } = await again.db.execute<{ value: string }>('select value from probe');
    await again.close();
    expect(rows).toEqual([{ value: '1' }]);
  });

  it('leaves a copy that is there alone', async () => {
    const file = pristineClusterFile();
    const before = fs.statSync(file);
    expect(await ensurePristineCluster()).toBe(file);
    expect(fs.statSync(file).mtimeMs).toBe(before.mtimeMs);
  });

  it('does not load a damaged copy: it goes, and the directory runs initdb (the next build writes it again)', () => {
    const whole = fs.readFileSync(pristineClusterFile());
    const truncated = path.join(tmp, 'truncated.tar.gz');
    fs.writeFileSync(truncated, whole.subarray(0, whole.length >> 1));
    expect(readPristineCluster(truncated)).toBeUndefined();
    expect(fs.existsSync(truncated)).toBe(false);
    const notGzip = path.join(tmp, 'empty.tar.gz');
    fs.writeFileSync(notGzip, '');
    expect(readPristineCluster(notGzip)).toBeUndefined();
    expect(readPristineCluster()?.size).toBeGreaterThan(whole.length);
  });
});
