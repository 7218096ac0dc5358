import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; when absent (tests) PGlite runs in memory. */
  pgliteDir?: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite();
  const lite = drizzlePglite(client, { schema });
  await migratePglite(lite, { migrationsFolder });
  // Same query-builder surface; see the Db type above.
  return {
    db: lite as unknown as Db,
    driver: 'pglite',
    close: () => client.close(),
  };
}
