import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { copyPristineCluster, ensurePristineCluster, isCluster, pristineClusterDir } from './pristine';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-pristine-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * The cluster's system identifier: the first 8 bytes of global/pg_control. initdb draws a new one
 * for every cluster; a copy keeps the one of the cluster it copies.
 */
const systemId = (dir: string) => fs.readFileSync(path.join(dir, 'global/pg_control')).readBigUInt64LE(0);

describe.skipIf(process.env.DATABASE_URL)('a new embedded data directory (ADR 047)', () => {
  it('starts as a copy of the fresh cluster the build made, not from initdb, and is then a database like any', async () => {
    // The API tier's global set-up makes the cluster where `npm run build` has not.
    const copy = pristineClusterDir();
    expect(isCluster(copy)).toBe(true);
    const dir = path.join(tmp, 'pglite');
    const database = await openDatabase({ pgliteDir: dir });
    await database.db.execute('create table probe (value text)');
    await database.db.execute("insert into probe values ('1')");
    await database.close();
    expect(systemId(dir)).toBe(systemId(copy));
    // Opened again, it is the same database (the copy is only for a directory with no cluster).
    const again = await openDatabase({ pgliteDir: dir });
    const { rows } = await again.db.execute<{ value: string }>('select value from probe');
    await again.close();
    expect(rows).toEqual([{ value: '1' }]);
    // The fresh cluster itself is untouched.
    expect(fs.existsSync(path.join(copy, 'base'))).toBe(true);
    expect(fs.readdirSync(path.dirname(copy)).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });

  it('leaves a cluster that is there alone', async () => {
    const copy = pristineClusterDir();
    const before = fs.statSync(path.join(copy, 'global/pg_control'));
    expect(await ensurePristineCluster()).toBe(copy);
    expect(fs.statSync(path.join(copy, 'global/pg_control')).mtimeMs).toBe(before.mtimeMs);
  });

  it('copies only a whole cluster, and only into an empty directory', () => {
    // Cut short (an interrupted build): no PG_VERSION, so the directory runs initdb instead.
    const damaged = path.join(tmp, 'damaged');
    fs.cpSync(pristineClusterDir(), damaged, { recursive: true });
    fs.rmSync(path.join(damaged, 'PG_VERSION'));
    const target = path.join(tmp, 'new');
    expect(copyPristineCluster(target, damaged)).toBe(false);
    expect(fs.existsSync(target)).toBe(false);
    // A directory that holds something already is never replaced.
    const used = path.join(tmp, 'used');
    fs.mkdirSync(used);
    fs.writeFileSync(path.join(used, 'notes.txt'), 'mine');
    expect(copyPristineCluster(used)).toBe(false);
    expect(fs.readdirSync(used)).toEqual(['notes.txt']);
    // An empty one is.
    const empty = path.join(tmp, 'empty');
    fs.mkdirSync(empty);
    expect(copyPristineCluster(empty)).toBe(true);
    expect(isCluster(empty)).toBe(true);
    expect(fs.readdirSync(tmp).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });
});
