import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import type { AppConfig, TrustProxy } from './env';
import { createFileStore, type FileStore } from './lib/file-store';
import { argon2Passwords, type Passwords } from './lib/password';
import { accessPlugin, inContext, withContexts } from './plugins/access';
import { auditedDb, auditPlugin } from './plugins/audit';
import { connectionLimits } from './plugins/connection-limits';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { publicViewFreshnessPlugin } from './plugins/public-view-freshness';
import { staticPlugin } from './plugins/static';
import { jsonCompressionPlugin } from './plugins/json-compression';
import { storableInputPlugin } from './plugins/storable-input';
import { urlInputPlugin } from './plugins/url-input';
import { LoginLimits } from './modules/auth/login-limits';
import { apartmentRoutes, apartmentStatusRoutes } from './modules/apartments/routes';
import { auditRoutes } from './modules/audit/routes';
import { mailLogRoutes } from './modules/mail/routes';
import { authRoutes } from './modules/auth/routes';
import { buildingNumberRoutes } from './modules/building-numbers/routes';
import { fileAdminRoutes, fileRoutes, publicFileRoutes } from './modules/files/routes';
import { livePlugin, liveRoutes } from './modules/live/routes';
import { outboxPlugin } from './modules/outbox/plugin';
import { webhookRoutes } from './modules/webhooks/routes';
import { InterestFormTokens } from './modules/interest/form-token';
import { interestPageRoutes } from './modules/interest/pages';
import { interestPublicRoutes, interestRoutes } from './modules/interest/routes';
import { wishPageRoutes, wishPublicRoutes } from './modules/releases/wish-routes';
import { InterestLimits } from './modules/interest/service';
import { holdRoutes } from './modules/holds/routes';
import { releasePageRoutes } from './modules/releases/pages';
import { releasePublicRoutes, releaseRoutes } from './modules/releases/routes';
import { checkoutPublicRoutes, offerPageRoutes, offerRoutes } from './modules/releases/offer-routes';
import { ClickRecorder, DEFAULT_CLICK_OPTIONS } from './modules/public-view/click-recorder';
import { publicViewRoutes } from './modules/public-view/routes';
import { buildPublicView, PublicViewCache } from './modules/public-view/service';
import { adminUserRoutes, brokerListRoutes } from './modules/users/routes';
import { brokerAssignRoutes, projectAdminRoutes, projectRoutes } from './modules/projects/routes';
import { settingsRoutes } from './modules/settings/routes';
import { sunStudyPublicRoutes, sunStudyRoutes, sunStudyUploadRoutes } from './modules/sunstudy/routes';
import { statisticsRoutes } from './modules/statistics/routes';
import { projectStyleRoutes, styleAdminRoutes } from './modules/styles/routes';
import { loadWidgetBuild, type WidgetBuild } from './modules/widget-page/renderer';
import { widgetPageRoutes } from './modules/widget-page/routes';
import { apiRoot } from './lib/api-root';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    loginLimits: LoginLimits;
    passwords: Passwords;
    /** Where uploaded bytes are kept (ADR 022). */
    fileStore: FileStore;
  }
}

/** Never in a log line: passwords wherever a body or object carries them, and bearer tokens. */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'password',
    'password_confirm',
    '*.password',
    '*.password_confirm',
    '*.*.password',
    '*.*.password_confirm',
  ],
  censor: '[redacted]',
};

/**
 * A hop count trusts the last N addresses (the socket's peer is hop 0), so the client is
 * the address the outermost trusted proxy saw, never the first, client-written
 * X-Forwarded-For entry. Fastify itself no longer takes a bare number.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  jwtSecret: string;
  /** pino logger options, or false for none (tests). */
  logger?: boolean | object;
  /** The password hasher (tests count its verifications). */
  passwords?: Passwords;
  /** The widget's page template and server renderer; default: the built apps/widget/dist. */
  widgetBuild?: WidgetBuild;
  /**
   * Serve what `npm run build` left in apps/web/dist and apps/widget/dist (default: unless
   * NODE_ENV is test). API tests stand on the sources, so a build running beside them (the
   * PostgreSQL pass in CI) changes nothing.
   */
  serveBuilds?: boolean;
}

