import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The public widget page is embedded on other sites, so it may be framed by anyone
 * (frame-ancestors *, no X-Frame-Options), but runs only its own script, talks only to
 * this server and sets no cookies. Inline styles stay allowed: the plan SVG carries
 * style attributes and the widget writes the project's colours into a <style> element.
 */
export const WIDGET_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self'",
  "font-src 'self' data:",
  "connect-src 'self'",
  'frame-ancestors *',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Which plan the widget shows first (the deep-linked apartment's, else the first one),
 * read from the cached view body and remembered per ETag so the JSON is parsed once
 * per change, not once per page view.
 */
class PlanHints {
  private readonly byEtag = new Map<string, { first: string | null; byApartment: Map<string, string> }>();

  firstPlan(view: { body: Buffer; etag: string }, apartment: string | undefined): string | null {
    let hint = this.byEtag.get(view.etag);
    if (!hint) {
      const parsed = JSON.parse(view.body.toString('utf8')) as {
        plans: { name: string; url: string }[];
        apartments: { id: number; plans: string[] }[];
      };
      const urls = new Map(parsed.plans.map((p) => [p.name, p.url]));
      const byApartment = new Map<string, string>();
      for (const a of parsed.apartments) {
        const url = a.plans.map((name) => urls.get(name)).find(Boolean);
        if (url) byApartment.set(String(a.id), url);
      }
      hint = { first: parsed.plans[0]?.url ?? null, byApartment };
      if (this.byEtag.size > 1000) this.byEtag.clear();
      this.byEtag.set(view.etag, hint);
    }
    return (apartment ? hint.byApartment.get(apartment) : undefined) ?? hint.first;
  }
}

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
    const hints = new PlanHints();
    /** The widget's page with the widget's own headers; the script shows "not found" itself. */
    const sendWidget = (reply: FastifyReply, status: number, link?: string) => {
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', WIDGET_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'strict-origin-when-cross-origin');
      if (link) reply.header('link', link);
      return reply.send(widgetIndex);
    };
    app.get<{ Params: { projectId: string }; Querystring: { apartment?: string } }>(
      '/view/:projectId',
      { schema: { hide: true }, config: { anyParams: true } },
      async (request, reply) => {
        const { projectId } = request.params;
        if (!/^\d{1,10}$/.test(projectId) || !(Number(projectId) > 0 && Number(projectId) <= 2147483647))
          return sendWidget(reply, 404);
        // The page never waits for the database. When the view is already in memory, the
        // plan the widget shows first is announced as well; otherwise this starts building
        // the view, and the widget's (preloaded) request shares that work.
        const lookup = app.publicViews.get(Number(projectId)).catch(() => undefined);
        const view = await Promise.race([
          lookup,
          new Promise<'pending'>((r) => setImmediate(() => r('pending'))),
        ]);
        const preload = [`</api/v1/public/view/${projectId}>; rel=preload; as=fetch; crossorigin`];
        const plan = view && view !== 'pending' ? hints.firstPlan(view, request.query.apartment) : null;
        // Plan URLs are already percent-encoded; anything else is not put in a header.
        if (plan && /^\/projects\/[\w%.~!*'()-]+\/[\w%.~!*'()-]+$/.test(plan)) {
          preload.push(`<${plan}>; rel=preload; as=fetch; crossorigin`);
        }
        return sendWidget(reply, 200, preload.join(', '));
      },
    );
    // Anything else under /view is a project that does not exist, shown as the widget shows it.
    app.get('/view', { schema: { hide: true } }, (_request, reply) => sendWidget(reply, 404));
    app.get('/view/*', { schema: { hide: true }, config: { anyParams: true } }, (_request, reply) => sendWidget(reply, 404));

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
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.send(embedJs);
      });
    }

    await app.register(fastifyStatic, {
      root: opts.widgetDist,
      prefix: '/widget/',
      decorateReply: false,
      index: false,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300',
        );
      },
    });
  }
}
