import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { describeFree, freeBytes, isDiskFull } from './db/database-errors';
import { loadConfig } from './env';
import { errorForLog } from './lib/error-log';
import { resolveJwtSecret } from './plugins/auth';
import { startFileStore } from './modules/files/blobs';
import { nameUntitledPlans } from './modules/files/plan-titles';
import { ensureInitialAdmin } from './modules/users/service';

const config = loadConfig();

/** Start-up problems are the operator's to fix: one plain sentence, no stack trace. */
function startupFailed(err: unknown): never {
  let message = err instanceof Error ? err.message : String(err);
  if (isDiskFull(err) && !/disk is full/.test(message)) {
    message = `The disk holding ${config.dataDir} is full (${describeFree(freeBytes(config.dataDir))} free): ${message}`;
  }
  console.error(`Planvy cannot start. ${message}`);
  // PGlite may keep handles open after a failed start; do not wait for them.
  process.exit(1);
}

const jwtSecret = (() => {
  try {
    return resolveJwtSecret(config.jwtSecret, config.dataDir);
  } catch (err) {
    return startupFailed(err);
  }
})();
// The app's logger exists only once the app is built; the database reports through it from then on.
const logTo: { app?: FastifyBaseLogger } = {};
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  log: { error: (obj, msg) => logTo.app?.error(obj, msg), info: (msg) => logTo.app?.info(msg) },
}).catch(startupFailed);
const app = await buildApp({
  config,
  db: database.db,
  jwtSecret,
  logger: {
    level: config.logLevel,
    ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
  },
});
logTo.app = app.log;
await ensureInitialAdmin(
  database.db,
  { email: config.adminEmail, password: config.adminPassword },
  app.log,
).catch(async (err: unknown) => {
  await database.close().catch(() => undefined);
  startupFailed(err);
});

// Old rows' bytes move to the file store before anything is answered (ADR 022).
const stopSweeps = await startFileStore(database.db, app.fileStore, app.log).catch(async (err: unknown) => {
  await database.close().catch(() => undefined);
  return startupFailed(err);
});

// Plans stored before plans had names get theirs before anything is answered (ADR 025).
await nameUntitledPlans(database.db)
  .then((named) => {
    if (named > 0) app.log.info({ named }, 'named the plans stored without a name');
  })
  .catch(async (err: unknown) => {
    stopSweeps();
    await database.close().catch(() => undefined);
    return startupFailed(err);
  });

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ error: errorForLog(err) }, 'shutting down after an error');
  stopSweeps();
  await app.close();
  await database.close();
});

await app.listen({ host: config.host, port: config.port });