const repoRoot = path.resolve(apiRoot(import.meta.url), '../..');

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const limits = connectionLimits(opts.config.connections, opts.config.trustProxy);
  const app = Fastify({
    ...limits.fastifyOptions,
    logger: opts.logger ? { ...(opts.logger === true ? {} : opts.logger), redact: LOG_REDACT } : false,
    trustProxy: fastifyTrustProxy(opts.config.trustProxy),
    // Every JSON body the API takes fits in 1 MB; the few routes that take plans and CSV files
    // raise it for themselves, after sign-in and access checks have run (onRequest).
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  limits.attach(app.server, app.log);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Inside an audited write, the request's queries go to its transaction (plugins/audit.ts).
  app.decorate('db', auditedDb(opts.db));
  app.decorate('config', opts.config);
  app.decorate('fileStore', createFileStore(opts.config.fileStore));
  app.decorate(
    'publicViews',
    new PublicViewCache((id) => buildPublicView(opts.db, id), opts.config.publicViewTtlMs),
  );
  app.decorate(
    'clicks',
    new ClickRecorder(opts.db, app.log, opts.jwtSecret, {
      ...DEFAULT_CLICK_OPTIONS,
      perProjectHour: opts.config.clickLimitPerHour,
    }),
  );
  // A clean shutdown writes every queued click before the database closes.
  app.addHook('onClose', async () => app.clicks.flush());
  app.decorate('loginLimits', new LoginLimits(opts.db, opts.config.loginLimits));
  app.decorate('passwords', opts.passwords ?? argon2Passwords());
  app.decorate('interestForms', new InterestFormTokens(opts.jwtSecret));
  app.decorate('interestLimits', new InterestLimits(opts.db, opts.config.interestLimits));

  const webDist = path.join(repoRoot, 'apps/web/dist');
  const widgetDist = path.join(repoRoot, 'apps/widget/dist');
  const serveBuilds = opts.serveBuilds ?? opts.config.env !== 'test';
  const webIndex = path.join(webDist, 'index.html');
  const hasWeb = serveBuilds && fs.existsSync(webIndex);
  await app.register(errorsPlugin, {
    spaIndex: hasWeb ? fs.readFileSync(webIndex) : undefined,
  });
  await app.register(securityHeadersPlugin, { publicUrl: opts.config.publicUrl });
  await app.register(jsonCompressionPlugin);
  await app.register(urlInputPlugin);
  await app.register(storableInputPlugin);
  // Who may call a route, checked once (ADR 027): before the audit and the public view's
  // freshness, which read the project it checked.
  await app.register(accessPlugin);
  // Before the public view's freshness: an audited write commits before its cache is dropped.
  await app.register(auditPlugin, { db: opts.db });
  await app.register(publicViewFreshnessPlugin);
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, {
    limits: { fileSize: opts.config.maxUploadBytes, files: 1, fields: 10 },
  });
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
  await app.register(livePlugin);
  await app.register(outboxPlugin, { db: opts.db });

  await app.register(
    async (v1) => {
      await v1.register(authRoutes);
      // The project calls once per route-prefix context: /admin (admins only) and /client.
      await withContexts(v1, async (scoped, context) => {
        await scoped.register(projectRoutes, { context });
        await scoped.register(settingsRoutes);
        await scoped.register(apartmentRoutes);
        await scoped.register(fileRoutes);
        await scoped.register(projectStyleRoutes, { context });
        await scoped.register(interestRoutes);
        await scoped.register(releaseRoutes);
        await scoped.register(offerRoutes);
      });
      await inContext(v1, 'admin', async (admin) => {
        await admin.register(adminUserRoutes);
        await admin.register(projectAdminRoutes);
        await admin.register(fileAdminRoutes);
        await admin.register(sunStudyUploadRoutes);
        await admin.register(auditRoutes);
        await admin.register(mailLogRoutes);
        await admin.register(styleAdminRoutes);
      });
      await v1.register(buildingNumberRoutes);
      await v1.register(webhookRoutes);
      await v1.register(holdRoutes);
      await v1.register(publicViewRoutes);
      await v1.register(interestPublicRoutes);
      await v1.register(releasePublicRoutes);
      await v1.register(checkoutPublicRoutes, { secret: opts.jwtSecret });
      await v1.register(wishPublicRoutes);
      await v1.register(liveRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(
    async (v2) => {
      await v2.register(brokerListRoutes);
      await v2.register(brokerAssignRoutes);
      await v2.register(apartmentStatusRoutes);
      await v2.register(sunStudyRoutes);
      await v2.register(statisticsRoutes);
    },
    { prefix: '/api/v2' },
  );

  await app.register(publicFileRoutes);
  await app.register(sunStudyPublicRoutes);
  await app.register(interestPageRoutes);
  await app.register(releasePageRoutes);
  await app.register(offerPageRoutes, { secret: opts.jwtSecret });
  await app.register(wishPageRoutes);

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  // For load balancers and orchestrators: 200 while the database answers, else 503/507 in the envelope.
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await opts.db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  const widgetBuild =
    opts.widgetBuild ??
    (serveBuilds && fs.existsSync(path.join(widgetDist, 'index.html'))
      ? await loadWidgetBuild(widgetDist, app.log)
      : undefined);
  if (widgetBuild) await app.register(widgetPageRoutes, { build: widgetBuild });
  if (hasWeb) {
    await app.register(staticPlugin, {
      webDist,
      widgetDist: fs.existsSync(widgetDist) ? widgetDist : undefined,
    });
  }

  return app;
}
