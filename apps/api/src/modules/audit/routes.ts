import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema, bearer } from '../../lib/schemas';
import { listAudit } from './service';

/** v1: GET /admin/audit — admins in their own session (registered under /admin). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { access: { action: 'audit.read' } },
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first',
        description:
          'Filters: user (entries by, as or about the user), project, from/to (ISO date-times, to exclusive). Page with before = next_before.',
        security: bearer,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );
};
