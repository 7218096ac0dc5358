import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { checkedProjectId } from './access';

/**
 * The public view's cache (app.publicViews) has one owner: every write route says what it
 * does to what the widget shows, in its route config, and this plugin invalidates the
 * project's cached view once the write has succeeded, before the answer leaves. A route
 * that writes and says nothing is caught by a test (public-view-freshness.test.ts reads
 * `app.publicViewWriters`), so a new writer cannot forget.
 *
 *   config: { publicView: false }                       // never changes the widget (users, login)
 *   config: { publicView: fromParam('projectId') }      // changes that project's view
 *   config: { publicView: checkedProjectView }         // the project the access hook checked (plugins/access.ts)
 *   config: { publicView: fromHandler }                // the handler sets request.publicViewProject when
 *                                                      // it changed a view (known only from the data, e.g. a token)
 */
export type ProjectLookup = (
  request: FastifyRequest,
  app: FastifyInstance,
) => number | undefined | Promise<number | undefined>;

export type PublicViewEffect = false | ProjectLookup;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What this route does to the public widget's view (see plugins/public-view-freshness.ts). */
    publicView?: PublicViewEffect;
  }
  interface FastifyRequest {
    publicViewProject?: number;
  }
  interface FastifyInstance {
    /** Every route that writes, with what it declared (read by the test that keeps them honest). */
    publicViewWriters: { method: string; url: string; publicView: PublicViewEffect | undefined }[];
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The project is a route parameter. */
export const fromParam =
  (name: string): ProjectLookup =>
  (request) =>
    positive((request.params as Record<string, unknown> | undefined)?.[name]);

/** Decided by the handler: it sets `request.publicViewProject` once it knows the view changed. */
export const fromHandler: ProjectLookup = () => undefined;

/** The project the access hook checked: of the row the path names, or named in the body (v2 routes). */
export const checkedProjectView: ProjectLookup = (request) => checkedProjectId(request);

export const publicViewFreshnessPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('publicViewWriters', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (READS.has(method)) continue;
      app.publicViewWriters.push({ method, url: route.url, publicView: route.config?.publicView });
    }
  });
  app.addHook('preHandler', async (request) => {
    const effect = request.routeOptions.config.publicView;
    if (typeof effect === 'function') request.publicViewProject = await effect(request, app);
  });
  app.addHook('onSend', async (request, reply) => {
    const projectId = request.publicViewProject;
    if (projectId !== undefined && reply.statusCode < 400) app.publicViews.invalidate(projectId);
  });
});
