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

/** A year; no includeSubDomains, since other hosts under the same domain are not ours to decide. */
const HSTS = 'max-age=31536000';

/**
 * Headers every response gets, and a strict policy for every HTML answer that does not
 * bring its own: the admin app, its client-side routes (the SPA fallback) and anything
 * else. Only the widget page (/view/…) and stored files set their own policies, since
 * they are embedded elsewhere. Behind HTTPS (an https PUBLIC_URL, or a trusted proxy's
 * X-Forwarded-Proto) browsers are told to stay on HTTPS.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { publicUrl?: string }) => {
  const alwaysHttps = opts.publicUrl?.startsWith('https://') ?? false;
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // A page with a token in its address says no-referrer itself (the interest pages, ADR 036).
    if (!reply.hasHeader('referrer-policy'))
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (alwaysHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', ADMIN_CSP);
      reply.header('x-frame-options', 'DENY');
    }
  });
});
