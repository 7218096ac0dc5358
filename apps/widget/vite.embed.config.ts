import { defineConfig } from 'vite';

/**
 * embed.js: a classic IIFE script (the snippet loads it with <script async>), at a stable
 * name so the snippet never changes; the server caches it for five minutes.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2017',
    lib: {
      entry: 'src/embed/embed.ts',
      formats: ['iife'],
      name: 'PlanvyEmbed',
      fileName: () => 'embed.js',
    },
  },
});
