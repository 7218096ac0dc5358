import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  idParams,
  mailLogEntryResponseSchema,
  mailLogPageSchema,
  mailLogQuerySchema,
} from '../../lib/schemas';
import { listMailLog, resendMail } from './log';

/** v1: GET /admin/mail, POST /admin/mail/:id/resend — admins in their own session (registered under /admin). */
export const mailLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mail',
    {
      config: { access: { action: 'mail.read' } },
      schema: {
        tags: ['mail'],
        summary: 'The mail log: mail sent through the outbox, newest first',
        description:
          'Filters: project, status (pending = queued, sending, sent, failed). Page with before = next_before. Shows the recipient, template, subject and how sending went; never the body or a link.',
        security: bearer,
        querystring: mailLogQuerySchema,
        response: { 200: mailLogPageSchema },
      },
    },
    async (request) => listMailLog(app.db, request.query),
  );

  app.post(
    '/mail/:id/resend',
    {
      config: {
        access: { action: 'mail.resend' },
        audit: { entity: 'mail', action: 'resend', project: 'response:mail.project_id' },
        publicView: false,
      },
      schema: {
        tags: ['mail'],
        summary: '"Skicka igen": queue a copy of a mail',
        description:
          'The copy goes to the same recipient now; the original stays as it ended. 409 for a mail that carried a one-time link (its token is not kept): send a new invitation or reset instead.',
        security: bearer,
        params: idParams,
        response: { 201: mailLogEntryResponseSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { mail: await resendMail(app.db, request.params.id) };
    },
  );
};
