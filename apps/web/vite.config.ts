import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import react from '@vitejs/plugin-react';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The API caches everything under /assets/ as immutable, so those names must be content-hashed.
    assetsDir: 'assets',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiServer,
      // Uploaded project files live at /projects/{projectId}/{name}; the SPA only owns /projects and /projects/{id}.
      '^/projects/[^/]+/[^/]+': apiServer,
      // The widget (the styles editor's preview frames /view/{id}), served by the API from its build.
      '/view/': apiServer,
      '/widget/': apiServer,
    },
  },
});
