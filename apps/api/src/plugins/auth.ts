import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@planvy/shared';
import { forbidden, unauthorized } from '../lib/http-error';
import { findUserById } from '../modules/users/repository';

export interface TokenPayload {
  sub: string;
  /** Set when an admin signed in as this user: the admin's own id. */
  imp?: number;
}

export interface AuthUser {
  id: number;
  role: Role;
  email: string;
  impersonatorId?: number;
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
    /** preHandler factory: a signed-in user with one of these roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest) => Promise<void>;
    signToken: (payload: TokenPayload) => string;
  }
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
  app.decorate('signToken', (payload: TokenPayload) => app.jwt.sign(payload));

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
    request.auth = {
      id: user.id,
      role: user.role,
      email: user.email,
      impersonatorId: payload.imp,
    };
  }

  app.decorate('authenticate', authenticate);
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    await authenticate(request);
    if (!roles.includes(request.auth.role)) throw forbidden();
  });
});
