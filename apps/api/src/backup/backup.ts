import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import { APPLICATION_NAME, openDatabase, type Database } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { isCluster, openPGliteDir } from '../db/pristine';
import { digestOf, keyOf, type FileStore } from '../lib/file-store';
import { SWEEP_LOCK } from '../modules/files/blob-repository';
import { moveOldFiles } from '../modules/files/blobs';
import { nameUntitledPlans } from '../modules/files/plan-titles';

/**
 * A backup is a directory (ADR 022): the database, and a copy of every stored file it refers to.
 * - `database.dump` (PostgreSQL, DATABASE_URL): `pg_dump --format=custom`, restored with
 *   `pg_restore`; the client tools of the server's major version (or newer) must be installed.
 * - `database.sql` (the embedded database): PGlite's own pg_dump (WASM, from
 *   @electric-sql/pglite-tools), plain SQL restored into a fresh PGlite that then replaces the old one.
 * - `files/ab/abcdef…`: the bytes of uploaded images and videos, named by their sha256 as in the
 *   file store (copied out of an S3 bucket too), listed in `manifest.json`.
 * The database holds projects, users, plans (their markup), apartments, settings, styles and
 * the migration history. A single-file backup of an older version (bytes inside the database)
 * restores as before; its files move to the store as the server would at start-up.
 */
export type BackupKind = 'postgres' | 'embedded';

export interface Target {
  /** PostgreSQL connection string; when absent, the embedded database in `pgliteDir`. */
  databaseUrl?: string;
  pgliteDir: string;
  /** Where uploaded bytes are kept (DATA_DIR/files or the S3 bucket). */
  store: FileStore;
}

/** What a backup directory lists: its database file and the stored files it carries. */
interface Manifest {
  format: 1;
  database: string;
  files: { key: string; size: number }[];
}

const MANIFEST = 'manifest.json';
const blobPath = (dir: string, key: string) => path.join(dir, 'files', key.slice(0, 2), key);

export interface Contents {
  projects: number;
  apartments: number;
  files: number;
  users: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

const PG_CUSTOM_MAGIC = 'PGDMP';

/** What kind of backup `file` is, from its first bytes. */
export function backupKind(file: string): BackupKind {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    const text = head.subarray(0, n).toString('utf8');
    if (text.startsWith(PG_CUSTOM_MAGIC)) return 'postgres';
    if (/PostgreSQL database dump/.test(text)) return 'embedded';
  } finally {
    fs.closeSync(fd);
  }
  throw new BackupError(`${file} is not a Planvy backup (neither a pg_dump archive nor a SQL dump).`);
}

/** The connection string without its password, which goes to the tools through PGPASSWORD. */
function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${command} is not installed. Install PostgreSQL's client tools (Debian: apt-get install postgresql-client).`
            : `${command} failed: ${err.message}`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

