import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  idField,
  idParams,
  projectIdParams,
  serverMessage,
  webhookDeliveriesResponseSchema,
  webhookEndpointBodySchema,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
  webhookQueuedSchema,
  z,
  type WebhookDelivery,
} from '../../lib/schemas';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import { checkedProject } from '../../plugins/access';
import * as repo from './repository';
import { enqueueReplay, enqueueTestEvent, newSecret, PREVIOUS_SECRET_HOURS, toEndpoint } from './webhooks';

const tags = ['webhooks'];
const itemParams = projectIdParams.extend({ id: idParams.shape.id });
const endpointNotFound = () => notFound('Webhook endpoint');
const DELIVERIES_SHOWN = 200;

/** https only, unless WEBHOOKS_ALLOW_PRIVATE (tests) lets http through; addresses are checked when sent. */
function assertScheme(url: string | undefined, allowPrivate: boolean) {
  if (url !== undefined && !allowPrivate && !url.startsWith('https:'))
    throw invalid('url', serverMessage('webhookUrl'));
}

function toDelivery(
  row: NonNullable<Awaited<ReturnType<typeof repo.findDelivery>>>,
  attempts: { attempt: number; finished_at: Date; response_code: number | null; error: string | null }[],
): WebhookDelivery {
  const p = row.payload as unknown as repo.WebhookPayload;
  return {
    id: row.id,
    endpoint_id: p.endpoint_id,
    message_id: p.message_id,
    event: p.type,
    status: row.status,
    attempts: attempts.length,
    response_code: attempts.at(-1)?.response_code ?? null,
    last_error: row.last_error,
    next_attempt_at: row.status === 'pending' ? row.due_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    history: attempts.map((a) => ({
      attempt: a.attempt,
      at: a.finished_at.toISOString(),
      response_code: a.response_code,
      error: a.error,
    })),
  };
}

