import { inject } from 'vitest';
import { spawnServer } from '../../../e2e/support/server';
import type {} from './harness'; // apiBundle (ProvidedContext)

/**
 * Node's own options for the programs tests start as processes (the server, the backup CLI).
 * They live for seconds, so V8 compiles PGlite's WebAssembly once with its quick compiler and
 * skips the optimising one, which it would only finish after they ended (~1.5 CPU s a start).
 */
export const SHORT_LIVED = ['--liftoff-only'];

/** The server, bundled from the sources for this run (global-setup.ts), on `dataDir`. */
export const spawnApiServer = (dataDir: string, env: Record<string, string> = {}) =>
  spawnServer(dataDir, env, { entry: inject('apiBundle').server, execArgv: SHORT_LIVED });

/** Node's arguments that run the backup CLI bundled for this run with `args`. */
export const cliArgs = (args: string[]) => [...SHORT_LIVED, inject('apiBundle').cli, ...args];
