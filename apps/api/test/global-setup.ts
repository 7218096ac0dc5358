import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedDatabase, openDatabase } from '../src/db/client';
import { bundleApi } from '../scripts/bundle';
import type {} from './harness'; // what the set-up provides (ProvidedContext)
import { throwAwayDatabase } from './postgres';

/**
 * Runs initdb and every migration once for the whole API tier: each test file's in-memory
 * PGlite then starts from this dump (createTestApp), not from nothing. On PostgreSQL, each file's
 * throw-away database is created from a migrated template database made here.
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
    project.provide('pgTemplate', template.name);
    return async () => {
      dropBundle();
      await template.drop();
    };
  }
  project.provide('pgTemplate', '');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-pglite-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await (await dumpMigratedDatabase()).arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => {
    dropBundle();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
