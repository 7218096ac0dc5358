import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { sendEncoded, varyOnEncoding } from '../../lib/encoding';
import { parseId } from '../../lib/schemas';
import { visitorNetwork } from '../public-view/click-recorder';
import { sanitizeSvg } from '../files/svg-sanitize';
import { readMarkupTagByName } from '../files/repository';
import { readPublicFile } from '../files/service';
import type { WidgetBuild } from './renderer';
import { PlanMarkupMemo, WidgetPages } from './service';

/**
 * The public widget page is embedded on other sites, so it may be framed by anyone
 * (frame-ancestors *, no X-Frame-Options), but runs only its own script, talks only to
 * this server and sets no cookies. No inline script runs: the view inlined in the page is a
 * JSON data block, which is never executed. Inline styles stay allowed: the plan SVG carries
 * style attributes, and the page carries the status colours and the project's look.
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
 * A rendered page may be shown for up to a minute after it changed (at once, while the browser
 * or a CDN fetches the new one): the script's live stream starts from the ETag inlined in the
 * page and catches it up within seconds (ADR 015, 016). After that it is revalidated (a 304
 * when nothing changed).
 */
export const WIDGET_PAGE_CACHE = 'public, max-age=0, stale-while-revalidate=60';

/**
 * Which plan the unrendered page's script shows first (the deep-linked apartment's, else the
 * first one), read from the cached view body and remembered per ETag, for a preload hint.
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

/** /view/{projectId}: the widget's page, server-rendered when the widget's server bundle is built. */
export async function widgetPageRoutes(app: FastifyInstance, opts: { build: WidgetBuild }) {
  const { template, renderer } = opts.build;
  const unrendered = Buffer.from(template);
  const pages = renderer ? new WidgetPages(renderer, opts.build.renderTemplate ?? template) : null;
  const hints = new PlanHints();
  // Every distinct query (a filter, a price bound) is a page of its own, rendered once and then
  // cached. A client that keeps asking for new ones gets the unrendered page past a budget,
  // which its script draws itself: a flood of made-up URLs cannot keep the server rendering.
  const renders = new RateLimiterMemory({ points: app.config.widgetRendersPerMinute, duration: 60 });
  const mayRender = (request: FastifyRequest) =>
    renders.consume(visitorNetwork(request.ip)).then(
      () => true,
      () => false,
    );

  const widgetHeaders = (reply: FastifyReply, status: number) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', WIDGET_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin');
  /** The page without server rendering: the script fetches the view and shows "not found" itself. */
  const sendUnrendered = (reply: FastifyReply, status: number, link?: string) => {
    widgetHeaders(reply, status).header('cache-control', 'no-cache');
    if (link) reply.header('link', link);
    return reply.send(unrendered);
  };

  /**
   * Stored plans are sanitised on every save; this runs the server's sanitiser once more, as
   * the browser guard would, once per version of the plan (its ETag).
   */
  const plans = new PlanMarkupMemo();
  const planMarkup = (projectId: number) => async (name: string) => {
    const tag = await readMarkupTagByName(app.db, projectId, name);
    if (!tag) return null;
    return plans.get(tag.etag, async () => {
      const file = await readPublicFile(app.db, projectId, name);
      if (!file || file.kind !== 'svg') return null;
      try {
        return sanitizeSvg(file.bytes.toString('utf8')).svg;
      } catch {
        return null;
      }
    });
  };

  /** Today's unrendered page, with the view (and, once known, the first plan) announced for preloading. */
  const sendWithHints = async (
    request: FastifyRequest<{ Querystring: { apartment?: string } }>,
    reply: FastifyReply,
    projectId: number,
  ) => {
    // The page never waits for the database. When the view is already in memory, the plan the
    // widget shows first is announced as well; otherwise this starts building the view, and the
    // widget's (preloaded) request shares that work.
    const lookup = app.publicViews.get(projectId).catch(() => undefined);
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
    return sendUnrendered(reply, 200, preload.join(', '));
  };

  /**
   * A project that does not exist: a small page in the widget's design, without script, in the
   * language the address or the browser asks for (issue 20); without the server bundle, the
   * page whose script says so.
   */
  const sendNotFound = (request: FastifyRequest, reply: FastifyReply) => {
    if (!renderer) return sendUnrendered(reply, 404);
    const q = request.url.indexOf('?');
    const search = q < 0 ? '' : request.url.slice(q);
    widgetHeaders(reply, 404).header('cache-control', 'no-cache');
    if (!new URLSearchParams(search).has('lang')) reply.header('vary', 'Accept-Language');
    return reply.send(
      renderer.renderNotFound({ template, search, acceptLanguage: request.headers['accept-language'] }),
    );
  };

  app.get<{ Params: { projectId: string }; Querystring: { apartment?: string } }>(
    '/view/:projectId',
    { schema: { hide: true }, config: { anyParams: true } },
    async (request, reply) => {
      const projectId = parseId(request.params.projectId);
      if (projectId === undefined) return sendNotFound(request, reply);
      if (!pages) return sendWithHints(request, reply, projectId);
      const view = await app.publicViews.get(projectId);
      if (!view) return sendNotFound(request, reply);
      const q = request.url.indexOf('?');
      const pageRequest = {
        projectId,
        view,
        search: q < 0 ? '' : request.url.slice(q),
        planMarkup: planMarkup(projectId),
      };
      if (!pages.has(pageRequest) && !(await mayRender(request))) return sendUnrendered(reply, 200);
      let page;
      try {
        page = await pages.page(pageRequest);
      } catch (err) {
        // The script can still draw everything from the API.
        request.log.error({ err }, 'widget page: server rendering failed');
        return sendUnrendered(reply, 200);
      }
      // The page depends on the URL alone (path and query); only its encoding varies.
      widgetHeaders(reply, 200).header('cache-control', WIDGET_PAGE_CACHE).header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) {
        varyOnEncoding(reply);
        return reply.status(304).send();
      }
      return sendEncoded(request, reply, page.html);
    },
  );
  // Anything else under /view is a project that does not exist.
  app.get('/view', { schema: { hide: true } }, sendNotFound);
  app.get('/view/*', { schema: { hide: true }, config: { anyParams: true } }, sendNotFound);
}
