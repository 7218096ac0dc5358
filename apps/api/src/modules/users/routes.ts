import { LANGUAGES, languageOf, serverMessage } from '@planvy/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  brokersResponseSchema,
  clientsResponseSchema,
  idParams,
  loginResponseSchema,
  userConfigBodySchema,
  userCreateSchema,
  userResponseSchema,
  usersResponseSchema,
  userUpdateResponseSchema,
  userUpdateSchema,
  z,
} from '../../lib/schemas';
import { HttpError, notFound } from '../../lib/http-error';
import { sentFields } from '../../plugins/audit';
import { assertCan } from '../../plugins/auth';
import { resendInvitation } from './invitations';
import * as repo from './repository';
import * as users from './service';

const userResponse = userResponseSchema;
const userAudit = (action?: string) => ({ entity: 'user' as const, action, project: null });

/** v1: /admin/users, /admin/user/…, /admin/clients — admins only (registered under /admin). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  // An admin acting as someone else never manages users (the shared policy says why).
  const manage = { action: 'users.manage' } as const;
  const tags = ['users'];

  app.get(
    '/users',
    {
      config: { access: manage },
      schema: {
        tags,
        security: bearer,
        response: { 200: usersResponseSchema },
      },
    },
    async () => ({ users: await users.listUsers(app.db) }),
  );

  app.get(
    '/user/:id',
    {
      config: { access: manage },
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
    '/user',
    {
      config: {
        access: manage,
        audit: {
          ...userAudit(),
          id: 'response:user.id',
          detail: (request) => ({
            ...sentFields(request.body),
            ...((request.body as { invite?: boolean }).invite ? { invitation: 'sent' } : {}),
          }),
        },
        publicView: false,
      },
      schema: {
        tags,
        description: `The password must be 6–30 characters and not one of the most common passwords (422). With \`invite: true\` and no password, the user is mailed a single-use link (valid ${app.config.invitationDays} days, in \`language\`, the admin's by default) to choose their own, and cannot sign in until then.`,
        security: bearer,
        body: userCreateSchema,
        response: { 201: userResponse },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        user: await users.createUser(app.db, request.body, {
          config: app.config,
          inviter: { name: request.auth.name, lang: languageOf(request.body.language) },
        }),
      };
    },
  );

  app.post(
    '/user/:id/invitation',
    {
      config: { access: manage, audit: userAudit('invite'), publicView: false },
      schema: {
        tags,
        summary: '"Skicka inbjudan igen": mail an invited user a new link',
        description:
          'The earlier link stops working. 409 once the user has chosen a password; 404 for an unknown user.',
        security: bearer,
        params: idParams,
        body: z.object({ language: z.enum(LANGUAGES).optional() }).optional(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await resendInvitation(app.db, app.config, request.params.id, {
        name: request.auth.name,
        lang: languageOf(request.body?.language),
      });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/user/:id',
    {
      config: {
        access: manage,
        audit: {
          ...userAudit(),
          // The role before the change, read in the write's transaction: the entry says from what to what.
          before: async (request, db) =>
            (await repo.findUserById(db, (request.params as { id: number }).id))?.role,
          detail: (request, _response, before) => {
            const role = (request.body as { role?: string }).role;
            return {
              ...sentFields(request.body),
              ...(before && role && role !== before ? { role: { from: before, to: role } } : {}),
            };
          },
        },
        publicView: false,
      },
      schema: {
        tags,
        description:
          "A new password or role ends every session of the user. When that is the caller's own account, the answer carries a fresh token for this session.",
        security: bearer,
        params: idParams,
        body: userUpdateSchema,
        response: { 200: userUpdateResponseSchema },
      },
    },
    async (request) => {
      const self = request.params.id === request.auth.id;
      if (self && request.body.role !== 'admin') {
        const ownRole = serverMessage('ownAdminRole');
        throw new HttpError(422, ownRole, { role: [ownRole] });
      }
      const { user, revoked } = await users.updateUser(app.db, request.params.id, request.body);
      if (!(self && revoked)) return { user };
      const row = await repo.findUserById(app.db, user.id);
      return { user, token: app.signToken({ sub: String(user.id), ver: row?.token_version ?? 0 }) };
    },
  );

  app.delete(
    '/user/:id',
    {
      config: { access: manage, audit: userAudit(), publicView: false },
      schema: {
        tags,
        summary: 'Delete a user',
        description:
          'Not yourself (403). A user who owns projects cannot be deleted until they are given to someone else (409). Every session of the user ends; their status changes and audit entries stay, without the link.',
        security: bearer,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const target = await repo.findUserById(app.db, request.params.id);
      if (!target) throw notFound('User');
      assertCan(request.auth, 'users.delete', target);
      await users.deleteUser(app.db, target.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/:id/config',
    {
      config: {
        access: manage,
        audit: { ...userAudit('config'), detail: (request) => ({ ...(request.body as object) }) },
        publicView: false,
      },
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
    '/user/authenticate/:id',
    {
      config: { access: manage, audit: userAudit('impersonation.start') },
      schema: {
        tags,
        summary: 'Sign in as another user; the token remembers the admin',
        description:
          'Not as another admin (403). The session lasts at most an hour, cannot manage users or sign in as anyone else, and ends at once when the admin is demoted, deleted or signs out everywhere. Start, end and every write are in the audit log.',
        security: bearer,
        params: idParams,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const target = await repo.findUserById(app.db, request.params.id);
      if (!target) throw notFound('User');
      assertCan(request.auth, 'users.impersonate', target);
      const seconds = app.config.impersonationSeconds;
      const impersonationId = await repo.insertImpersonation(app.db, {
        admin_id: request.auth.id,
        user_id: target.id,
        expires_at: new Date(Date.now() + seconds * 1000),
      });
      const token = app.signToken(
        {
          sub: String(target.id),
          ver: target.token_version,
          imp: request.auth.id,
          imps: impersonationId,
          impv: request.auth.tokenVersion,
        },
        { expiresIn: seconds },
      );
      return { token, user: await users.getUser(app.db, target.id) };
    },
  );

  app.get(
    '/clients',
    {
      config: { access: manage },
      schema: {
        tags,
        security: bearer,
        response: { 200: clientsResponseSchema },
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
      config: { access: { action: 'users.listBrokers' } },
      schema: {
        tags: ['users'],
        security: bearer,
        response: { 200: brokersResponseSchema },
      },
    },
    async () => ({ brokers: await users.listUsers(app.db, 'broker') }),
  );
};
