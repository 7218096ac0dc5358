import { languageOf, passwordResetRequestSchema, passwordResetSchema, serverMessage } from '@planvy/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, loginBodySchema, loginResponseSchema, meResponseSchema, z } from '../../lib/schemas';
import { HttpError, invalid } from '../../lib/http-error';
import { dummyHash } from '../../lib/password';
import { bumpTokenVersion, endImpersonation, findUserByEmail } from '../users/repository';
import { browserCookie, browserIdOf } from './login-limits';
import { getUser } from '../users/service';
import { setPasswordFromLink } from '../users/one-time-links';
import { PasswordResetLimits, requestPasswordReset } from './password-reset';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const resetLimits = new PasswordResetLimits(app.db, app.config.loginLimits);

  app.post(
    '/password-reset',
    {
      config: { publicView: false },
      schema: {
        tags: ['auth'],
        summary: '"Forgot password?": mail a single-use link to set a new password',
        description: `Always 204, whether or not a user has the address, so the answer tells nobody which addresses have accounts. For an existing user a link valid ${app.config.passwordResetMinutes} minutes is mailed (through the outbox) in the language given; an earlier unspent link stops working. Limited like sign-in per client address (429 with Retry-After); past 3 requests an hour for one address the answer is the same and nothing is sent.`,
        body: passwordResetRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const byAddress = await resetLimits.admitAddress(request.ip);
      if (!byAddress.ok) {
        throw new HttpError(
          429,
          serverMessage('tooManyResets'),
          {},
          { 'retry-after': String(byAddress.retryAfterSeconds) },
        );
      }
      const { email, language } = request.body;
      if (await resetLimits.admitEmail(email)) {
        await requestPasswordReset(app.db, app.config, email, languageOf(language));
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/password-reset/complete',
    {
      config: { publicView: false },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link from the mail',
        description:
          "The password follows the user form's rules (422 on `password` or `password_confirm`). A spent, expired or unknown link is 422 on `token`. Spends the link and ends every session of the user; sign in with the new password afterwards.",
        body: passwordResetSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setPasswordFromLink(app.db, 'password_reset', request.body.token, request.body.password, {
        route: `POST ${request.routeOptions.url ?? ''}`,
        id: request.id,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/invitation/accept',
    {
      config: { publicView: false },
      schema: {
        tags: ['auth'],
        summary: 'Choose the password of an invited account with the link from the invitation mail',
        description: `The password follows the user form's rules (422 on \`password\` or \`password_confirm\`). A spent, expired (after ${app.config.invitationDays} days) or unknown link is 422 on \`token\`. Spends the link; sign in with the new password afterwards.`,
        body: passwordResetSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setPasswordFromLink(app.db, 'invite', request.body.token, request.body.password, {
        route: `POST ${request.routeOptions.url ?? ''}`,
        id: request.id,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/login',
    {
      config: { publicView: false },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'Limited per address, per e-mail and address, and (from new addresses) per e-mail with exponential back-off; a refused attempt is 429 with Retry-After and checks no password. A browser that signed in to the account before (its HttpOnly cookie planvy_device, set by this answer) is limited on its own instead, so wrong passwords from others never refuse it.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Every counter is taken before the (expensive) password check, so a burst of
      // simultaneous guesses gets no more checks than the limit allows.
      const admission = await app.loginLimits.admit(email, request.ip, browserIdOf(request.headers.cookie));
      if (!admission.ok) {
        throw new HttpError(
          429,
          serverMessage('tooManyLogins'),
          {},
          { 'retry-after': String(admission.retryAfterSeconds) },
        );
      }
      const row = await findUserByEmail(app.db, email);
      // An invited user has no password yet (an empty hash). Unknown e-mails and invited
      // users still pay for a hash check, so timing does not reveal which exist.
      const usable = row?.password_hash ? row.password_hash : undefined;
      const ok = await app.passwords.verify(usable ?? (await dummyHash()), password);
      if (!row || !usable || !ok) {
        const credentials = serverMessage('credentials');
        throw new HttpError(401, credentials, { email: [credentials] });
      }
      const { browser } = await admission.succeeded();
      reply.header('set-cookie', browserCookie(browser, request.protocol === 'https'));
      return {
        token: app.signToken({ sub: String(row.id), ver: row.token_version }),
        user: await getUser(app.db, row.id),
      };
    },
  );

  app.get(
    '/user/me',
    {
      config: { access: { action: 'sessions.read' } },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: meResponseSchema },
      },
    },
    async (request) => ({
      profile: await getUser(app.db, request.auth.id),
      impersonator_id: request.auth.impersonatorId ?? null,
    }),
  );

  app.post(
    '/user/sign-out-everywhere',
    {
      config: {
        access: { action: 'sessions.signOutEverywhere' },
        audit: { entity: 'user', action: 'sign_out_everywhere', id: 'auth:id', project: null },
        publicView: false,
      },
      schema: {
        tags: ['auth'],
        summary: 'End every session of the signed-in user, this one included',
        description:
          'Every token issued so far stops working. Not allowed while signed in as another user (403).',
        security: bearer,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await bumpTokenVersion(app.db, request.auth.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/impersonation/end',
    {
      config: {
        access: { action: 'sessions.endImpersonation' },
        audit: { entity: 'user', action: 'impersonation.end', id: 'auth:id', project: null },
        publicView: false,
      },
      schema: {
        tags: ['auth'],
        summary: '"Back to my account": end the session as another user',
        description:
          "Called with the impersonation token; the token stops working and the end is recorded in the audit log. The web app then returns to the admin's own token.",
        security: bearer,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (request.auth.impersonationId === undefined) {
        throw invalid('session', 'This session is not signed in as another user');
      }
      await endImpersonation(app.db, request.auth.impersonationId);
      return reply.status(204).send(null);
    },
  );
};
