import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema, loginResponseSchema, userSchema, z } from '../../lib/schemas';
import { HttpError } from '../../lib/http-error';
import { dummyHash, verifyPassword } from '../../lib/password';
import { findUserByEmail } from '../users/repository';
import { getUser } from '../users/service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.loginLimits;
  const throttle = app.loginThrottle;

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const ipKey = `ip:${request.ip}`;
      const emailKey = `email:${email.toLowerCase()}`;
      const wait = Math.max(
        throttle.retryAfter(ipKey, limits.perIp),
        throttle.retryAfter(emailKey, limits.perEmail),
      );
      if (wait > 0) {
        throw new HttpError(
          429,
          'Too many login attempts. Try again later.',
          {},
          {
            'retry-after': String(wait),
          },
        );
      }
      const row = await findUserByEmail(app.db, email);
      // Unknown e-mails still pay for a hash check, so timing does not reveal which exist.
      const ok = await verifyPassword(row?.password_hash ?? (await dummyHash()), password);
      if (!row || !ok) {
        throttle.fail(ipKey);
        throttle.fail(emailKey);
        throw new HttpError(401, 'These credentials do not match our records.', {
          email: ['These credentials do not match our records.'],
        });
      }
      throttle.reset(emailKey);
      return {
        token: app.signToken({ sub: String(row.id) }),
        user: await getUser(app.db, row.id),
      };
    },
  );

  app.get(
    '/user/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: {
          200: z.object({
            profile: userSchema,
            impersonator_id: z.number().int().nullable(),
          }),
        },
      },
    },
    async (request) => ({
      profile: await getUser(app.db, request.auth.id),
      impersonator_id: request.auth.impersonatorId ?? null,
    }),
  );
};