async function count(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<Contents> {
  const { rows } = await query(
    `select (select count(*) from public.projects)::int as projects, (select count(*) from public.apartments)::int as apartments,
            (select count(*) from public.files)::int as files, (select count(*) from public.users)::int as users`,
  );
  return rows[0] as Contents;
}

/** What the target holds now, or null when it has no Planvy tables yet. */
export async function currentContents(target: Target): Promise<Contents | null> {
  if (target.databaseUrl) {
    const client = new pg.Client({
      connectionString: target.databaseUrl,
      application_name: `${APPLICATION_NAME} restore`,
    });
    await client.connect();
    try {
      const exists = await client.query(`select to_regclass('public.projects') is not null as ok`);
      return (exists.rows[0] as { ok: boolean }).ok ? await count((q) => client.query(q)) : null;
    } finally {
      await client.end();
    }
  }
  if (!isCluster(target.pgliteDir)) return null;
  const lock = lockDataDir(target.pgliteDir, 'restore');
  const db = await openPGliteDir(target.pgliteDir);
  try {
    const exists = await db.query<{ ok: boolean }>(`select to_regclass('public.projects') is not null as ok`);
    return exists.rows[0]?.ok ? await count((q) => db.query(q)) : null;
  } finally {
    await db.close();
    lock.release();
  }
}

/** The stored files the database refers to (none before the file store's migration). */
async function referencedFiles(
  query: (sql: string) => Promise<{ rows: unknown[] }>,
): Promise<Manifest['files']> {
  const { rows } = await query(`select to_regclass('public.file_blobs') is not null as ok`);
  if (!(rows[0] as { ok: boolean }).ok) return [];
  const found = await query(
    `select b.key, b.size from public.file_blobs b
      where exists (select 1 from public.files f where f.blob_key = b.key)
         or exists (select 1 from public.file_variants v where v.blob_key = b.key)
      order by b.key`,
  );
  return found.rows as Manifest['files'];
}

async function copyOut(store: FileStore, dir: string, files: Manifest['files']): Promise<void> {
  for (const { key } of files) {
    const file = blobPath(dir, key);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    await pipeline(await store.read(key), fs.createWriteStream(file, { mode: 0o600 }));
  }
}

/**
 * Writes a backup of `target` into the directory `dir` (readable by its owner only: it holds
 * password hashes) and says what it holds. The directory appears only once it is complete.
 */
export async function backup(
  target: Target,
  dir: string,
): Promise<{ kind: BackupKind; contents: Contents; files: number }> {
  if (fs.existsSync(dir)) throw new BackupError(`${dir} already exists; choose a new name for the backup.`);
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    const made = target.databaseUrl
      ? await backupPostgres(target, target.databaseUrl, partial)
      : await backupEmbedded(target, partial);
    fs.writeFileSync(path.join(partial, MANIFEST), JSON.stringify(made.manifest, null, 1), { mode: 0o600 });
    fs.renameSync(partial, dir);
    return { kind: made.kind, contents: made.contents, files: made.manifest.files.length };
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

async function backupPostgres(target: Target, databaseUrl: string, dir: string) {
  const { dbname, env } = pgConnection(databaseUrl);
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: `${APPLICATION_NAME} backup`,
  });
  await client.connect();
  try {
    // The sweep waits while this lock is shared, so no file the dump refers to goes before it is copied;
    // pg_dump reads the same snapshot as the list of files.
    await client.query('select pg_advisory_lock_shared($1)', [SWEEP_LOCK]);
    await client.query('begin transaction isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const database = 'database.dump';
    await run(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${rows[0]!.snapshot}`,
        `--file=${path.join(dir, database)}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    fs.chmodSync(path.join(dir, database), 0o600);
    const contents = await count((q) => client.query(q));
    const files = await referencedFiles((q) => client.query(q));
    await copyOut(target.store, dir, files);
    await client.query('commit');
    return { kind: 'postgres' as const, contents, manifest: { format: 1 as const, database, files } };
  } finally {
    await client.end();
  }
}

async function backupEmbedded(target: Target, dir: string) {
  if (!isCluster(target.pgliteDir)) {
    throw new BackupError(`There is no embedded database in ${target.pgliteDir} to back up.`);
  }
  // PGlite allows one process: a running server must be stopped first (the lock says so).
  const lock = lockDataDir(target.pgliteDir, 'backup');
  const db = await openPGliteDir(target.pgliteDir);
  try {
    const contents = await count((q) => db.query(q));
    const database = 'database.sql';
    const dump = await pgDump({ pg: db, args: ['--no-owner', '--no-privileges'] });
    fs.writeFileSync(path.join(dir, database), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    const files = await referencedFiles((q) => db.query(q));
    await copyOut(target.store, dir, files);
    return { kind: 'embedded' as const, contents, manifest: { format: 1 as const, database, files } };
  } finally {
    await db.close();
    lock.release();
  }
}

/** Refuses while any API instance is connected to the PostgreSQL database. */
export async function assertNoInstances(databaseUrl: string): Promise<void> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: `${APPLICATION_NAME} restore`,
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number; addrs: string | null }>(
      `select count(*)::int as n, string_agg(distinct coalesce(host(client_addr), 'local socket'), ', ') as addrs
         from pg_stat_activity
        where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [`${APPLICATION_NAME} server`],
    );
    const open = rows[0];
    if (open && open.n > 0) {
      throw new BackupError(
        `Planvy is running on this database (${open.n} connection(s) from ${open.addrs}). ` +
          'Stop every instance before restoring over its data.',
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * The database file of a backup and the stored files it carries, checked before anything is
 * replaced: a backup directory (with manifest.json), or an older single-file backup.
 */
export function openBackup(source: string): { file: string; files: Manifest['files']; dir: string } {
  const stat = fs.statSync(source, { throwIfNoEntry: false });
  if (!stat) throw new BackupError(`There is no backup at ${source}.`);
  if (!stat.isDirectory()) return { file: source, files: [], dir: path.dirname(source) };
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(source, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${source} is not a Planvy backup (it has no readable ${MANIFEST}).`);
  }
  const missing = manifest.files.filter(
    ({ key, size }) => fs.statSync(blobPath(source, key), { throwIfNoEntry: false })?.size !== size,
  );
  if (missing.length > 0) {
    throw new BackupError(
      `The backup in ${source} is missing ${missing.length} of its ${manifest.files.length} stored files ` +
        `(the first is ${path.relative(source, blobPath(source, missing[0]!.key))}); nothing was restored.`,
    );
  }
  const file = path.join(source, path.basename(manifest.database));
  if (!fs.existsSync(file)) throw new BackupError(`The backup in ${source} has no ${manifest.database}.`);
  return { file, files: manifest.files, dir: source };
}

