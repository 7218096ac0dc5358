import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  brokerAssignBodySchema,
  idParams,
  projectCodeSchema,
  projectCreateSchema,
  projectSchema,
  projectUpdateSchema,
  z,
} from '../../lib/schemas';
import { projectAccessHook } from './access-hook';
import { buildEmbedCode, publicBaseUrl } from './embed-code';
import * as projects from './service';
import { fromParam } from '../../plugins/public-view-freshness';

const tags = ['projects'];
const projectResponse = z.object({ project: projectSchema });
const ownerParams = z.object({ user_id: idParams.shape.id });
const ROLE_PATHS = ['admin', 'client'] as const;
const scopeNote = (role: (typeof ROLE_PATHS)[number]) =>
  role === 'admin'
    ? 'Admins only.'
    : "Any signed-in user, scoped by the caller's role: admins reach every project, clients those they own, brokers those they broker. Another user's project is 404.";

/** v1: /{role}/projects, /{role}/project/…, /admin/project/… */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const role of ROLE_PATHS) {
    // Sign-in, then access to the project, both before the body is read: anonymous callers
    // get 401 and someone else's project 404, never 422 or 413.
    const onRequest = role === 'admin' ? app.requireRole('admin') : app.authenticate;
    const projectAccess = projectAccessHook(app, 'id');
    const description = scopeNote(role);

    app.get(
      `/${role}/projects`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'List projects, ordered by name',
          description,
          security: bearer,
          response: { 200: z.object({ projects: z.array(projectSchema) }) },
        },
      },
      async (request) => ({ projects: await projects.listProjects(app.db, request.auth) }),
    );

    app.get(
      `/${role}/project/:id`,
      {
        onRequest: [onRequest, projectAccess],
        schema: {
          tags,
          summary: 'One project',
          description,
          security: bearer,
          params: idParams,
          response: { 200: projectResponse },
        },
      },
      async (request) => ({ project: await projects.getProject(app.db, request.auth, request.params.id) }),
    );

    app.put(
      `/${role}/project/:id`,
      {
        onRequest: [onRequest, projectAccess],
        config: { publicView: fromParam('id'), audit: { entity: 'project', project: 'param:id' } },
        schema: {
          tags,
          summary: 'Update a project',
          description: `${description} Only admins change name, type, description, owner (user_id) and broker (broker_id); anyone else sending a different value gets 403 and nothing changes. Send the version you loaded: a stale one is refused with 409 (without a version the write is not checked).`,
          security: bearer,
          params: idParams,
          body: projectUpdateSchema,
          response: { 200: projectResponse },
        },
      },
      async (request) => ({
        project: await projects.updateProject(app.db, request.auth, request.params.id, request.body),
      }),
    );

    app.get(
      `/${role}/project/code/:id`,
      {
        onRequest: [onRequest, projectAccess],
        schema: {
          tags,
          summary: 'Embed code for the widget: a script snippet (full) and a plain iframe',
          description,
          security: bearer,
          params: idParams,
          response: { 200: z.object({ code: projectCodeSchema }) },
        },
      },
      async (request) => {
        const project = await projects.getProject(app.db, request.auth, request.params.id);
        const baseUrl = publicBaseUrl(app.config.publicUrl, request);
        return { code: buildEmbedCode({ baseUrl, projectId: project.id, projectName: project.name }) };
      },
    );
  }

  const adminOnly = app.requireRole('admin');

  app.post(
    '/admin/project/:user_id',
    {
      onRequest: adminOnly,
      config: {
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
        response: { 201: projectResponse },
      },
    },
    async (request, reply) => {
      const project = await projects.createProject(app.db, request.params.user_id, request.body);
      reply.status(201);
      return { project };
    },
  );

  app.delete(
    '/admin/project/:id',
    {
      onRequest: adminOnly,
      config: { publicView: fromParam('id'), audit: { entity: 'project', project: 'param:id' } },
      schema: {
        tags,
        summary: 'Delete a project and everything in it',
        security: bearer,
        params: idParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await projects.deleteProject(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** v2: POST /users/brokers — admins set or clear a project's broker. */
export const brokerAssignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/brokers',
    {
      onRequest: app.requireRole('admin'),
      config: {
        publicView: false,
        audit: { entity: 'project', action: 'broker', id: 'body:projectId', project: 'body:projectId' },
      },
      schema: {
        tags,
        summary: "Set a project's broker; userId null (or 0) clears it",
        security: bearer,
        body: brokerAssignBodySchema,
        response: { 200: projectResponse },
      },
    },
    async (request) => ({
      project: await projects.assignBroker(app.db, request.body.projectId, request.body.userId),
    }),
  );
};
