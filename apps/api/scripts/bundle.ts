/**
 * Bundles the API's two programs, the server and the backup CLI, into plain JavaScript
 * (apps/api/dist by default): what `npm start` and the browser tests run. Started this way a
 * server loads in a fraction of the time it takes through tsx, which compiles each of some
 * hundred source files on every start. Packages from node_modules stay outside the bundle (sharp,
 * PGlite and the rest load their own files); the workspace's own packages (@planvy/shared) are
 * TypeScript and go in.
 *
 * The API tests bundle into a folder of their own (apps/api/test/global-setup.ts), so a build
 * running beside them changes nothing they spawn.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ensurePristineCluster } from '../src/db/pristine';

const apiRoot = path.resolve(import.meta.dirname, '..');

export interface ApiBundle {
  /** The server (src/server.ts). */
  server: string;
  /** The backup and restore CLI (src/backup/cli.ts). */
  cli: string;
}

/** Writes the bundle into `outdir`, which must lie inside apps/api (src/lib/api-root.ts finds the package from there). */
export async function bundleApi(outdir = path.join(apiRoot, 'dist')): Promise<ApiBundle> {
  if (path.relative(apiRoot, outdir).startsWith('..')) throw new Error(`${outdir} is not inside ${apiRoot}`);
  // Chunks of an earlier build go (their names change with their contents); folders stay, since
  // an API tier running beside a build keeps its own bundle in one (dist/test-<pid>).
  if (fs.existsSync(outdir))
    for (const entry of fs.readdirSync(outdir, { withFileTypes: true }))
      if (entry.isFile() && entry.name.endsWith('.js')) fs.rmSync(path.join(outdir, entry.name));
  await build({
    entryPoints: {
      server: path.join(apiRoot, 'src/server.ts'),
      cli: path.join(apiRoot, 'src/backup/cli.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-outside',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@planvy/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return { server: path.join(outdir, 'server.js'), cli: path.join(outdir, 'cli.js') };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { server } = await bundleApi();
  console.log(`bundled the API into ${path.relative(process.cwd(), path.dirname(server)) || '.'}`);
  // A new data directory starts as a copy of this fresh cluster (src/db/pristine.ts, ADR 047).
  const cluster = await ensurePristineCluster();
  console.log(`a fresh embedded cluster is in ${path.relative(process.cwd(), cluster)}`);
}
