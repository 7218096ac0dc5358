import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

/**
 * The widget's server entry (src/server.tsx, ADR 016): the same components rendered to HTML by
 * the API. One self-contained ES module (Preact, preact-render-to-string, htmlparser2 and parse5
 * bundled in, so the renderer and the components share one Preact) in dist/server/, which the
 * API does not serve.
 */
export default defineConfig({
  plugins: [preact({ reactAliasesEnabled: false, prefreshEnabled: false })],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/server.tsx',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: { output: { entryFileNames: 'server.js' } },
  },
});
