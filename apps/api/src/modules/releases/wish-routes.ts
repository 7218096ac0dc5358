import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idField, isErrorCode, languageOf, wishesUpdateSchema, z } from '../../lib/schemas';
import { HttpError } from '../../lib/http-error';
import { fromHandler } from '../../plugins/public-view-freshness';
import { numbers, orRefused, reorder, tokenForm } from '../interest/pages';
import { jsonOnly, langQuery, mineResponse } from '../interest/routes';
import * as interest from '../interest/service';

/**
 * A buyer's ranked wishes in a release from Min sida (ADR 041): the JSON call, and the plain
 * page's buttons (each a form post, then back to the page). The token is the key, as for the
 * rest of Min sida; a change mails a receipt, and drops the public view when the release shows
 * its demand.
 */

const releaseParams = z.object({ releaseId: idField });

/** v1 public: PUT /public/interest/me/releases/{releaseId}/wishes. */
export const wishPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/public/interest/me/releases/:releaseId/wishes',
    {
      onRequest: jsonOnly,
      bodyLimit: 2048,
      config: { publicView: fromHandler },
      schema: {
        tags: ['interest'],
        summary: 'My page: my ranked wishes in a release (first choice first), while it takes wishes',
        description:
          'A confirmed registration only. Apartments of that release, at most its max_wishes, none twice; ' +
          'refused with 409 (code wishesClosed) outside the wish window or while the release is paused. ' +
          'A receipt listing the wishes in order is mailed after every change.',
        params: releaseParams,
        body: wishesUpdateSchema,
        querystring: langQuery,
        response: { 200: mineResponse },
      },
    },
    async (request) => {
      const { mine, demandChanged } = await interest.updateMyWishes(
        app.db,
        request.body.token,
        request.params.releaseId,
        request.body.wishes,
        request.query.lang,
      );
      if (demandChanged) request.publicViewProject = mine.project.id;
      return mine;
    },
  );
};

const wishForm = tokenForm.extend({
  release: z.string().max(20).default(''),
  wishes: z.string().max(200).default(''),
  op: z.string().max(40).default(''),
  add: z.string().max(20).optional(),
  proposed: z.string().max(200).optional(),
});

/** Refusals of the wishes themselves (not of the token): the page says so and keeps the list. */
const WISH_CODES = new Set([
  'wishesClosed',
  'wishesTooMany',
  'wishNotInRelease',
  'wishReleaseUnknown',
  'invalid',
]);

/** POST /interest/my/wishes: Min sida's up/down/remove/add buttons and "save these wishes". */
export const wishPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/interest/my/wishes',
    {
      bodyLimit: 4096,
      config: { publicView: fromHandler },
      schema: { hide: true, body: wishForm },
    },
    async (request, reply) => {
      const b = request.body;
      const lang = languageOf(b.lang);
      const releaseId = numbers(b.release)[0] ?? 0;
      const back = (done: string) =>
        reply.redirect(
          `/interest/my?token=${encodeURIComponent(b.token)}&lang=${lang}&done=${done}#release-${releaseId}`,
          303,
        );
      const next =
        b.op === 'apply'
          ? [...new Set(numbers(b.proposed))]
          : reorder([...new Set(numbers(b.wishes))], b.op, b.op === 'add' ? numbers(b.add)[0] : undefined);
      return orRefused(reply, lang, async () => {
        try {
          const { mine, demandChanged } = await interest.updateMyWishes(
            app.db,
            b.token,
            releaseId,
            next,
            lang,
          );
          if (demandChanged) request.publicViewProject = mine.project.id;
          return back('wishesSaved');
        } catch (err) {
          const code = err instanceof HttpError && typeof err.sent === 'object' ? err.sent.code : undefined;
          if (isErrorCode(code) && WISH_CODES.has(code))
            return back(code === 'wishesClosed' ? 'wishesClosed' : 'wishesRefused');
          throw err;
        }
      });
    },
  );
};
