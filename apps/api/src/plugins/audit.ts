import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq, getTableName } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditEntity } from '@planvy/shared';
import type { Db } from '../db/client';
import { insertAuditEntry } from '../modules/audit/repository';

/**
 * Where a value comes from: `param:x` (path), `body:x`, `query:x`, `response:a.b` (the
 * answer's JSON), `auth:id` (the signed-in user), or a function of the request and answer.
 */
export type AuditSource = `${'param' | 'body' | 'query' | 'response' | 'auth'}:${string}` | AuditFn;
type AuditFn = (request: FastifyRequest, response: unknown) => unknown;

/** Resolves a project before the handler runs, so a delete still finds the project of what it deletes. */
export interface ProjectLookup {
  lookup: (request: FastifyRequest, db: Db) => Promise<number | null>;
}

/**
 * Route metadata (`config: { audit: … }`) that says what a write changes. Every
 * successful signed-in POST/PUT/PATCH/DELETE is recorded whether or not it declares
 * this (an undeclared one is logged with what its URL says); declaring names the entity
 * and project properly. A GET that changes something (log in as) declares it to be recorded.
 */
export interface AuditSpec {
  entity: AuditEntity;
  /** create, update, delete, status, import…; defaults from the method. */
  action?: string;
  /** The entity's id. Default: `param:id`. */
  id?: AuditSource | null;
  /** The project. Default: `param:projectId` when the path has one. */
  project?: AuditSource | ProjectLookup | null;
  /** Small non-secret facts. Default: the names (never the values) of the body's fields. */
  detail?: (request: FastifyRequest, response: unknown) => Record<string, unknown>;
  /** Record only when this holds (e.g. an import that was applied, not previewed). */
  when?: (request: FastifyRequest) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditSpec;
  }
  interface FastifyInstance {
    /** Every POST/PUT/PATCH/DELETE route and whether it declares audit metadata (checked by a test). */
    writeRoutes: { method: string; url: string; declared: boolean }[];
  }
  interface FastifyRequest {
    /** Set before the handler when this request is to be recorded. */
    auditState: { spec: AuditSpec | undefined; projectId?: number | null; response?: unknown } | null;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEFAULT_ACTION: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

function pick(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function read(source: AuditSource, request: FastifyRequest, response: unknown): unknown {
  if (typeof source === 'function') return source(request, response);
  const [where, path] = source.split(/:(.*)/s) as [string, string];
  switch (where) {
    case 'param':
      return pick(request.params, path);
    case 'body':
      return pick(request.body, path);
    case 'query':
      return pick(request.query, path);
    case 'response':
      return pick(response, path);
    case 'auth':
      return pick(request.auth, path);
    default:
      return undefined;
  }
}

const asId = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
};

/**
 * Row → project answers of the current request. The audit plugin and the public view's
 * freshness plugin both need the project of the row a `/:id` write names; the first asks
 * the database and the second gets the same answer (the same promise), so a write looks its
 * row's project up once. Per request, so no answer outlives the request that read it.
 */
const projectsByRequest = new WeakMap<FastifyRequest, Map<string, Promise<number | null>>>();

/** A project lookup by the `id` path parameter in a table with `id` and `project_id` columns. */
export function projectOf(
  table: PgTable & { id: AnyPgColumn; project_id: AnyPgColumn },
  param = 'id',
): ProjectLookup {
  return {
    lookup: (request, db) => {
      const id = asId(pick(request.params, param));
      if (id === null) return Promise.resolve(null);
      let answers = projectsByRequest.get(request);
      if (!answers) projectsByRequest.set(request, (answers = new Map<string, Promise<number | null>>()));
      const key = `${getTableName(table)}:${id}`;
      let answer = answers.get(key);
      if (!answer) {
        answer = db
          .select({ projectId: table.project_id })
          .from(table)
          .where(eq(table.id, id))
          .then(([row]) => asId(row?.projectId));
        answers.set(key, answer);
      }
      return answer;
    },
  };
}

/** "apartment" from /api/v1/admin/apartment/:id: what an undeclared route's URL names. */
function entityFromUrl(url: string): string {
  const parts = url.split('/').filter((p) => p && !p.startsWith(':'));
  const meaningful = parts.filter((p) => !['api', 'v1', 'v2', 'admin', 'client'].includes(p));
  return meaningful[0] ?? 'unknown';
}

/** The default detail: which fields were sent, never what they held. */
function fieldNames(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const fields = Object.keys(body).sort();
  return fields.length > 0 ? { fields } : {};
}

export const auditPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auditState', null);
  app.decorate('writeRoutes', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (WRITES.has(method)) {
        app.writeRoutes.push({ method, url: route.url, declared: Boolean(route.config?.audit) });
      }
    }
  });

  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.auth) return;
    const spec = request.routeOptions.config.audit;
    if (!spec && !WRITES.has(request.method)) return;
    if (spec?.when && !spec.when(request)) return;
    const state: NonNullable<FastifyRequest['auditState']> = { spec };
    const project = spec?.project;
    if (typeof project === 'object' && project !== null)
      state.projectId = await project.lookup(request, app.db);
    request.auditState = state;
  });

  app.addHook('preSerialization', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (request.auditState) request.auditState.response = payload;
    return payload;
  });

  // onSend, not onResponse: the entry is written before the caller hears "done".
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const state = request.auditState;
    if (!state || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    try {
      await record(app.db, request, state);
    } catch (err) {
      // The change itself is committed; a lost entry is an operator's problem, not the caller's.
      request.log.error({ err, route: request.routeOptions.url }, 'audit entry not written');
    }
    return payload;
  });
});

async function record(
  db: Db,
  request: FastifyRequest,
  state: NonNullable<FastifyRequest['auditState']>,
): Promise<void> {
  const { spec, response } = state;
  const auth = request.auth;
  const url = request.routeOptions.url ?? request.url;
  const params = request.params as Record<string, unknown> | undefined;

  let projectId: number | null;
  if (state.projectId !== undefined) projectId = state.projectId;
  else if (spec?.project === null) projectId = null;
  else if (spec?.project && typeof spec.project !== 'object')
    projectId = asId(read(spec.project, request, response));
  else projectId = asId(params?.projectId);

  const rawId = spec?.id === null ? null : read(spec?.id ?? 'param:id', request, response);
  const entityId = typeof rawId === 'number' || typeof rawId === 'string' ? String(rawId) : null;

  const impersonating = auth.impersonatorId !== undefined;
  await insertAuditEntry(db, {
    actor_id: impersonating ? auth.impersonatorId : auth.id,
    actor_name: impersonating ? (auth.impersonatorName ?? '') : auth.name,
    as_user_id: impersonating ? auth.id : null,
    as_user_name: impersonating ? auth.name : null,
    action: spec?.action ?? DEFAULT_ACTION[request.method] ?? request.method.toLowerCase(),
    entity_type: spec?.entity ?? entityFromUrl(url),
    entity_id: entityId,
    project_id: projectId,
    detail: spec?.detail
      ? spec.detail(request, response)
      : { ...fieldNames(request.body), ...(spec ? {} : { undeclared: true }) },
    route: `${request.method} ${url}`,
    request_id: request.id,
  });
}
