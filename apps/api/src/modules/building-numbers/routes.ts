import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  buildingNumberBodySchema,
  buildingNumberSchema,
  idParams,
  projectIdParams,
  z,
} from '../../lib/schemas';
import { forbidden, notFound } from '../../lib/http-error';
import { projectAccessHook } from '../projects/access-hook';
import { assertProjectVisible } from '../projects/service';
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
const response = z.object({ building_number: buildingNumberSchema });

/** v1: /building-numbers/{projectId}[/{id}]. Reading for anyone who reaches the project; writing for admins. */
export const buildingNumberRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = 'Only admins manage building numbers';

  app.get(
    '/building-numbers/:projectId',
    {
      onRequest: [app.authenticate, projectAccessHook(app, 'projectId')],
      schema: {
        tags,
        security: bearer,
        params: projectIdParams,
        response: { 200: z.object({ building_numbers: z.array(buildingNumberSchema) }) },
      },
    },
    async (request) => {
      await assertProjectVisible(app.db, request.auth, request.params.projectId);
      return {
        building_numbers: (await repo.listBuildingNumbers(app.db, request.params.projectId)).map(toDto),
      };
    },
  );

  app.post(
    '/building-numbers/:projectId',
    {
      onRequest: [app.authenticate, projectAccessHook(app, 'projectId', { adminOnly })],
      config: {
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
      if (request.auth.role !== 'admin') throw forbidden(adminOnly);
      await assertProjectVisible(app.db, request.auth, request.params.projectId);
      reply.status(201);
      return {
        building_number: toDto(
          await repo.insertBuildingNumber(app.db, request.params.projectId, request.body.label),
        ),
      };
    },
  );

  app.put(
    '/building-numbers/:projectId/:id',
    {
      onRequest: [app.authenticate, projectAccessHook(app, 'projectId', { adminOnly })],
      config: { publicView: fromParam('projectId'), audit: { entity: 'building_number' } },
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
      if (request.auth.role !== 'admin') throw forbidden(adminOnly);
      await assertProjectVisible(app.db, request.auth, request.params.projectId);
      const row = await repo.updateBuildingNumber(
        app.db,
        request.params.projectId,
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
      onRequest: [app.authenticate, projectAccessHook(app, 'projectId', { adminOnly })],
      config: { publicView: fromParam('projectId'), audit: { entity: 'building_number' } },
      schema: { tags, security: bearer, params: itemParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (request.auth.role !== 'admin') throw forbidden(adminOnly);
      await assertProjectVisible(app.db, request.auth, request.params.projectId);
      if (!(await repo.deleteBuildingNumber(app.db, request.params.projectId, request.params.id))) {
        throw notFound('Building number');
      }
      return reply.status(204).send(null);
    },
  );
};
