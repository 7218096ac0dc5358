import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/http-error';
import { parseId } from '../../lib/schemas';
import { assertProjectVisible } from './service';

/**
 * onRequest hook (after sign-in) for routes that name a project in the path. For a
 * non-admin it answers 404 for a project they do not reach (and, with `adminOnly`, 403
 * for one they do) before the body is read: the answer never depends on what was sent,
 * and nobody makes the server buffer a body for a project they may not change.
 * The services check again; this only fixes the order of the answers.
 */
export function projectAccessHook(
  app: FastifyInstance,
  param: 'id' | 'projectId',
  opts: { adminOnly?: string } = {},
) {
  return async (request: FastifyRequest) => {
    if (request.auth.role === 'admin') return;
    const id = parseId((request.params as Record<string, unknown>)[param]);
    // Not an id: answered 404 before the body is read (plugins/url-input.ts).
    if (id === undefined) return;
    await assertProjectVisible(app.db, request.auth, id);
    if (opts.adminOnly) throw forbidden(opts.adminOnly);
  };
}
