import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  clientEntrySchema,
  idParams,
  loginResponseSchema,
  userConfigBodySchema,
  userCreateSchema,
  userSchema,
  userUpdateSchema,
  z,
} from '../../lib/schemas';
import { HttpError } from '../../lib/http-error';
import * as users from './service';

const userResponse = z.object({ user: userSchema });

/** v1: /admin/users, /admin/user/…, /admin/clients — admins only. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole('admin'));
  const tags = ['users'];

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        security: bearer,
        response: { 200: z.object({ users: z.array(userSchema) }) },
      },
    },
    async () => ({ users: await users.listUsers(app.db) }),
  );

  app.get(
    '/admin/user/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: idParams,
        response: { 200: userResponse },
      },
    },
    async (request) => ({
      user: await users.getUser(app.db, request.params.id),
    }),
  );

  app.post(
    '/admin/user',
    {
      schema: {
        tags,
        security: bearer,
        body: userCreateSchema,
        response: { 201: userResponse },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { user: await users.createUser(app.db, request.body) };
    },
  );

  app.put(
    '/admin/user/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: userUpdateSchema,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      if (request.params.id === request.auth.id && request.body.role !== 'admin') {
        throw new HttpError(422, 'You cannot remove your own admin role', {
          role: ['You cannot remove your own admin role'],
        });
      }
      return {
        user: await users.updateUser(app.db, request.params.id, request.body),
      };
    },
  );

  app.post(
    '/admin/user/:id/config',
    {
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: userConfigBodySchema,
        response: { 200: userResponse },
      },
    },
    async (request) => ({
      user: await users.setUserConfig(app.db, request.params.id, request.body.name, request.body.value),
    }),
  );

  app.get(
    '/admin/user/authenticate/:id',
    {
      schema: {
        tags,
        summary: 'Sign in as another user; the token remembers the admin',
        security: bearer,
        params: idParams,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const user = await users.getUser(app.db, request.params.id);
      const imp = request.auth.impersonatorId ?? request.auth.id;
      return { token: app.signToken({ sub: String(user.id), imp }), user };
    },
  );

  app.get(
    '/admin/clients',
    {
      schema: {
        tags,
        security: bearer,
        response: { 200: z.object({ clients: z.array(clientEntrySchema) }) },
      },
    },
    async () => ({
      clients: (await users.listUsers(app.db, 'client')).map((u) => ({
        user_id: u.id,
        first_name: u.first_name,
        last_name: u.last_name,
      })),
    }),
  );
};

/** v2: /users/brokers. */
export const brokerListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/brokers',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['users'],
        security: bearer,
        response: { 200: z.object({ brokers: z.array(userSchema) }) },
      },
    },
    async () => ({ brokers: await users.listUsers(app.db, 'broker') }),
  );
};
