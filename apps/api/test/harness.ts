import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { arrange, type Arrange, type Transport } from '@planvy/shared/test/arrange';
import { buildApp, type BuildAppOptions } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { loadConfig, type AppConfig } from '../src/env';
import { hashPassword } from '../src/lib/password';
import * as userRepo from '../src/modules/users/repository';
import { copyPrefix, throwAwayDatabase } from './postgres';

/**
 * One app per test file: PGlite in memory by default, or a database of its own on the server in
 * DATABASE_URL (the PostgreSQL pass in CI), emptied and handed on to the next file of its worker.
 */
export interface TestApp {
  app: FastifyInstance;
  db: Database['db'];
  config: AppConfig;
  /** The throw-away database's URL when running on PostgreSQL (DATABASE_URL). */
  databaseUrl?: string;
  /** Empties every table; call in beforeEach. */
  reset(): Promise<void>;
  close(): Promise<void>;
  /** Creates a user and returns it with a bearer token. */
  createUser(
    role: 'admin' | 'client' | 'broker',
    fields?: { email?: string; first_name?: string },
  ): Promise<{
    id: number;
    email: string;
    token: string;
  }>;
  /** app.inject with the token as bearer. */
  as(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding PGlite's dump of a freshly migrated database (global-setup.ts); '' on PostgreSQL. */
    pgliteSnapshot: string;
    /** A new, migrated data directory (global-setup.ts); '' on PostgreSQL. */
    pgliteDataDir: string;
    /** A migrated database on the PostgreSQL server that each file's database copies; '' on PGlite. */
    pgTemplate: string;
    /**
     * The server and the backup CLI bundled for this run (apps/api/scripts/bundle.ts), what the
     * tests that spawn them start: the sources as they are now, whatever `npm run build` left.
     */
    apiBundle: { server: string; cli: string };
  }
}

let seq = 0;

/**
 * A copy of the run's freshly migrated PGlite data directory at `dir` (which must not exist yet),
 * for a test that needs a database on disk but is not about creating one: a copy instead of a
 * new cluster and the migrations, seconds less. Returns `dir`. A server started on it creates its
 * first admin as on a fresh directory (the tables are empty); first starts themselves are the
 * browser tier's server's.
 */
export function migratedDataDir(dir: string): string {
  const template = inject('pgliteDataDir');
  if (!template) throw new Error('migratedDataDir is for the embedded database (not the PostgreSQL pass)');
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.cpSync(template, dir, { recursive: true, errorOnExist: true, force: false });
  return dir;
}

/**
 * Databases that closed test apps left, for the next file of the same worker (the API tier keeps
 * one module cache per worker): emptied and handed on, with their connections, instead of loading
 * the migrated dump again (PGlite, about a CPU second per file) or creating and dropping a
 * database and starting its connections (PostgreSQL, about a third of the server's CPU in the
 * PostgreSQL pass). The run's global set-up drops what is left on PostgreSQL.
 */
const spare: { database: Database; databaseUrl?: string }[] = [];

/** Empties every table of the public schema and restarts its sequences, as TRUNCATE … RESTART IDENTITY would. */
const RESET_SQL = `DO $$
DECLARE r record;
BEGIN
  SET LOCAL session_replication_role = replica;
  FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('DELETE FROM public.%I', r.tablename);
  END LOOP;
  -- setval, not ALTER SEQUENCE ... RESTART: RESTART gives each sequence a new file too.
  PERFORM setval(format('public.%I', sequencename)::regclass, start_value, false)
    FROM pg_sequences WHERE schemaname = 'public';
END $$`;
const TEST_JWT_SECRET = 'test-secret-'.padEnd(48, 'x');

/**
 * Another API instance on `first`'s PostgreSQL database, as a second process behind a load
 * balancer would be: its own connection pool and its own in-memory state, the same JWT secret.
 */
