import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built admin SPA (with index.html for client-side routes) and the widget.
 * Hashed assets are cached for a year; HTML is always revalidated.
 */
export async function staticPlugin(app: FastifyInstance, opts: { webDist: string; widgetDist?: string }) {
  const index = fs.readFileSync(path.join(opts.webDist, 'index.html'));

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

  // Any other GET that is not an API or file URL is a client-side route of the SPA.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method === 'GET' && !url.startsWith('/api/') && !path.extname(url)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
    }
    return reply.status(404).send({
      message: `Route ${request.method} ${url} not found`,
      errors: {},
      status_code: 404,
    });
  });
}
