import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/api folder, found from `moduleUrl` upwards: the same answer from a source file
 * (src/db/client.ts) and from the bundle `npm run build` makes (dist/server.js, scripts/bundle.ts).
 */
export function apiRoot(moduleUrl: string): string {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && /"name":\s*"@planvy\/api"/.test(fs.readFileSync(manifest, 'utf8')))
      return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no @planvy/api package above ${moduleUrl}`);
    dir = up;
  }
}