export async function createSecondInstance(
  first: TestApp,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (!first.databaseUrl) throw new Error('A second instance needs PostgreSQL (DATABASE_URL)');
  const database = await openDatabase({ databaseUrl: first.databaseUrl });
  const app = await buildApp({ config: first.config, db: database.db, jwtSecret: TEST_JWT_SECRET });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildAppOptions, 'passwords' | 'logger' | 'widgetBuild'> = {},
): Promise<TestApp> {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/planvy-test',
    LOG_LEVEL: 'silent',
  });
  // Its own file store, so no other test app's sweep sees (and removes) its files.
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-test-files-'));
  const config: AppConfig = { ...base, fileStore: { kind: 'disk', dir: filesDir }, ...overrides };
  let database: Database;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const serverUrl = process.env.DATABASE_URL;
  // Under vitest, databases are handed on to the next file; benchmarks close and drop theirs.
  const handOn = !!process.env.VITEST;
  const reused = spare.pop();
  if (reused) {
    ({ database, databaseUrl } = reused);
    await database.db.execute(sql.raw(RESET_SQL));
  } else if (serverUrl) {
    // Under vitest a copy of the migrated template (global-setup.ts): no migrations per file.
    const template = handOn ? inject('pgTemplate') : '';
    const own = await throwAwayDatabase(serverUrl, copyPrefix(template), template);
    databaseUrl = own.url;
    database = await openDatabase({ databaseUrl });
    if (!handOn) dropDatabase = own.drop;
  } else {
    // Under vitest the API tier's global set-up made a migrated dump; benchmarks start from nothing.
    const snapshot = process.env.VITEST ? inject('pgliteSnapshot') : '';
    database = await openDatabase({
      pgliteSnapshot: snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined,
    });
  }
  const app = await buildApp({ config, db: database.db, jwtSecret: TEST_JWT_SECRET, ...options });
  await app.ready();
  const passwordHash = await hashPassword('secret123');

  return {
    app,
    db: database.db,
    config,
    databaseUrl,
    async reset() {
      // DELETE with the foreign-key triggers off rather than TRUNCATE: a TRUNCATE gives every
      // table a new file, a quarter of a second per test on PGlite; these tables hold a few rows.
      await database.db.execute(sql.raw(RESET_SQL));
    },
    async close() {
      await app.close();
      // The database goes to the next file of this worker, emptied there.
      if (handOn) spare.push({ database, databaseUrl });
      else {
        await database.close();
        await dropDatabase?.();
      }
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
    async createUser(role, fields = {}) {
      seq += 1;
      const email = fields.email ?? `${role}${seq}@example.com`;
      const row = await userRepo.insertUser(database.db, {
        email,
        first_name: fields.first_name ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${seq}`,
        last_name: 'Test',
        role,
        password_hash: passwordHash,
      });
      return {
        id: row.id,
        email,
        token: app.signToken({ sub: String(row.id), ver: row.token_version }),
      };
    },
    as(token, opts) {
      return app.inject({
        ...opts,
        headers: { ...opts.headers, authorization: `Bearer ${token}` },
      });
    },
  };
}

/** The arrange builders' transport in API tests: `app.inject`, no sockets. */
export function overInject(app: FastifyInstance): Transport {
  return async ({ method, url, token, json, file }) => {
    const upload = file
      ? multipart(file.name, typeof file.bytes === 'string' ? file.bytes : Buffer.from(file.bytes))
      : undefined;
    const res = await app.inject({
      method: method as InjectOptions['method'],
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...upload?.headers },
      ...(upload ? { payload: upload.payload } : json !== undefined ? { payload: json as object } : {}),
    });
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body, text: res.body };
  };
}

/** The arrange builders (@planvy/shared/test/arrange) acting as `token`'s user on `t`'s app. */
export function arrangeFor(t: TestApp, token: string): Arrange {
  return arrange(overInject(t.app), token);
}

/** A multipart/form-data body with one file in the field "file". */
export function multipart(filename: string, bytes: Buffer | string, field = 'file') {
  const boundary = `----planvy${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
