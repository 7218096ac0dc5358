import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  buildingNumberBodySchema,
  buildingNumberResponseSchema,
  buildingNumbersResponseSchema,
  idParams,
  projectIdParams,
  z,
} from '../../lib/schemas';
import { notFound } from '../../lib/http-error';
import { checkedProject } from '../../plugins/access';
import * as repo from './repository';
import { fromParam } from '../../plugins/public-view-freshness';

const tags = ['building numbers'];
const itemParams = projectIdParams.extend({ id: idParams.shape.id });
const toDto = (r: repo.BuildingNumberRow) => ({
  id: r.id,
  project_id: r.project_id,
  label: r.label,
  label_svg: r.label_svg,
});
const response = buildingNumberResponseSchema;

/** v1: /building-numbers/{projectId}[/{id}]. Reading for anyone who reaches the project; writing for admins. */
export const buildingNumberRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { action: 'buildingNumbers.read', project: 'param:projectId' } as const;
  const manage = { action: 'buildingNumbers.manage', project: 'param:projectId' } as const;

  app.get(
    '/building-numbers/:projectId',
    {
      config: { access: read },
      schema: {
        tags,
        security: bearer,
        params: projectIdParams,
        response: { 200: buildingNumbersResponseSchema },
      },
    },
    async (request) => ({
      building_numbers: (await repo.listBuildingNumbers(app.db, checkedProject(request).id)).map(toDto),
    }),
  );

  app.post(
    '/building-numbers/:projectId',
    {
      config: {
        access: manage,
        publicView: fromParam('projectId'),
        audit: { entity: 'building_number', id: 'response:building_number.id' },
      },
      schema: {
        tags,
        security: bearer,
        params: projectIdParams,
        body: buildingNumberBodySchema.pick({ label: true }),
        response: { 201: response },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        building_number: toDto(
          await repo.insertBuildingNumber(app.db, checkedProject(request).id, request.body.label),
        ),
      };
    },
  );

  app.put(
    '/building-numbers/:projectId/:id',
    {
      config: { access: manage, publicView: fromParam('projectId'), audit: { entity: 'building_number' } },
      schema: {
        tags,
        summary: 'Rename a building number or move its label (form-encoded or JSON)',
        security: bearer,
        params: itemParams,
        body: buildingNumberBodySchema,
        response: { 200: response },
      },
    },
    async (request) => {
      const row = await repo.updateBuildingNumber(
        app.db,
        checkedProject(request).id,
        request.params.id,
        request.body,
      );
      if (!row) throw notFound('Building number');
      return { building_number: toDto(row) };
    },
  );

  app.delete(
    '/building-numbers/:projectId/:id',
    {
      config: { access: manage, publicView: fromParam('projectId'), audit: { entity: 'building_number' } },
      schema: { tags, security: bearer, params: itemParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (!(await repo.deleteBuildingNumber(app.db, checkedProject(request).id, request.params.id))) {
        throw notFound('Building number');
      }
      return reply.status(204).send(null);
    },
  );
};
