import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { loadConfig } from './env';
import { errorForLog } from './lib/error-log';
import { resolveJwtSecret } from './plugins/auth';
import { ensureInitialAdmin } from './modules/users/service';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
});
const app = await buildApp({
  config,
  db: database.db,
  jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
  logger: {
    level: config.logLevel,
    ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
  },
});
await ensureInitialAdmin(database.db, { email: config.adminEmail, password: config.adminPassword }, app.log);

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ error: errorForLog(err) }, 'shutting down after an error');
  await app.close();
  await database.close();
});

await app.listen({ host: config.host, port: config.port });
