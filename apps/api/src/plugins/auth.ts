import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  denial,
  type Denial,
  type PolicyAction,
  type PolicyActor,
  type PolicyUser,
  type Role,
} from '@planvy/shared';
import { HttpError, unauthorized, type Message } from '../lib/http-error';
import { findUserById, findLiveImpersonation } from '../modules/users/repository';

export interface TokenPayload {
  sub: string;
  /** The user's token_version when the token was issued; a bumped version ends the session. */
  ver?: number;
  /** Set when an admin signed in as this user: the admin's own id… */
  imp?: number;
  /** …the impersonations row… */
  imps?: number;
  /** …and the admin's token_version, so the admin signing out everywhere ends it too. */
  impv?: number;
}

export interface AuthUser {
  id: number;
  role: Role;
  email: string;
  /** "First Last" (or the e-mail when both are empty), for the audit log. */
  name: string;
  tokenVersion: number;
  /** The admin signed in as this user, if any. */
  impersonatorId?: number;
  impersonatorName?: string;
  impersonationId?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser;
  }
  interface FastifyInstance {
    /** preHandler: any signed-in user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    signToken: (payload: TokenPayload, options?: { expiresIn?: number | string }) => string;
  }
}

export const displayName = (u: { first_name: string; last_name: string; email: string }) =>
  [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email;

/** The caller as the shared policy table sees them. */
export const policyActor = (auth: Pick<AuthUser, 'id' | 'role' | 'impersonatorId'>): PolicyActor => ({
  id: auth.id,
  role: auth.role,
  impersonating: auth.impersonatorId !== undefined,
});

/** The 403 a policy rule's reason answers; its code is the one the error envelope carries. */
export function deniedError(reason: Denial, errors: Record<string, Message[]> = {}) {
  // Every reason is a catalogue code (error-codes.ts), so it always travels with it (ADR 019).
  return new HttpError(403, reason, errors);
}

/** 403 with the policy's reason unless the caller may do `action` (to `target`). */
export function assertCan(
  who: Pick<AuthUser, 'id' | 'role' | 'impersonatorId'> | PolicyActor,
  action: PolicyAction,
  target?: PolicyUser,
): void {
  const reason = denial('impersonating' in who ? who : policyActor(who), action, target);
  if (reason) throw deniedError(reason);
}

/** A secret that is not configured is generated once and kept in the data directory. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { secret: string; expiresIn: string }) => {
  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { expiresIn: opts.expiresIn, algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  });

  app.decorateRequest('auth', null as unknown as AuthUser);
  app.decorate('signToken', (payload: TokenPayload, options?: { expiresIn?: number | string }) =>
    app.jwt.sign(payload, options ?? {}),
  );

  /**
   * Every request re-reads the user: a deleted user, a bumped token version, or (for
   * "log in as") an ended, expired or no-longer-admin impersonation is a 401 at once.
   */
  async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw unauthorized('Missing bearer token');
    let payload: TokenPayload;
    try {
      payload = await request.jwtVerify<TokenPayload>();
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw unauthorized(code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED' ? 'Token expired' : 'Invalid token');
    }
    const id = Number(payload.sub);
    const user = Number.isInteger(id) ? await findUserById(app.db, id) : undefined;
    if (!user) throw unauthorized('Invalid token');
    // Tokens from before versions existed carry none and count as version 0.
    if ((payload.ver ?? 0) !== user.token_version)
      throw unauthorized('Your session has ended. Please sign in again.');
    const auth: AuthUser = {
      id: user.id,
      role: user.role,
      email: user.email,
      name: displayName(user),
      tokenVersion: user.token_version,
    };
    if (payload.imp !== undefined) {
      const live =
        typeof payload.imps === 'number' ? await findLiveImpersonation(app.db, payload.imps) : undefined;
      if (
        !live ||
        live.admin.id !== payload.imp ||
        live.userId !== user.id ||
        live.admin.role !== 'admin' ||
        live.admin.token_version !== payload.impv
      ) {
        throw unauthorized('The session as another user has ended');
      }
      auth.impersonatorId = live.admin.id;
      auth.impersonatorName = displayName(live.admin);
      auth.impersonationId = payload.imps;
    }
    request.auth = auth;
  }

  app.decorate('authenticate', authenticate);
});
