import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import { APPLICATION_NAME, openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';

/**
 * Backups of either database:
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom`, restored with `pg_restore`; the
 *   client tools of the server's major version (or newer) must be installed.
 * - The embedded database: PGlite's own pg_dump (WASM, from @electric-sql/pglite-tools), a
 *   plain SQL file of INSERTs, restored into a fresh PGlite that then replaces the old one.
 * Both hold projects, users, plans (markup and images: files live in the database),
 * apartments, settings, styles and the migration history.
 */
export type BackupKind = 'postgres' | 'embedded';

export interface Target {
  /** PostgreSQL connection string; when absent, the embedded database in `pgliteDir`. */
  databaseUrl?: string;
  pgliteDir: string;
}

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
  if (!fs.existsSync(path.join(target.pgliteDir, 'PG_VERSION'))) return null;
  const lock = lockDataDir(target.pgliteDir, 'restore');
  const db = await PGlite.create(target.pgliteDir);
  try {
    const exists = await db.query<{ ok: boolean }>(`select to_regclass('public.projects') is not null as ok`);
    return exists.rows[0]?.ok ? await count((q) => db.query(q)) : null;
  } finally {
    await db.close();
    lock.release();
  }
}

/** Writes a backup of `target` to `file` (readable by its owner only) and says what it holds. */
export async function backup(
  target: Target,
  file: string,
): Promise<{ kind: BackupKind; contents: Contents }> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (target.databaseUrl) {
    const { dbname, env } = pgConnection(target.databaseUrl);
    const partial = `${file}.partial`;
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
    return { kind: 'postgres', contents: (await currentContents(target))! };
  }
  if (!fs.existsSync(path.join(target.pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${target.pgliteDir} to back up.`);
  }
  // PGlite allows one process: a running server must be stopped first (the lock says so).
  const lock = lockDataDir(target.pgliteDir, 'backup');
  const db = await PGlite.create(target.pgliteDir);
  try {
    const contents = await count((q) => db.query(q));
    const dump = await pgDump({ pg: db, args: ['--no-owner', '--no-privileges'] });
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return { kind: 'embedded', contents };
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
 * Replaces the target's data with the backup in `file`. The embedded database is restored
 * into a new directory first; the old one is kept beside it as `pglite.before-restore-…`.
 */
export async function restore(
  target: Target,
  file: string,
): Promise<{ contents: Contents; previous?: string }> {
  const kind = backupKind(file);
  if (target.databaseUrl) {
    if (kind !== 'postgres') {
      throw new BackupError(
        `${file} is a backup of the embedded database; restore it without DATABASE_URL (into DATA_DIR).`,
      );
    }
    await assertNoInstances(target.databaseUrl);
    const { dbname, env } = pgConnection(target.databaseUrl);
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
    // Brings an older backup up to the current schema, as the server would at start-up.
    const db = await openDatabase({ databaseUrl: target.databaseUrl, purpose: 'restore' });
    await db.close();
    return { contents: (await currentContents(target))! };
  }

  if (kind !== 'embedded') {
    throw new BackupError(`${file} is a PostgreSQL backup (pg_dump); restore it with DATABASE_URL set.`);
  }
  const dir = target.pgliteDir;
  const lock = lockDataDir(dir, 'restore');
  const fresh = `${dir}.restoring`;
  try {
    fs.rmSync(fresh, { recursive: true, force: true });
    const db = await PGlite.create(fresh);
    let contents: Contents;
    try {
      await db.exec(fs.readFileSync(file, 'utf8'));
      contents = await count((q) => db.query(q));
    } catch (err) {
      throw new BackupError(`${file} could not be restored: ${(err as Error).message}`);
    } finally {
      await db.close();
    }
    // Migrates an older backup to the current schema, as the server would at start-up.
    await (await openDatabase({ pgliteDir: fresh, purpose: 'restore' })).close();
    let previous: string | undefined;
    if (fs.existsSync(dir)) {
      previous = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dir, previous);
    }
    fs.renameSync(fresh, dir);
    return { contents, previous };
  } finally {
    lock.release();
    fs.rmSync(fresh, { recursive: true, force: true });
  }
}
