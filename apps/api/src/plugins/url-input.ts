import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

/** What a route's compiled zod validator (fastify-type-provider-zod) answers. */
type Validate = (input: unknown) => { value?: unknown; error?: unknown[] };

/**
 * The path and query are checked against the route's own params and querystring schemas
 * before the body is read, so a request that names nothing is refused without making the
 * server take in its body (ADR 021). Ids are `idField` in those schemas, so `1e0`, `+1`,
 * `0x1`, `1.0`, `01` and out-of-range numbers are refused here on every route at once.
 * A bad path is 404 (no such thing can exist), a bad query a 422 naming the field, as for
 * text that cannot be stored (storable-input.ts). It runs in preParsing: after the route's
 * sign-in and access checks (onRequest), so an anonymous caller still gets 401 first, and
 * before any byte of the body is read. Validation proper runs again later, as ever.
 */
export const urlInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preParsing', async (request: FastifyRequest, _reply, payload) => {
    const params = request.getValidationFunction('params') as unknown as Validate | undefined;
    if (params?.(request.params).error) throw new HttpError(404, 'Not found');
    const query = request.getValidationFunction('querystring') as unknown as Validate | undefined;
    const error = query?.(request.query).error;
    if (error) {
      // The shape Fastify gives a failed validation, so the error handler words it as usual.
      throw Object.assign(new Error('querystring validation failed'), {
        statusCode: 422,
        validation: error,
        validationContext: 'querystring',
      });
    }
    return payload;
  });
});
