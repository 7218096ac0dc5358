import { inject } from 'vitest';
import { spawnServer } from '../../../e2e/support/server';
import type {} from './harness'; // apiBundle (ProvidedContext)
import { SHORT_LIVED } from './short-lived';

/** The server, bundled from the sources for this run (global-setup.ts), on `dataDir`. */
export const spawnApiServer = (dataDir: string, env: Record<string, string> = {}) =>
  spawnServer(dataDir, env, { entry: inject('apiBundle').server, execArgv: SHORT_LIVED });

/** Node's arguments that run the backup CLI bundled for this run with `args`. */
export const cliArgs = (args: string[]) => [...SHORT_LIVED, inject('apiBundle').cli, ...args];
