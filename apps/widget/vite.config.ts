import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import preact from '@preact/preset-vite';

/**
 * The widget page (/view/{projectId}, assets under /widget/), written against preact
 * itself (see src/memo.ts). embed.js is a second, separate build (vite.embed.config.ts)
 * because it must be a classic script.
 */
export default defineConfig({
  // The widget imports preact itself; no React emulation (preact/compat) is bundled.
  plugins: [preact({ reactAliasesEnabled: false }), precompress()],
  base: '/widget/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // One entry chunk; the only dynamic import (the sun-study player) has no chunks of its
    // own to preload, so the modulepreload polyfill would be dead weight.
    modulePreload: { polyfill: false },
  },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000', '/projects': 'http://localhost:3000' } },
});
