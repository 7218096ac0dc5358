import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createMigratedDataDir, openDatabase } from '../src/db/client';
import { ensurePristineCluster } from '../src/db/pristine';
import { bundleApi } from '../scripts/bundle';
import type {} from './harness'; // what the set-up provides (ProvidedContext)
import { copyPrefix, dropDatabasesNamed, throwAwayDatabase } from './postgres';

/**
 * Makes a fresh cluster (from the build's copy, src/db/pristine.ts) migrated once for the whole API
 * tier: each test file's in-memory PGlite then starts from its dump (createTestApp), and a test
 * that needs a database on disk copies its data directory (migratedDataDir). On PostgreSQL,
 * each worker's databases are created from a migrated template database made here.
 */
export default async function setup(project: TestProject) {
  const bundleDir = path.resolve(import.meta.dirname, `../dist/test-${process.pid}`);
  project.provide('apiBundle', await bundleApi(bundleDir));
  const dropBundle = () => fs.rmSync(bundleDir, { recursive: true, force: true });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await throwAwayDatabase(serverUrl, 'planvy_template');
    const migrated = await openDatabase({ databaseUrl: template.url, purpose: 'check' });
    await migrated.close();
    project.provide('pgliteSnapshot', '');
    project.provide('pgliteDataDir', '');
    project.provide('pgTemplate', template.name);
    return async () => {
      dropBundle();
      // The test files hand their databases on to the next file of their worker and leave the
      // last ones (harness.ts).
      try {
        await dropDatabasesNamed(serverUrl, copyPrefix(template.name));
      } finally {
        await template.drop();
      }
    };
  }
  project.provide('pgTemplate', '');
  // What `npm run build` makes, made here when the sources never were built: new data directories
  // (the one below, restores, spawned servers' first starts) then skip initdb.
  await ensurePristineCluster();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-pglite-snapshot-'));
  const dataDir = path.join(dir, 'pglite');
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await (await createMigratedDataDir(dataDir)).arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgliteDataDir', dataDir);
  return () => {
    dropBundle();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
