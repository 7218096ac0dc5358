import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  checkoutRequestSchema,
  excelCsv,
  idParams,
  languageOf,
  releaseConsoleSchema,
  releaseOfferResponseSchema,
  z,
  type Language,
} from '../../lib/schemas';
import { HttpError } from '../../lib/http-error';
import { checkedRow } from '../../plugins/access';
import { checkedProjectView } from '../../plugins/public-view-freshness';
import { holdConfig } from '../holds/service';
import { byPageToken } from '../interest/service';
import { CheckoutLimits, CheckoutLinks, confirmCheckout, openCheckouts, requestCheckout } from './checkout';
import * as offers from './offers';

const tags = ['releases'];
const releaseParams = z.object({ id: idParams.shape.id });
const offerParams = releaseParams.extend({ offerId: idParams.shape.id });
const langQuery = z.object({ lang: z.enum(['sv', 'en']).default('sv') });

/** /{admin|client}/releases/:id/…: the launch console and answering offers for a buyer (ADR 042). */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const cfg = holdConfig(app.config);

  app.get(
    '/releases/:id/console',
    {
      config: { access: { action: 'release.console.read', row: 'release' } },
      schema: {
        tags,
        summary:
          "The launch console: the release's counters, offers, and per home its status and who is next in line",
        description: 'One call, a few queries: the console polls it every few seconds.',
        security: bearer,
        params: releaseParams,
        response: { 200: releaseConsoleSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return offers.cachedConsole(app.db, checkedRow(request, 'release'));
    },
  );

  app.get(
    '/releases/:id/console/export',
    {
      config: {
        access: { action: 'release.console.read', row: 'release' },
        audit: { entity: 'release_offer', action: 'export', id: null },
      },
      schema: {
        tags,
        summary: "The console's offers and homes as a CSV file for Excel (formula-safe)",
        description: 'UTF-16LE with a BOM, tab-separated, as the other exports.',
        security: bearer,
        params: releaseParams,
        querystring: langQuery,
      },
    },
    async (request, reply) => {
      const release = checkedRow(request, 'release');
      const data = await offers.releaseConsole(app.db, release);
      const lang = request.query.lang;
      const filename = `${lang === 'en' ? 'release' : 'saljstart'}-${release.id}.csv`;
      return reply
        .type('text/csv; charset=utf-16le')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(excelCsv(offers.consoleCsvRows(data, lang)));
    },
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/releases/:id/offers/:offerId/${answer}`,
      {
        // Once the answer is committed and sent: the next console read is a fresh one.
        onResponse: async (request) => offers.forgetConsole(request.params.id),
        config: {
          access: { action: 'release.offers.work', row: 'release' },
          // Accepting reserves the home; declining after the flip puts it on sale.
          publicView: checkedProjectView,
          audit: {
            entity: 'release_offer',
            action: answer,
            id: 'param:offerId',
            detail: (r) => ({ release_id: (r.params as { id: string }).id }),
          },
        },
        schema: {
          tags,
          summary:
            answer === 'accept'
              ? 'Accept a pending offer for the buyer (on the phone): the home is reserved for them'
              : 'Decline a pending offer for the buyer: the home passes to the next in line at once',
          description: '409 when the offer has been answered or has run out.',
          security: bearer,
          params: offerParams,
          response: { 200: releaseOfferResponseSchema },
        },
      },
      async (request) => ({
        offer: await offers.answerOffer(
          app.db,
          checkedRow(request, 'release').id,
          request.params.offerId,
          answer,
          request.auth,
          cfg,
        ),
      }),
    );
  }
};

/** v1 public: a first-come buyer asks for the one-time link that reserves a home (ADR 042). */
export const checkoutPublicRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const links = new CheckoutLinks(opts.secret);
  const limits = new CheckoutLimits(app.db);
  app.get(
    '/public/view/:projectId/checkout',
    {
      schema: {
        tags,
        summary: "The project's releases that take checkout holds now (public first come), with their homes",
        params: z.object({ projectId: idParams.shape.id }),
        response: {
          200: z.object({
            releases: z.array(
              z.object({
                id: z.number().int(),
                checkout_minutes: z.number().int(),
                apartment_ids: z.array(z.number().int()),
              }),
            ),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=5');
      return { releases: await openCheckouts(app.db, request.params.projectId) };
    },
  );
  app.post(
    '/public/view/:projectId/releases/:releaseId/checkout',
    {
      bodyLimit: 4096,
      config: { publicView: false },
      schema: {
        tags,
        summary: 'Ask to reserve a home of a public first-come release: mails a one-time link',
        description:
          'Answers 202 when the link is on its way. 404 when the release does not take reservations now; 409 when the home is already reserved or not for sale.',
        params: z.object({ projectId: idParams.shape.id, releaseId: idParams.shape.id }),
        body: checkoutRequestSchema,
        response: { 202: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await requestCheckout(app.db, request.params.projectId, request.params.releaseId, request.body, {
        links,
        limits,
        appUrl: app.config.appUrl,
        ip: request.ip,
      });
      reply.status(202);
      return { sent: true as const };
    },
  );
};

const PAGE = {
  sv: {
    title: 'Reservera bostaden',
    text: 'Tryck på knappen för att reservera bostaden åt dig.',
    button: 'Reservera',
    done: 'är reserverad åt dig till',
    refused: 'Länken har gått ut, har redan använts eller så hann någon före. Be om en ny länk i visningen.',
  },
  en: {
    title: 'Reserve the home',
    text: 'Press the button to reserve the home for you.',
    button: 'Reserve',
    done: 'is reserved for you until',
    refused: 'This link has expired or been used, or someone was first. Ask for a new link in the viewer.',
  },
} as const;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(reply: FastifyReply, lang: Language, body: string, status = 200) {
  return reply
    .status(status)
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${esc(PAGE[lang].title)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;min-height:44px;background:#1c5fb8;color:#fff;border:0;border-radius:6px;padding:.5rem 1rem}</style></head>` +
        `<body><main>${body}</main></body></html>`,
    );
}

const tokenForm = z.object({
  token: z.string().max(1000).default(''),
  lang: z.string().optional(),
});

/**
 * The buyer's pages: the checkout link's confirmation (a button, so a mail scanner that opens
 * the link reserves nothing) and the answer to an offer from Min sida (interest pages, ADR 036).
 */
export const offerPageRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const cfg = holdConfig(app.config);
  const links = new CheckoutLinks(opts.secret);
  const hide = { hide: true };

  app.get('/checkout/confirm', { schema: { ...hide, querystring: tokenForm } }, async (request, reply) => {
    const facts = links.check(request.query.token);
    const lang = facts?.l ?? languageOf(request.query.lang);
    const t = PAGE[lang];
    if (!facts) return page(reply, lang, `<p role="alert">${esc(t.refused)}</p>`, 410);
    return page(
      reply,
      lang,
      `<h1>${esc(t.title)}</h1><p>${esc(t.text)}</p><form method="post" action="/checkout/confirm">` +
        `<input type="hidden" name="token" value="${esc(request.query.token)}"><button>${esc(t.button)}</button></form>`,
    );
  });

  app.post(
    '/checkout/confirm',
    { bodyLimit: 4096, config: { publicView: false }, schema: { ...hide, body: tokenForm } },
    async (request, reply) => {
      const lang = links.check(request.body.token)?.l ?? languageOf(request.body.lang);
      try {
        const done = await confirmCheckout(app.db, links, request.body.token, cfg);
        return page(
          reply,
          done.lang,
          `<p role="status"><strong>${esc(done.bostad)}</strong> ${esc(PAGE[done.lang].done)} ${esc(done.until)}.</p>`,
        );
      } catch (err) {
        if (err instanceof HttpError && [404, 409, 410].includes(err.statusCode)) {
          return page(reply, lang, `<p role="alert">${esc(PAGE[lang].refused)}</p>`, err.statusCode);
        }
        throw err;
      }
    },
  );

  app.post(
    '/interest/my/offer',
    {
      bodyLimit: 2048,
      config: { publicView: false },
      schema: {
        ...hide,
        body: tokenForm.extend({
          offer_id: z.coerce.number().int().positive(),
          op: z.enum(['accept', 'decline']),
        }),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const lang = languageOf(b.lang);
      const entry = await app.db.transaction((tx) => byPageToken(tx, b.token)).catch(() => undefined);
      const back = `/interest/my?token=${encodeURIComponent(b.token)}&lang=${lang}`;
      if (!entry) return reply.redirect(back, 303);
      const [row] = await offers.listOffers(app.db, { id: b.offer_id });
      if (!row || row.offer.entry_id !== entry.id) return reply.redirect(back, 303);
      try {
        await offers.answerOffer(app.db, row.offer.release_id, row.offer.id, b.op, null, cfg, {
          entryId: entry.id,
          route: 'POST /interest/my/offer',
        });
      } catch (err) {
        // An offer answered or run out meanwhile: the page shows how it stands.
        if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
      }
      return reply.redirect(`${back}#offers`, 303);
    },
  );
};
