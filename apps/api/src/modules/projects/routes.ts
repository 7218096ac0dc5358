import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  brokerAssignBodySchema,
  idParams,
  projectCodeResponseSchema,
  projectCreateSchema,
  projectResponseSchema,
  projectsResponseSchema,
  projectUpdateSchema,
  projectWithFilesResponseSchema,
  z,
} from '../../lib/schemas';
import { checkedProject, type RouteContext } from '../../plugins/access';
import { buildEmbedCode, publicBaseUrl } from './embed-code';
import * as projects from './service';
import { listPlanSummaries } from '../files/service';
import { fromParam } from '../../plugins/public-view-freshness';

const tags = ['projects'];
const ownerParams = z.object({ user_id: idParams.shape.id });
const scopeNote = (context: RouteContext) =>
  context === 'admin'
    ? 'Admins only.'
    : "Any signed-in user, scoped by the caller's role: admins reach every project, clients those they own, brokers those they broker. Another user's project is 404.";

/** v1: /{context}/projects and /{context}/project/…, registered under /admin and /client (app.ts). */
export const projectRoutes: FastifyPluginAsyncZod<{ context: RouteContext }> = async (app, { context }) => {
  const description = scopeNote(context);

  app.get(
    '/projects',
    {
      config: { access: { action: 'project.list' } },
      schema: {
        tags,
        summary: 'List projects, ordered by name',
        description,
        security: bearer,
        response: { 200: projectsResponseSchema },
      },
    },
    async (request) => ({ projects: await projects.listProjects(app.db, request.auth) }),
  );

  app.get(
    '/project/:id',
    {
      config: { access: { action: 'project.read', project: 'param:id' } },
      schema: {
        tags,
        summary: 'One project, with its plans and background images (without markup)',
        description,
        security: bearer,
        params: idParams,
        response: { 200: projectWithFilesResponseSchema },
      },
    },
    async (request) => {
      const project = checkedProject(request);
      return {
        project: { ...project, files: await listPlanSummaries(app.db, project.id, ['svg', 'image']) },
      };
    },
  );

  app.put(
    '/project/:id',
    {
      config: {
        access: { action: 'project.update', project: 'param:id' },
        publicView: fromParam('id'),
        audit: { entity: 'project', project: 'param:id' },
      },
      schema: {
        tags,
        summary: 'Update a project',
        description: `${description} Only admins change name, type, description, owner (user_id) and broker (broker_id); anyone else sending a different value gets 403 and nothing changes. Send the version you loaded: a stale one is refused with 409 (without a version the write is not checked).`,
        security: bearer,
        params: idParams,
        body: projectUpdateSchema,
        response: { 200: projectResponseSchema },
      },
    },
    async (request) => ({
      project: await projects.updateProject(app.db, request.auth, checkedProject(request), request.body),
    }),
  );

  app.get(
    '/project/code/:id',
    {
      config: { access: { action: 'project.read', project: 'param:id' } },
      schema: {
        tags,
        summary: 'Embed code for the widget: a script snippet (full) and a plain iframe',
        description,
        security: bearer,
        params: idParams,
        response: { 200: projectCodeResponseSchema },
      },
    },
    async (request) => {
      const project = checkedProject(request);
      const baseUrl = publicBaseUrl(app.config.publicUrl, request);
      return { code: buildEmbedCode({ baseUrl, projectId: project.id, projectName: project.name }) };
    },
  );
};

/** v1: /admin/project/… writes only admins make (registered under /admin). */
export const projectAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/project/:user_id',
    {
      config: {
        access: { action: 'project.create' },
        publicView: false,
        audit: { entity: 'project', id: 'response:project.id', project: 'response:project.id' },
      },
      schema: {
        tags,
        summary: 'Create a project owned by the user in the path',
        description: 'Admins only. A body user_id, when given, must equal the path user_id.',
        security: bearer,
        params: ownerParams,
        body: projectCreateSchema,
        response: { 201: projectResponseSchema },
      },
    },
    async (request, reply) => {
      const project = await projects.createProject(app.db, request.params.user_id, request.body);
      reply.status(201);
      return { project };
    },
  );

  app.delete(
    '/project/:id',
    {
      config: {
        access: { action: 'project.delete', project: 'param:id' },
        publicView: fromParam('id'),
        audit: { entity: 'project', project: 'param:id' },
      },
      schema: {
        tags,
        summary: 'Delete a project and everything in it',
        security: bearer,
        params: idParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await projects.deleteProject(app.db, checkedProject(request).id);
      return reply.status(204).send(null);
    },
  );
};

/** v2: POST /users/brokers — admins set or clear a project's broker. */
export const brokerAssignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/brokers',
    {
      config: {
        access: { action: 'project.assignBroker' },
        publicView: false,
        audit: { entity: 'project', action: 'broker', id: 'body:projectId', project: 'body:projectId' },
      },
      schema: {
        tags,
        summary: "Set a project's broker; userId null (or 0) clears it",
        security: bearer,
        body: brokerAssignBodySchema,
        response: { 200: projectResponseSchema },
      },
    },
    async (request) => ({
      project: await projects.assignBroker(app.db, request.body.projectId, request.body.userId),
    }),
  );
};
