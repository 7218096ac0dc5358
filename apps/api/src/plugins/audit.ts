import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isId, parseId, type AuditEntity } from '@planvy/shared';
import type { Db, DbOrTx, Tx } from '../db/client';
import { checkedProjectId } from './access';
import { insertAuditEntry, labelKindOf, labelsFor, type LabelKind } from '../modules/audit/repository';

/**
 * Where a value comes from: `param:x` (path), `body:x`, `query:x`, `response:a.b` (the
 * answer's JSON), `auth:id` (the signed-in user), or a function of the request and answer.
 */
export type AuditSource = `${'param' | 'body' | 'query' | 'response' | 'auth'}:${string}` | AuditFn;
type AuditFn = (request: FastifyRequest, response: unknown) => unknown;

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
  /**
   * The project. Default: the one the access hook checked (plugins/access.ts; a delete's is
   * resolved before it runs), else `param:projectId` when the path has one.
   */
  project?: AuditSource | null;
  /** Small non-secret facts. Default: the names (never the values) of the body's fields (`sentFields`). */
  detail?: (request: FastifyRequest, response: unknown, before: unknown) => Record<string, unknown>;
  /** Read in the write's transaction before the handler runs, and given to `detail` (e.g. the role before a change). */
  before?: (request: FastifyRequest, db: DbOrTx) => Promise<unknown>;
  /** Record only when this holds (e.g. an import that was applied, not previewed). */
  when?: (request: FastifyRequest) => boolean;
  /**
   * Where the write's transaction, which the entry joins, begins. 'route' (default): before
   * the handler, so everything it writes and the entry commit together. 'service': at the
   * handler's first `db.transaction()`, for uploads, which read and process their body and
   * put its bytes in the file store first; no transaction (on the embedded database: no
   * lock) waits for a slow client. What runs before then runs on its own (the file store's
   * note of a blob, which must commit before the bytes travel); the change itself, the
   * rows, must be made in that transaction.
   */
  transaction?: 'route' | 'service';
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
    auditState: AuditState | null;
  }
}

interface AuditState {
  spec: AuditSpec | undefined;
  response?: unknown;
  /** What `spec.before` answered. */
  before?: unknown;
  /** Names read before a delete, for the entry (the rows are gone after it). */
  names?: Names;
  work?: AuditedWrite;
}

/** What an entry keeps of the names of what it is about, in `detail.labels`. */
interface Names {
  entity?: string;
  project?: string;
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

const asId = (v: unknown): number | null =>
  typeof v === 'string' ? (parseId(v) ?? null) : isId(v) ? v : null;

/** "apartment" from /api/v1/admin/apartment/:id: what an undeclared route's URL names. */
function entityFromUrl(url: string): string {
  const parts = url.split('/').filter((p) => p && !p.startsWith(':'));
  const meaningful = parts.filter((p) => !['api', 'v1', 'v2', 'admin', 'client'].includes(p));
  return meaningful[0] ?? 'unknown';
}

/** The default detail: which fields were sent, never what they held. */
export function sentFields(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const fields = Object.keys(body).sort();
  return fields.length > 0 ? { fields } : {};
}

/** Thrown inside the transaction to roll it back; never leaves this module. */
const ROLL_BACK = Symbol('roll back');

/**
 * One audited request's transaction. Everything the request writes and its audit entry
 * commit together, or none of it does: a change never lands without its entry, and an
 * entry that cannot be written undoes the change. The transaction stays open while the
 * handler runs (`auditedDb` hands it out to the handler's queries) and ends once, when the
 * answer is known and before it leaves: committed with the entry, or rolled back.
 */
class AuditedWrite {
  private opening: Promise<Tx> | undefined;
  private tx: Tx | undefined;
  private release: ((outcome: { commit: boolean; last?: (tx: Tx) => Promise<void> }) => void) | undefined;
  private done: Promise<void> | undefined;
  private ending: Promise<void> | undefined;
  /** True while the handler runs: the transaction may not end under it. */
  running = false;

  constructor(
    private readonly db: Db,
    /** The transaction begins at the handler's first db.transaction(), not before the handler. */
    readonly late: boolean,
  ) {}

