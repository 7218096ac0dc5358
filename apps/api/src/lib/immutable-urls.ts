import type { FastifyReply, FastifyRequest } from 'fastify';

/** For URLs whose bytes never change (content-hashed names): a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * onRequest for immutable URLs. A CDN or browser cache keys on the whole URL, so a query
 * string (`?v=2`, `?utm_source=…`, or a random one to get past the cache) would make it keep
 * another copy and send every new one to the server. None of these URLs takes a query: such a
 * request is answered with a cacheable 301 to the URL without it, before anything is looked up.
 */
export async function redirectQueryToCanonical(request: FastifyRequest, reply: FastifyReply) {
  const at = request.url.indexOf('?');
  if (at === -1) return;
  // One leading slash, so the target can never read as another host (//host/…).
  const canonical = request.url.slice(0, at).replace(/^\/+/, '/');
  return reply.header('cache-control', 'public, max-age=86400').redirect(canonical, 301);
}
