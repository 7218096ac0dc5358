import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the package `name` at or above `dir`, with its manifest. */
export function packageAbove(dir: string, name: string): { dir: string; manifest: { version?: string } } {
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name) return { dir, manifest };
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no ${name} package above ${dir}`);
    dir = up;
  }
}

/**
 * The apps/api folder, found from `moduleUrl` upwards: the same answer from a source file
 * (src/db/client.ts) and from the bundle `npm run build` makes (dist/server.js, scripts/bundle.ts).
 */
export function apiRoot(moduleUrl: string): string {
  return packageAbove(path.dirname(fileURLToPath(moduleUrl)), '@planvy/api').dir;
}