/** v1: /webhooks/{projectId}/…, a project's webhook endpoints and their delivery log (ADR 034), admins only. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { action: 'webhooks.manage', project: 'param:projectId' } as const;

  app.get(
    '/webhooks/:projectId',
    {
      config: { access },
      schema: {
        tags,
        security: bearer,
        params: projectIdParams,
        response: { 200: webhookEndpointsResponseSchema },
      },
    },
    async (request) => {
      const projectId = checkedProject(request).id;
      const [rows, last] = await Promise.all([
        repo.listEndpoints(app.db, projectId),
        repo.lastDeliveries(app.db, projectId),
      ]);
      return { endpoints: rows.map((r) => toEndpoint(r, last.get(r.id))) };
    },
  );

  app.post(
    '/webhooks/:projectId',
    {
      config: { access, audit: { entity: 'webhook', id: 'response:endpoint.id' }, publicView: false },
      schema: {
        tags,
        summary: 'Add an endpoint; the answer holds its secret, shown this once',
        security: bearer,
        params: projectIdParams,
        body: webhookEndpointBodySchema,
        response: { 201: webhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) => {
      assertScheme(request.body.url, app.config.webhooks.allowPrivate);
      const secret = newSecret();
      const row = await repo.insertEndpoint(app.db, {
        ...request.body,
        project_id: checkedProject(request).id,
        secret,
      });
      reply.status(201);
      return { endpoint: toEndpoint(row), secret };
    },
  );

  app.put(
    '/webhooks/:projectId/:id',
    {
      config: { access, audit: { entity: 'webhook' }, publicView: false },
      schema: {
        tags,
        summary: 'Change an endpoint; enabling it again clears its failures',
        security: bearer,
        params: itemParams,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointResponseSchema },
      },
    },
    async (request) => {
      const { enabled, ...rest } = request.body;
      assertScheme(rest.url, app.config.webhooks.allowPrivate);
      const row = await repo.updateEndpoint(app.db, request.params.id, checkedProject(request).id, {
        ...rest,
        ...(enabled === undefined
          ? {}
          : {
              enabled,
              disabled_reason: null,
              ...(enabled ? { failure_count: 0, first_failure_at: null } : {}),
            }),
      });
      if (!row) throw endpointNotFound();
      return { endpoint: toEndpoint(row) };
    },
  );

  app.delete(
    '/webhooks/:projectId/:id',
    {
      config: { access, audit: { entity: 'webhook' }, publicView: false },
      schema: { tags, security: bearer, params: itemParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const projectId = checkedProject(request).id;
      const gone = await app.db.transaction((tx) => repo.deleteEndpoint(tx, request.params.id, projectId));
      if (!gone) throw endpointNotFound();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/webhooks/:projectId/:id/rotate-secret',
    {
      config: { access, audit: { entity: 'webhook', action: 'rotate_secret' }, publicView: false },
      schema: {
        tags,
        summary: `A new secret, shown this once; the previous one signs too for ${PREVIOUS_SECRET_HOURS} hours`,
        security: bearer,
        params: itemParams,
        response: { 200: webhookEndpointWithSecretSchema },
      },
    },
    async (request) => {
      const projectId = checkedProject(request).id;
      const secret = newSecret();
      const row = await app.db.transaction(async (tx) => {
        const current = await repo.findEndpoint(tx, request.params.id, projectId);
        if (!current) throw endpointNotFound();
        return repo.updateEndpoint(tx, current.id, projectId, {
          secret,
          previous_secret: current.secret,
          previous_secret_expires_at: new Date(Date.now() + PREVIOUS_SECRET_HOURS * 3600_000),
        });
      });
      if (!row) throw endpointNotFound();
      return { endpoint: toEndpoint(row), secret };
    },
  );

  app.post(
    '/webhooks/:projectId/:id/test',
    {
      config: { access, audit: { entity: 'webhook', action: 'test' }, publicView: false },
      schema: {
        tags,
        summary: 'Send the test event (webhook.test) to this endpoint, once',
        security: bearer,
        params: itemParams,
        response: { 202: webhookQueuedSchema },
      },
    },
    async (request, reply) => {
      const endpoint = await repo.findEndpoint(app.db, request.params.id, checkedProject(request).id);
      if (!endpoint) throw endpointNotFound();
      const [id] = await enqueueTestEvent(app.db, endpoint);
      reply.status(202);
      return { delivery_id: id! };
    },
  );

  app.get(
    '/webhooks/:projectId/deliveries',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The delivery log of the last 30 days, newest first',
        security: bearer,
        params: projectIdParams,
        querystring: z.object({ endpoint_id: idField.optional() }),
        response: { 200: webhookDeliveriesResponseSchema },
      },
    },
    async (request) => {
      const projectId = checkedProject(request).id;
      const { rows, attempts } = await repo.listDeliveries(
        app.db,
        projectId,
        request.query.endpoint_id,
        DELIVERIES_SHOWN,
      );
      return {
        deliveries: rows.map((r) =>
          toDelivery(
            r,
            attempts.filter((a) => a.outbox_id === r.id),
          ),
        ),
      };
    },
  );

  app.post(
    '/webhooks/:projectId/deliveries/:id/replay',
    {
      config: {
        access,
        audit: {
          entity: 'webhook',
          action: 'replay',
          id: null,
          detail: (request) => ({ delivery: (request.params as { id: number }).id }),
        },
        publicView: false,
      },
      schema: {
        tags,
        summary: 'Send a delivery again: the same message (id and body) to the same endpoint',
        security: bearer,
        params: itemParams,
        response: { 202: webhookQueuedSchema },
      },
    },
    async (request, reply) => {
      const projectId = checkedProject(request).id;
      const delivery = await repo.findDelivery(app.db, request.params.id, projectId);
      if (!delivery) throw notFound('Delivery');
      const p = delivery.payload as unknown as repo.WebhookPayload;
      const endpoint = await repo.findEndpoint(app.db, p.endpoint_id, projectId);
      if (!endpoint) throw endpointNotFound();
      if (!endpoint.enabled && !p.test) throw new HttpError(409, serverMessage('webhookDisabled'));
      const [id] = await enqueueReplay(app.db, delivery);
      reply.status(202);
      return { delivery_id: id! };
    },
  );
};
