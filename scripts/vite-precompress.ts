import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The part of Vite's plugin interface this uses (vite is a dependency of the apps, not of the root). */
interface BuildPlugin {
  name: string;
  apply: 'build';
  configResolved(config: { root: string; build: { outDir: string } }): void;
  writeBundle(options: unknown, bundle: Record<string, unknown>): void;
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every script, stylesheet and SVG the
 * build emits, at the highest levels, once per build: the server sends them to browsers
 * that accept them (@fastify/static `preCompressed`) and never compresses an asset per
 * request. The widget's entry script is 70 KB as written and about 21 KB as brotli.
 */
export function precompress(): BuildPlugin {
  let outDir = '';
  return {
    name: 'planvy-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const bytes = fs.readFileSync(full);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(
          `${full}.br`,
          zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
          }),
        );
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
