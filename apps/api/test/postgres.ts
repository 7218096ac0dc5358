import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `work` on a connection to the PostgreSQL server's maintenance database (`serverUrl`): CREATE and DROP DATABASE. */
async function onServer(serverUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

export interface ThrowAwayDatabase {
  name: string;
  /** Its connection string on the same server. */
  url: string;
  /** Drops it, whoever is still connected. */
  drop: () => Promise<void>;
}

/**
 * A new database on the server, named `prefix` with the process and a random tail, empty or a
 * copy of `template`; the tests' own, dropped with `drop`.
 */
export async function throwAwayDatabase(
  serverUrl: string,
  prefix: string,
  template = '',
): Promise<ThrowAwayDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (c) =>
    c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/**
 * What the test files' databases are named from: the run's template's name, so the run's global
 * set-up drops every copy its files made, and only those (dropDatabasesNamed).
 */
export const copyPrefix = (template: string) => (template ? `${template}_file` : 'planvy_test');

/** Drops every database on the server whose name starts with `prefix`, whoever is connected. */
export const dropDatabasesNamed = (serverUrl: string, prefix: string) =>
  onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`);
  });
