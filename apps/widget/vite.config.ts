import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

export default defineConfig({
  plugins: [preact()],
  base: '/widget/',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020' },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
});
