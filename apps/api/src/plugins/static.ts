import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendEncoded, varyOnEncoding } from '../lib/encoding';
import { IMMUTABLE, redirectQueryToCanonical } from '../lib/immutable-urls';

/**
 * Serves the built admin SPA, the widget's assets and embed.js (the widget's page is
 * modules/widget-page); the errors plugin's not-found handler answers client-side routes
 * with the SPA's index.html.
 * Hashed assets are cached for a year (and a query string on them is redirected away); HTML
 * is always revalidated.
 */
export async function staticPlugin(app: FastifyInstance, opts: { webDist: string; widgetDist?: string }) {
  const hashedAsset = /^\/(widget\/)?assets\//;
  app.addHook('onRequest', async (request, reply) => {
    if (hashedAsset.test(request.url)) return redirectQueryToCanonical(request, reply);
  });

  await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (scripts/vite-precompress.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
    },
  });

  if (opts.widgetDist) {
    const embedFile = path.join(opts.widgetDist, 'embed.js');
    const embedJs = fs.existsSync(embedFile) ? fs.readFileSync(embedFile) : undefined;
    if (embedJs) {
      const etag = `"${createHash('sha1').update(embedJs).digest('base64url')}"`;
      // Loaded by <script src> from any site: a stable name, short cache, readable cross-origin.
      app.get('/embed.js', { schema: { hide: true } }, (request, reply) => {
        reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .header('access-control-allow-origin', '*')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('x-content-type-options', 'nosniff')
          .header('etag', etag);
        varyOnEncoding(reply);
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return sendEncoded(request, reply, embedJs);
      });
    }

    await app.register(fastifyStatic, {
      root: opts.widgetDist,
      prefix: '/widget/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      // The server renderer (dist/server/, loaded by the API) is not a public asset.
      allowedPath: (pathName) => !pathName.startsWith('/server/'),
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'public, max-age=300',
        );
      },
    });
  }
}
