import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseId, USER_GATES, type PolicyAction, type Project } from '@planvy/shared';
import { notFound } from '../lib/http-error';
import * as apartmentRepo from '../modules/apartments/repository';
import * as fileRepo from '../modules/files/repository';
import * as projectRepo from '../modules/projects/repository';
import { releaseNotFound } from '../modules/releases/offers';
import { findRelease } from '../modules/releases/repository';
import { projectNotFound, scopeFor, toProject } from '../modules/projects/service';
import * as sunStudyRepo from '../modules/sunstudy/repository';
import { getConfig } from '../modules/users/repository';
import { assertCan, policyActor } from './auth';

/**
 * The one access hook (ADR 027). A route declares what it does once, in its config:
 *
 *   config: { access: { action: 'settings.update', project: 'param:projectId' } }
 *   config: { access: { action: 'apartment.update', row: 'apartment' } }       // :id names the row
 *   config: { access: { action: 'statistics.read' } }                         // no project
 *
 * and this hook signs the caller in, refuses a non-admin on an /admin/… path (the route's
 * prefix context), parses the id once (canonical decimal only), loads the row and its
 * project once with the caller's scope (outside it: 404, the same as missing), applies the
 * policy table (403 with the rule's reason), and hands the checked project and row on
 * (`checkedProject`, `checkedRow`). Services take them and check nothing again; the audit
 * and public-view plugins read the project from here too.
 *
 * Ids in the path are checked in onRequest, before the body is read, so nobody makes the
 * server take in a body for a project they may not change; a project named in the body
 * (v2 routes) is checked in preHandler, after validation.
 */

/** The route-prefix contexts: the same module registered under /admin and under /client. */
export type RouteContext = 'admin' | 'client';
export const ROUTE_CONTEXTS: readonly RouteContext[] = ['admin', 'client'];

const ROWS = {
  apartment: {
    find: apartmentRepo.findApartment,
    missing: () => notFound('Apartment'),
  },
  file: { find: fileRepo.findFile, missing: () => notFound('File') },
  sunStudy: { find: sunStudyRepo.findEntry, missing: () => notFound('Sun study file') },
  release: { find: findRelease, missing: releaseNotFound },
} as const;

type RowKind = keyof typeof ROWS;
type RowOf<K extends RowKind> = NonNullable<Awaited<ReturnType<(typeof ROWS)[K]['find']>>>;

export interface AccessSpec {
  action: PolicyAction;
  /** Where the project is named: a path parameter, or (v2) a body field. */
  project?: 'param:projectId' | 'param:id' | 'body:projectId';
  /** A row named by a path parameter (default `id`); its project is the one checked. */
  row?: RowKind;
  param?: 'id' | 'fileId';
}

interface Checked {
  project?: Project;
  row?: { kind: RowKind; value: unknown };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route, for what (plugins/access.ts). */
    access?: AccessSpec;
    /** Set by the route-prefix context the route was registered in (`withContext`). */
    context?: RouteContext;
  }
  interface FastifyRequest {
    /** What the access hook checked: the project, and the row the path names. */
    checked: Checked | null;
  }
  interface FastifyInstance {
    /** Every route and the access it declares (read by the test that keeps writes declared). */
    accessRoutes: { method: string; url: string; access: AccessSpec | undefined }[];
  }
}

/** The project the access hook checked for this request. */
export function checkedProject(request: FastifyRequest): Project {
  const project = request.checked?.project;
  // A route that reads it without declaring a project is a programming error, not a 4xx.
  if (!project) throw new Error(`${request.routeOptions.url ?? request.url} declares no project access`);
  return project;
}

/** The row (apartment, file, sun-study entry) the access hook loaded and checked. */
export function checkedRow<K extends RowKind>(request: FastifyRequest, kind: K): RowOf<K> {
  const row = request.checked?.row;
  if (row?.kind !== kind)
    throw new Error(`${request.routeOptions.url ?? request.url} declares no ${kind} access`);
  return row.value as RowOf<K>;
}

/** The project id the access hook resolved, for the audit entry and the public view's freshness. */
export const checkedProjectId = (request: FastifyRequest): number | undefined => request.checked?.project?.id;

/** Registers routes under /{context}, each marked with the context (an /admin path is for admins only). */
export async function inContext(
  app: FastifyInstance,
  context: RouteContext,
  register: (scoped: FastifyInstance, context: RouteContext) => Promise<void>,
): Promise<void> {
  await app.register(
    async (scoped) => {
      scoped.addHook('onRoute', (route) => {
        route.config = { ...route.config, context };
      });
      await register(scoped, context);
    },
    { prefix: `/${context}` },
  );
}

/** Registers routes once under each context: declared once, reachable from the back office and the client app. */
export async function withContexts(
  app: FastifyInstance,
  register: (scoped: FastifyInstance, context: RouteContext) => Promise<void>,
): Promise<void> {
  for (const context of ROUTE_CONTEXTS) await inContext(app, context, register);
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('checked', null);
  app.decorate('accessRoutes', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      app.accessRoutes.push({ method, url: route.url, access: route.config?.access });
  });

  async function loadProject(request: FastifyRequest, id: number): Promise<Project | undefined> {
    const row = await projectRepo.findProject(app.db, id, scopeFor(request.auth));
    return row && toProject(row);
  }

  async function applyPolicy(request: FastifyRequest, action: PolicyAction): Promise<void> {
    const actor = policyActor(request.auth);
    if (action === 'statistics.read' && actor.role !== 'admin') {
      actor.statistics = (await getConfig(app.db, actor.id, 'project_statistic')) === '1';
    }
    assertCan(actor, action);
  }

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const spec = config.access;
    if (!spec) return;
    await app.authenticate(request);
    if (config.context === 'admin') assertCan(request.auth, 'context.admin');
    const gate = USER_GATES.has(spec.action);
    if (gate) await applyPolicy(request, spec.action);
    // A project named in the body is checked once the body is read and valid (preHandler).
    if (spec.project === 'body:projectId') return;

    const params = request.params as Record<string, unknown>;
    if (spec.row) {
      const kind = spec.row;
      // Not an id: answered 404 before the body is read (plugins/url-input.ts).
      const id = parseId(params[spec.param ?? 'id']);
      if (id === undefined) return;
      const row = await ROWS[kind].find(app.db, id);
      const project = row && (await loadProject(request, row.project_id));
      if (!row || !project) throw ROWS[kind].missing();
      request.checked = { project, row: { kind, value: row } };
    } else if (spec.project) {
      const id = parseId(params[spec.project === 'param:id' ? 'id' : 'projectId']);
      if (id === undefined) return;
      const project = await loadProject(request, id);
      if (!project) throw projectNotFound();
      request.checked = { project };
    }
    // Someone else's project is a 404 before it is a 403: the caller learns nothing about it.
    if (!gate) await applyPolicy(request, spec.action);
  });

  app.addHook('preHandler', async (request) => {
    const spec = request.routeOptions.config.access;
    if (spec?.project !== 'body:projectId') return;
    const id = (request.body as { projectId?: unknown } | undefined)?.projectId;
    const project = typeof id === 'number' ? await loadProject(request, id) : undefined;
    if (!project) throw projectNotFound();
    request.checked = { project };
    await applyPolicy(request, spec.action);
  });
});
