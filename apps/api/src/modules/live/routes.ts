import { serverMessage } from '@planvy/shared';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectIdParams, z } from '../../lib/schemas';
import { HttpError, notFound } from '../../lib/http-error';
import { LiveHub } from './hub';
import { listenTo } from './listener';
import { LIVE_CHANNEL, type LivePayload } from './notify';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/**
 * This instance's live hub, fed by the database's notifications (ADR 015). Each event also
 * drops the project's cached public view, so a reload shows what the stream said.
 */
export const livePlugin = fp(async (app) => {
  const hub = new LiveHub(app.config.live, (projectId) => app.publicViews.invalidate(projectId));
  app.decorate('live', hub);
  const listening = await listenTo(
    app.db,
    LIVE_CHANNEL,
    (payload) => {
      try {
        hub.receive(JSON.parse(payload) as LivePayload);
      } catch (err) {
        app.log.error({ err }, 'live updates: unreadable notification');
      }
    },
    () => hub.gap(),
    app.log,
  );
  // Streams never end by themselves: end them first, so closing waits for nothing.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => listening.close());
});

/** v1: GET /public/view/{projectId}/events — server-sent events, no login. */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/view/:projectId/events',
    {
      schema: {
        tags: ['public'],
        summary: 'Live changes of the public view (server-sent events)',
        description:
          'text/event-stream. `apartments` events carry the changed apartments ({ id, status, inactive, price, fee }); ' +
          '`view` says to refetch GET /public/view/{projectId} with If-None-Match (sent first, with the current ETag, ' +
          'and whenever changes cannot be listed). Comment lines every 20 s keep the stream open. A reconnect with ' +
          'Last-Event-ID replays what was missed when this instance still remembers it. ' +
          `At most ${app.config.live.streamsPerIp} streams per client address, an IPv6 /64 counting as one (429).`,
        params: projectIdParams,
        headers: z.object({ 'last-event-id': z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { projectId } = request.params;
      if (!app.live.accepting) throw new HttpError(503, serverMessage('shuttingDown'));
      if (!app.live.canOpen(request.ip)) {
        reply.header('retry-after', '30');
        throw new HttpError(
          429,
          'Too many live views from this address; the view updates by polling instead',
        );
      }
      const mark = app.live.mark();
      const view = await app.publicViews.get(projectId);
      if (!view) throw notFound('Project');
      const lastEventId = request.headers['last-event-id'];
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: proxies must not compress or hold back the stream.
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
      });
      reply.raw.socket?.setNoDelay(true);
      app.live.open(reply.raw, projectId, request.ip, lastEventId, { etag: view.etag, mark });
    },
  );
};
