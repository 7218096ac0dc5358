import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { apiRoot } from '../lib/api-root';
import { lockDataDir } from './data-dir-lock';
import { EmbeddedDatabase } from './embedded';
import { openPGliteDir } from './pristine';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * Both drivers expose the same query builder; we type the handle once as the
 * node-postgres flavour so repositories are written against a single type.
 */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(apiRoot(import.meta.url), 'src/db/migrations');

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; when absent (tests) PGlite runs in memory. */
  pgliteDir?: string;
  /**
   * Tests: an in-memory PGlite starts from this dump of an already migrated database
   * (apps/api/test/global-setup.ts makes it once per run), which skips initdb and most of
   * the migrations, seconds per test file.
   */
  pgliteSnapshot?: Blob;
  /** Who opens it ("server", "backup", …), shown to a second process that finds it locked. */
  purpose?: string;
  /** Where connection and storage failures are reported. */
  log?: { error(obj: object, msg: string): void; info(msg: string): void };
}

/** What PostgreSQL shows in pg_stat_activity for an API instance (backup and restore look for it). */
export const APPLICATION_NAME = 'planvy';

/** Any fixed number: the advisory lock that lets one instance at a time migrate. */
const MIGRATION_LOCK = 7_352_001;

/**
 * Instances started together on one database would otherwise run the same migration at
 * once, and all but one would fail half-way; the others wait, then find nothing to do.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      application_name: `${APPLICATION_NAME} ${opts.purpose ?? 'server'}`,
    });
    // An idle connection that the server drops (restart, failover) must not crash the process;
    // the pool replaces it and the next query reconnects.
    pool.on('error', (err) => opts.log?.error({ err }, 'PostgreSQL connection lost'));
    const db = drizzlePg(pool, { schema });
    try {
      await migrateOnce(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  const dir = opts.pgliteDir;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const lock = dir ? lockDataDir(dir, opts.purpose ?? 'server') : undefined;
  try {
    const client = await EmbeddedDatabase.open(dir, opts.log, { snapshot: opts.pgliteSnapshot });
    // drizzle's PGlite session only calls query() and transaction(), which EmbeddedDatabase keeps.
    const lite = drizzlePglite({ client: client as unknown as PGlite, schema });
    try {
      await migratePglite(lite, { migrationsFolder });
    } catch (err) {
      await client.close().catch(() => undefined);
      throw new Error(client.explain('Cannot update the embedded database', err), { cause: err });
    }
    // Same query-builder surface; see the Db type above.
    return {
      db: lite as unknown as Db,
      driver: 'pglite',
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * Tests: a new cluster and every migration, once per run, in the data directory `dir`
 * (apps/api/test/global-setup.ts). Test files copy the directory where they need a database on
 * disk, and start their in-memory databases from the dump this returns (PGlite's dumpDataDir).
 */
export async function createMigratedDataDir(dir: string): Promise<Blob> {
  const client = await openPGliteDir(dir);
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