  /** The open transaction, for the request's queries; undefined before it begins and once it ends. */
  get active(): Tx | undefined {
    return this.ending ? undefined : this.tx;
  }

  get ended(): boolean {
    return this.ending !== undefined;
  }

  begin(): Promise<Tx> {
    this.opening ??= new Promise<Tx>((resolve, reject) => {
      this.done = this.db
        .transaction(async (tx) => {
          this.tx = tx;
          const outcome = await new Promise<{ commit: boolean; last?: (tx: Tx) => Promise<void> }>((r) => {
            this.release = r;
            resolve(tx);
          });
          if (!outcome.commit) throw ROLL_BACK;
          await outcome.last?.(tx);
        })
        .catch((err: unknown) => {
          if (err !== ROLL_BACK) throw err;
        });
      // A transaction that cannot even begin fails whoever waits for it.
      this.done.catch(reject);
    });
    return this.opening;
  }

  /** Commits after `last` (the entry) or rolls back; the first call decides. */
  end(commit: boolean, last?: (tx: Tx) => Promise<void>): Promise<void> {
    this.ending ??= (async () => {
      if (!this.opening) {
        // Nothing was written through a transaction: only the entry is left to write.
        if (!commit || !last) return;
        void this.begin();
      }
      await this.opening;
      this.release!({ commit, last });
      await this.done;
    })();
    return this.ending;
  }
}

const current = new AsyncLocalStorage<AuditedWrite>();

function member(target: object, prop: PropertyKey): unknown {
  const value: unknown = Reflect.get(target, prop);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}

/**
 * `db` as the app's routes and services use it: inside an audited write, every query goes to
 * that request's transaction, and `db.transaction()` becomes a savepoint in it, so services
 * keep their own all-or-nothing blocks. Anywhere else it is `db` itself.
 */
export function auditedDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const work = current.getStore();
      if (!work || work.ended) return member(target, prop);
      const tx = work.active;
      if (tx) return member(tx, prop);
      if (work.late && prop === 'transaction') {
        // A savepoint in the request's transaction, which begins here.
        return (callback: Parameters<Db['transaction']>[0]) =>
          work.begin().then((open) => open.transaction(callback));
      }
      return member(target, prop);
    },
  });
}

export const auditPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('auditState', null);
  app.decorate('writeRoutes', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (WRITES.has(method)) {
        app.writeRoutes.push({ method, url: route.url, declared: Boolean(route.config?.audit) });
      }
    }
    const handler = route.handler;
    /** The handler in the audited write's transaction. */
    const audited = async function (
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
      state: AuditState,
    ) {
      const work = new AuditedWrite(opts.db, state.spec?.transaction === 'service');
      state.work = work;
      let result: unknown;
      work.running = true;
      try {
        const db = work.late ? opts.db : await work.begin();
        if (request.method === 'DELETE') state.names = await namesOf(db, request, state, undefined);
        if (state.spec?.before) state.before = await state.spec.before(request, db);
        result = await current.run(work, () => handler.call(this, request, reply));
      } catch (err) {
        work.running = false;
        // The handler's error is the answer; a rollback that fails too (the database gone) is only logged.
        await work
          .end(false)
          .catch((rollbackErr: unknown) =>
            request.log.warn({ err: rollbackErr }, 'audited write not rolled back cleanly'),
          );
        throw err;
      }
      work.running = false;
      const ok = reply.statusCode >= 200 && reply.statusCode < 300;
      if (result !== reply && result !== undefined) {
        // Fastify sends this answer next: commit, with the entry, before it goes (a time-out
        // that answered meanwhile has set a status that rolls back).
        await work.end(ok, (tx) => record(tx, request, state, result));
      } else if (!ok) {
        await work.end(false);
      }
      // Otherwise the handler sent its own success (reply.send): onSend commits it.
      return result;
    };
    // Every route is wrapped; the request decides (auditState) whether it is an audited write.
    // Not async itself: a handler that answers later through reply (a static file) must still
    // return what it returns, or Fastify would answer its `undefined` at once.
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const state = request.auditState;
      return state ? audited.call(this, request, reply, state) : handler.call(this, request, reply);
    };
  });

  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.auth) return;
    const spec = request.routeOptions.config.audit;
    if (!spec && !WRITES.has(request.method)) return;
    if (spec?.when && !spec.when(request)) return;
    request.auditState = { spec };
  });

  app.addHook('preSerialization', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (request.auditState) request.auditState.response = payload;
    return payload;
  });

  // A handler that sends its own answer (reply.send) commits here, before the answer leaves.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const state = request.auditState;
    const work = state?.work;
    if (!state || !work || work.ended) return payload;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    // Another answer sent while the handler still runs (a time-out) is not its outcome: the
    // transaction ends when the handler does, rolled back.
    if (!ok && work.running) return payload;
    await work.end(ok, (tx) => record(tx, request, state, state.response));
    return payload;
  });
});