/**
 * Replaces the target's data with the backup in `source` (a directory, or an older single file).
 * The stored files go into the store first (equal names are equal bytes, so nothing there is
 * overwritten), so the restored database never refers to bytes that are not there. The embedded
 * database is restored into a new directory first; the old one is kept as `pglite.before-restore-…`.
 */
export async function restore(
  target: Target,
  source: string,
): Promise<{ contents: Contents; files: number; previous?: string }> {
  const { file, files, dir } = openBackup(source);
  const kind = backupKind(file);
  if (target.databaseUrl ? kind !== 'postgres' : kind !== 'embedded') {
    throw new BackupError(
      target.databaseUrl
        ? `${file} is a backup of the embedded database; restore it without DATABASE_URL (into DATA_DIR).`
        : `${file} is a PostgreSQL backup (pg_dump); restore it with DATABASE_URL set.`,
    );
  }
  if (target.databaseUrl) await assertNoInstances(target.databaseUrl);
  const lock = target.databaseUrl ? undefined : lockDataDir(target.pgliteDir, 'restore');
  try {
    for (const { key } of files) {
      const bytes = await fs.promises.readFile(blobPath(dir, key));
      if (keyOf(digestOf(bytes)) !== key) {
        throw new BackupError(
          `${blobPath(dir, key)} is damaged (its content does not match its name); nothing was restored.`,
        );
      }
      await target.store.put(key, bytes);
    }
    return target.databaseUrl
      ? await restorePostgres(target, target.databaseUrl, file, files.length)
      : await restoreEmbedded(target, file, files.length);
  } finally {
    lock?.release();
  }
}

/** Migrates a restored database to the current schema, moves the files of an older backup out of it and names its plans, as a server start would. */
async function upgrade(store: FileStore, database: Database): Promise<void> {
  try {
    await moveOldFiles(database.db, store);
    await nameUntitledPlans(database.db);
  } finally {
    await database.close();
  }
}

async function restorePostgres(target: Target, databaseUrl: string, file: string, files: number) {
  const { dbname, env } = pgConnection(databaseUrl);
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  await upgrade(target.store, await openDatabase({ databaseUrl, purpose: 'restore' }));
  return { contents: (await currentContents(target))!, files };
}

/** Into a new directory first, which then takes the place of the old one (kept beside it). */
async function restoreEmbedded(target: Target, file: string, files: number) {
  const fresh = `${target.pgliteDir}.restoring`;
  try {
    fs.rmSync(fresh, { recursive: true, force: true });
    const db = await openPGliteDir(fresh);
    let contents: Contents;
    try {
      await db.exec(fs.readFileSync(file, 'utf8'));
      contents = await count((q) => db.query(q));
    } catch (err) {
      throw new BackupError(`${file} could not be restored: ${(err as Error).message}`);
    } finally {
      await db.close();
    }
    await upgrade(target.store, await openDatabase({ pgliteDir: fresh, purpose: 'restore' }));
    let previous: string | undefined;
    if (fs.existsSync(target.pgliteDir)) {
      previous = `${target.pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(target.pgliteDir, previous);
    }
    fs.renameSync(fresh, target.pgliteDir);
    return { contents, files, previous };
  } finally {
    fs.rmSync(fresh, { recursive: true, force: true });
  }
}
