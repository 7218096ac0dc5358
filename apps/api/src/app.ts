import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifyFormbody from '@fastify/formbody';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import type { AppConfig } from './env';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { staticPlugin } from './plugins/static';
import { LoginThrottle } from './modules/auth/login-throttle';
import { authRoutes } from './modules/auth/routes';
import { adminUserRoutes, brokerListRoutes } from './modules/users/routes';
import { brokerAssignRoutes, projectRoutes } from './modules/projects/routes';
import { settingsRoutes } from './modules/settings/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    loginThrottle: LoginThrottle;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  jwtSecret: string;
  /** pino logger options, or false for none (tests). */
  logger?: boolean | object;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', opts.db);
  app.decorate('config', opts.config);
  app.decorate('loginThrottle', new LoginThrottle(opts.config.loginLimits.windowMs));

  await app.register(errorsPlugin);
  await app.register(fastifyFormbody);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Planvy API',
        version: '1.0.0',
        description: 'Back-office, client portal and widget API',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(authPlugin, {
    secret: opts.jwtSecret,
    expiresIn: opts.config.jwtExpiresIn,
  });

  await app.register(
    async (v1) => {
      await v1.register(authRoutes);
      await v1.register(adminUserRoutes);
      await v1.register(projectRoutes);
      await v1.register(settingsRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(
    async (v2) => {
      await v2.register(brokerListRoutes);
      await v2.register(brokerAssignRoutes);
    },
    { prefix: '/api/v2' },
  );

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/health', { schema: { hide: true } }, async () => ({
    status: 'ok',
  }));

  const webDist = path.join(repoRoot, 'apps/web/dist');
  const widgetDist = path.join(repoRoot, 'apps/widget/dist');
  if (fs.existsSync(webDist)) {
    await app.register(staticPlugin, {
      webDist,
      widgetDist: fs.existsSync(widgetDist) ? widgetDist : undefined,
    });
  }

  return app;
}
