/**
 * Runs every benchmark in scripts/bench/ in turn and prints their figures.
 * `npm run bench` runs all; `npm run bench -- api` runs the files whose name contains "api".
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = path.join(import.meta.dirname, 'bench');
const filter = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_') && (!filter || f.includes(filter)))
  .sort();

for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run?: () => Promise<void> };
  if (typeof mod.run === 'function') await mod.run();
}
process.exit(0);
