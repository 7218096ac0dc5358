import { defineConfig } from 'vitest/config';
import { SHORT_LIVED } from './apps/api/test/short-lived.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          // Pure logic: no DOM. One module cache per worker (isolate off): these modules keep no
          // state a test could leave behind, and loading zod, the catalogues and the sanitiser
          // once per worker instead of once per file is most of this tier's time.
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.unit.test.{ts,tsx}'],
          exclude: ['**/*.dom.test.{ts,tsx}', '**/node_modules/**'],
          environment: 'node',
          isolate: false,
          setupFiles: ['vitest.setup.ts'],
        },
      },
      {
        test: {
          // Components and DOM code (*.dom.test.ts(x)) under jsdom. React, Mantine and jsdom are
          // loaded once per worker, not once per file (isolate off); the files of a worker share one
          // jsdom window, which the set-up file empties before each file.
          name: 'unit-dom',
          include: ['packages/*/src/**/*.dom.test.ts', 'apps/*/src/**/*.dom.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['vitest.setup.ts'],
          // Rendering Mantine forms under jsdom takes seconds on a busy two-core machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/**/*.unit.test.ts', 'apps/api/src/**/*.dom.test.ts'],
          environment: 'node',
          // A new cluster and the migrations once per run, not once per file.
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is heavy; two files at a time suits two cores.
          maxWorkers: 2,
          // PGlite's WebAssembly on V8's quick compiler only, as in the processes the tests start.
          execArgv: SHORT_LIVED,
          // One module cache per worker: each file builds its own app and database
          // (createTestApp), so nothing a test changes lives in a module; loading Fastify, drizzle
          // and zod once per worker took a third of this tier's CPU.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // What the browser shows may take a few seconds on a loaded machine (a preview crossing
          // into the widget's frame and loading its theme chunk): polls wait up to 10 s, not 1 s.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time against the one server: a browser test mostly waits (for the
          // browser, the server, a poll), so two share the two cores well. Each file arranges
          // its own users and projects; none counts what another file made.
          maxWorkers: 2,
          // One module cache per worker: playwright-core, the support modules and the shared
          // catalogues load once per worker, not once per file (a third of vitest's CPU here).
          // Each file launches and closes its own browser and arranges its own data.
          isolate: false,
        },
      },
    ],
  },
});
