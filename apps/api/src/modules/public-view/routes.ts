import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clickBodySchema, projectIdParams, publicViewSchema, z } from '../../lib/schemas';
import { sendEncoded } from '../../lib/encoding';
import { HttpError, notFound } from '../../lib/http-error';

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
        // Revalidated on every load (a 304 from memory while nothing changed): every write that
        // changes the view drops the server's copy, so a buyer's reload shows it at once.
        .header('cache-control', 'public, no-cache')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === view.etag) return reply.status(304).send(null);
      // The cached body is already-serialised JSON, sent as it is or compressed once per version.
      return sendEncoded(request, reply.type('application/json; charset=utf-8'), view.body);
    },
  );

  app.post(
    '/public/view/:projectId/click',
    {
      // Only JSON: a form or text/plain post is what another site can send from a visitor's
      // browser without asking (a "simple" cross-site request), so it is refused unread.
      onRequest: async (request) => {
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/json') {
          throw new HttpError(415, 'Send the click as application/json');
        }
      },
      bodyLimit: 1024,
      config: { publicView: false },
      schema: {
        tags: ['public'],
        summary: 'Record that a visitor opened an apartment',
        description:
          'JSON only (415 otherwise). Counted once per visitor and apartment within 10 minutes, and at most ' +
          `${app.config.clickLimitPerHour} times per visitor and project per hour, whatever the User-Agent; ` +
          'an apartment of another project, or an unknown project, is never counted. No cookies, nothing personal stored.',
        params: projectIdParams,
        body: clickBodySchema,
        response: { 202: z.object({ counted: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const { projectId } = request.params;
      const apartmentId = request.body.apartment_id;
      // Decided now, from the cached public view: no query for a project or apartment that is not there.
      const view = await app.publicViews.get(projectId);
      const counted =
        view !== undefined &&
        view.apartmentIds.has(apartmentId) &&
        (await app.clicks.record(projectId, apartmentId, request.ip));
      return reply.status(202).send({ counted });
    },
  );
};
