import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import pkg from '../package.json' with { type: 'json' };

/**
 * The package's entry points (package.json "exports") are listed one by one, and each says by its
 * place in this list whether it may pull in zod: the widget bundles only the zod-free ones
 * (its lint rule takes the others' types only).
 */
const ZOD_EXPORTS = ['.', './public-view', './live-events', './release-wishes'];

const root = path.join(import.meta.dirname, '..');

/** The source files an export names (a wildcard export: every non-test module of its folder). */
function sources(target: string): string[] {
  if (!target.includes('*')) return [path.join(root, target)];
  const dir = path.join(root, path.dirname(target));
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));
}

/** Whether bundling `file` takes in zod. */
async function bundlesZod(file: string): Promise<boolean> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'neutral',
    format: 'esm',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).some((input) => input.includes('node_modules/zod/'));
}

const exportsMap = Object.entries(pkg.exports).filter(([name]) => !name.startsWith('./test/'));

describe('the package entry points', () => {
  it('are listed one by one, and the zod ones are named here', () => {
    for (const name of ZOD_EXPORTS) expect(pkg.exports).toHaveProperty([name]);
    for (const [name, target] of exportsMap) expect(fs.existsSync(sources(target)[0]!), name).toBe(true);
  });

  it.each(exportsMap)('%s bundles zod only if it is one of the zod entry points', async (name, target) => {
    for (const file of sources(target)) {
      expect(await bundlesZod(file), path.relative(root, file)).toBe(ZOD_EXPORTS.includes(name));
    }
  });
});
