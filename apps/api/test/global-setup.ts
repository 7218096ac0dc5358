import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedDatabase } from '../src/db/client';
import type {} from './harness'; // what the set-up provides (ProvidedContext)

/**
 * Runs initdb and every migration once for the whole API tier: each test file's in-memory
 * PGlite then starts from this dump (createTestApp), not from nothing.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-pglite-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await (await dumpMigratedDatabase()).arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
