import { serverMessage } from '@planvy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';
import { findUnstorable, UNSTORABLE_MESSAGE } from '../lib/storable-text';

/**
 * One check for every route, so no handler, schema or repository has to remember it:
 * text PostgreSQL cannot store (NUL, unpaired surrogates) in a path is a 404 (no such
 * thing can exist), in the query or body a 422 naming the field. It runs in
 * preValidation, after the route's own sign-in and access checks (onRequest), so an
 * anonymous caller still gets 401 and a project they cannot reach still 404.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers any path itself (the widget page); its params are never stored. */
    anyParams?: boolean;
  }
}

export const storableInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.routeOptions.config.anyParams) return;
    if (findUnstorable(request.params) !== undefined) throw new HttpError(404, 'Not found');
    for (const [part, value] of [
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = findUnstorable(value);
      if (field !== undefined) {
        const key = field === '' ? part : field;
        throw new HttpError(422, serverMessage('invalid', { detail: UNSTORABLE_MESSAGE.message }), {
          [key]: [UNSTORABLE_MESSAGE],
        });
      }
    }
  });
});