/** The project and the entity an entry is about; `response` is undefined before the handler. */
function targetOf(
  request: FastifyRequest,
  state: AuditState,
  response: unknown,
): { projectId: number | null; entityId: string | null } {
  const { spec } = state;
  const params = request.params as Record<string, unknown> | undefined;
  let projectId: number | null;
  if (spec?.project === null) projectId = null;
  else if (spec?.project) projectId = asId(read(spec.project, request, response));
  else projectId = checkedProjectId(request) ?? asId(params?.projectId);

  const rawId = spec?.id === null ? null : read(spec?.id ?? 'param:id', request, response);
  const entityId = typeof rawId === 'number' || typeof rawId === 'string' ? String(rawId) : null;
  return { projectId, entityId };
}

function entityOf(request: FastifyRequest, state: AuditState): string {
  return state.spec?.entity ?? entityFromUrl(request.routeOptions.url ?? request.url);
}

/** The current names of the entry's entity and project, as `db` sees them. */
async function namesOf(
  db: DbOrTx,
  request: FastifyRequest,
  state: AuditState,
  response: unknown,
): Promise<Names> {
  const { projectId, entityId } = targetOf(request, state, response);
  const kind = labelKindOf(entityOf(request, state));
  const id = asId(entityId);
  const ids: Partial<Record<LabelKind, number[]>> = {};
  if (kind && id !== null) ids[kind] = [id];
  if (projectId !== null) ids.project = [...(ids.project ?? []), projectId];
  if (Object.keys(ids).length === 0) return {};
  const found = await labelsFor(db, ids);
  return {
    ...(kind && id !== null && found[kind].has(id) ? { entity: found[kind].get(id) } : {}),
    ...(projectId !== null && found.project.has(projectId) ? { project: found.project.get(projectId) } : {}),
  };
}

async function record(tx: Tx, request: FastifyRequest, state: AuditState, response: unknown): Promise<void> {
  const { spec } = state;
  const auth = request.auth;
  const url = request.routeOptions.url ?? request.url;
  const { projectId, entityId } = targetOf(request, state, response);
  // Names as they are now (after the change), else as they were before a delete: a deleted
  // item, and the entries of a deleted project, keep theirs.
  const now = request.method === 'DELETE' ? {} : await namesOf(tx, request, state, response);
  const labels = { ...state.names, ...now };

  const impersonating = auth.impersonatorId !== undefined;
  await insertAuditEntry(tx, {
    actor_id: impersonating ? auth.impersonatorId : auth.id,
    actor_name: impersonating ? (auth.impersonatorName ?? '') : auth.name,
    as_user_id: impersonating ? auth.id : null,
    as_user_name: impersonating ? auth.name : null,
    action: spec?.action ?? DEFAULT_ACTION[request.method] ?? request.method.toLowerCase(),
    entity_type: entityOf(request, state),
    entity_id: entityId,
    project_id: projectId,
    detail: {
      ...(spec?.detail
        ? spec.detail(request, response, state.before)
        : { ...sentFields(request.body), ...(spec ? {} : { undeclared: true }) }),
      ...(Object.keys(labels).length > 0 ? { labels } : {}),
    },
    route: `${request.method} ${url}`,
    request_id: request.id,
  });
}
