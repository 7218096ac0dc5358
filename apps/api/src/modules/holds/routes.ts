import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  holdCreateSchema,
  holdExtendSchema,
  holdResponseSchema,
  holdsResponseSchema,
  idParams,
  projectIdParams,
  type PolicyAction,
} from '../../lib/schemas';
import { checkedProject } from '../../plugins/access';
import { checkedProjectView } from '../../plugins/public-view-freshness';
import * as holds from './service';

const tags = ['holds'];
const itemParams = projectIdParams.extend({ id: idParams.shape.id });

/** v1: /holds/{projectId}/…, a project's reservations and bookings (ADR 035). */
export const holdRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = (action: PolicyAction) => ({ action, project: 'param:projectId' }) as const;
  const cfg = holds.holdConfig(app.config);

  app.get(
    '/holds/:projectId',
    {
      config: { access: access('holds.read') },
      schema: {
        tags,
        summary: "The project's active holds, soonest expiry first",
        description: 'A hold whose time has run out is not listed, even before the timer has ended it.',
        security: bearer,
        params: projectIdParams,
        response: { 200: holdsResponseSchema },
      },
    },
    async (request) => ({ holds: await holds.listHolds(app.db, checkedProject(request).id) }),
  );

  app.post(
    '/holds/:projectId',
    {
      config: {
        access: access('holds.place'),
        publicView: checkedProjectView,
        audit: {
          entity: 'hold',
          id: 'response:hold.id',
          detail: (r) => ({ kind: (r.body as { kind?: string }).kind }),
        },
      },
      schema: {
        tags,
        summary: 'Reserve or book an apartment for a person',
        description:
          'Sets the apartment to Reserverad (reservation) or Bokad (booking) until the hold expires, then restores its status. 409 when the apartment already has an active hold or cannot be had.',
        security: bearer,
        params: projectIdParams,
        body: holdCreateSchema,
        response: { 201: holdResponseSchema },
      },
    },
    async (request, reply) => {
      const hold = await holds.placeHold(app.db, request.auth, checkedProject(request), request.body, cfg);
      reply.status(201);
      return { hold };
    },
  );

  app.post(
    '/holds/:projectId/:id/extend',
    {
      config: {
        access: access('holds.extend'),
        publicView: false,
        audit: {
          entity: 'hold',
          action: 'extend',
          detail: (r, response) => ({
            days: (r.body as { days: number }).days,
            extensions: (response as { hold?: { extensions: number } } | undefined)?.hold?.extensions,
          }),
        },
      },
      schema: {
        tags,
        summary:
          'More days on an active hold (brokers and admins), within 28 days from when it was placed (90 for a booking)',
        security: bearer,
        params: itemParams,
        body: holdExtendSchema,
        response: { 200: holdResponseSchema },
      },
    },
    async (request) => ({
      hold: await holds.extendHold(
        app.db,
        checkedProject(request),
        request.params.id,
        request.body.days,
        cfg,
      ),
    }),
  );

  for (const [path, action, reason, summary] of [
    ['release', 'holds.release', 'released', 'End an active hold now and restore the status it replaced'],
    [
      'convert',
      'holds.convert',
      'converted',
      'End an active hold as a sale: the apartment becomes sold (leased)',
    ],
  ] as const) {
    app.post(
      `/holds/:projectId/:id/${path}`,
      {
        config: {
          access: access(action),
          publicView: checkedProjectView,
          audit: { entity: 'hold', action: path },
        },
        schema: {
          tags,
          summary,
          security: bearer,
          params: itemParams,
          response: { 200: holdResponseSchema },
        },
      },
      async (request) => ({
        hold: await holds.endHold(
          app.db,
          request.auth,
          checkedProject(request),
          request.params.id,
          reason,
          cfg,
        ),
      }),
    );
  }
};
