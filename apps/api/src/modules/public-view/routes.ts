import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clickBodySchema, projectIdParams, publicViewSchema, z, type PublicView } from '../../lib/schemas';
import { notFound } from '../../lib/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    publicViews: import('./service').PublicViewCache;
    clicks: import('./click-recorder').ClickRecorder;
  }
}

/** v1: /public/view/{projectId} — no login; what the widget needs and nothing more. */
export const publicViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/view/:projectId',
    {
      schema: {
        tags: ['public'],
        summary: 'Everything the public widget shows for a project (cacheable, ETag)',
        params: projectIdParams,
        response: { 200: publicViewSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const view = await app.publicViews.get(request.params.projectId);
      if (!view) throw notFound('Project');
      reply
        .header('etag', view.etag)
        .header('cache-control', 'public, max-age=5, stale-while-revalidate=10')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === view.etag) return reply.status(304).send(null);
      // The cached body is already-serialised JSON; Fastify sends a Buffer as it is.
      return reply.type('application/json; charset=utf-8').send(view.body as unknown as PublicView);
    },
  );

  app.post(
    '/public/view/:projectId/click',
    {
      schema: {
        tags: ['public'],
        summary: 'Record that a visitor opened an apartment',
        description:
          'Counted once per visitor and apartment within 10 minutes; no cookies, nothing personal stored.',
        params: projectIdParams,
        body: clickBodySchema,
        response: { 202: z.object({ counted: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const visitor = app.clicks.visitor(request.ip, request.headers['user-agent'] ?? '');
      const counted = app.clicks.record(request.params.projectId, request.body.apartment_id, visitor);
      return reply.status(202).send({ counted });
    },
  );
};
