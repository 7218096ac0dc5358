import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built admin SPA and the widget; the errors plugin's not-found handler
 * answers client-side routes with the SPA's index.html.
 * Hashed assets are cached for a year; HTML is always revalidated.
 */
export async function staticPlugin(app: FastifyInstance, opts: { webDist: string; widgetDist?: string }) {
  await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });

  if (opts.widgetDist) {
    const widgetIndex = fs.readFileSync(path.join(opts.widgetDist, 'index.html'));
    app.get('/view/:projectId', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(widgetIndex),
    );
    await app.register(fastifyStatic, {
      root: opts.widgetDist,
      prefix: '/widget/',
      decorateReply: false,
      index: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=3600');
      },
    });
  }
}
