import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The admin app: own scripts only, Mantine's runtime styles, never framed. */
const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * Headers every response gets, and a strict policy for the admin app's HTML. The
 * widget page (/view/…) and stored files set their own policies, since they are
 * embedded elsewhere.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    const url = request.url;
    if (
      type.startsWith('text/html') &&
      !url.startsWith('/view/') &&
      !reply.hasHeader('content-security-policy')
    ) {
      reply.header('content-security-policy', ADMIN_CSP);
      reply.header('x-frame-options', 'DENY');
    }
  });
});
