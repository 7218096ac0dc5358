import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  idParams,
  projectIdParams,
  releaseApartmentsSchema,
  releaseCreateSchema,
  releaseProtocolSchema,
  releaseResponseSchema,
  releaseRunResponseSchema,
  releasesResponseSchema,
  releaseStepSchema,
  releaseUpdateSchema,
  releaseVersionSchema,
  type PolicyAction,
} from '../../lib/schemas';
import { checkedProject } from '../../plugins/access';
import type { AuditSpec } from '../../plugins/audit';
import { checkedProjectView } from '../../plugins/public-view-freshness';
import { holdConfig } from '../holds/service';
import * as service from './service';

const tags = ['releases'];
const itemParams = projectIdParams.extend({ id: idParams.shape.id });
const access = (action: PolicyAction) => ({ action, project: 'param:projectId' }) as const;

/** What an audit entry of a release keeps: its state and rules version after the change. */
const audit = (action?: string): AuditSpec => ({
  entity: 'release',
  ...(action ? { action } : {}),
  id: (request, response) =>
    (response as { release?: { id: number } } | undefined)?.release?.id ??
    (request.params as { id?: string }).id,
  detail: (request, response) => {
    const release = (response as { release?: { state: string; rules_version: number } } | undefined)?.release;
    const body = request.body as Record<string, unknown> | undefined;
    return {
      ...(body && typeof body === 'object' ? { fields: Object.keys(body).sort() } : {}),
      ...(release ? { state: release.state, rules_version: release.rules_version } : {}),
    };
  },
});

/**
 * v1 /{admin|client}/releases/{projectId}/…: a project's releases (ADR 040), their rules and
 * times, the step buttons, pausing, the allocation run and its approval.
 */
export const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/releases/:projectId',
    {
      config: { access: access('release.read') },
      schema: {
        tags,
        summary: "The project's releases, oldest first",
        security: bearer,
        params: projectIdParams,
        response: { 200: releasesResponseSchema },
      },
    },
    async (request) => ({ releases: await service.listReleases(app.db, checkedProject(request).id) }),
  );

  app.post(
    '/releases/:projectId',
    {
      config: { access: access('release.manage'), audit: audit(), publicView: false },
      schema: {
        tags,
        summary: 'Create a release (draft) with its settings, times and apartments',
        description:
          'Times follow each other: wishes open < wishes close ≤ public < closes (first come: public < closes). An apartment already in another release is a 409.',
        security: bearer,
        params: projectIdParams,
        body: releaseCreateSchema,
        response: { 201: releaseResponseSchema },
      },
    },
    async (request, reply) => {
      const release = await service.createRelease(
        app.db,
        request.auth,
        checkedProject(request),
        request.body,
      );
      reply.status(201);
      return { release };
    },
  );

  app.get(
    '/releases/:projectId/:id',
    {
      config: { access: access('release.read') },
      schema: {
        tags,
        summary: 'One release',
        security: bearer,
        params: itemParams,
        response: { 200: releaseResponseSchema },
      },
    },
    async (request) => ({
      release: await service.getRelease(app.db, checkedProject(request).id, request.params.id),
    }),
  );

  app.put(
    '/releases/:projectId/:id',
    {
      config: { access: access('release.manage'), audit: audit(), publicView: checkedProjectView },
      schema: {
        tags,
        summary: "Change a release's settings, times or rules text",
        description:
          'After scheduling, a change of the rules publishes a new rules version. Mode, tiers, maximum wishes and the household rule are fixed once the wish window has opened (409).',
        security: bearer,
        params: itemParams,
        body: releaseUpdateSchema,
        response: { 200: releaseResponseSchema },
      },
    },
    async (request) => ({
      release: await service.updateRelease(
        app.db,
        request.auth,
        checkedProject(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/releases/:projectId/:id',
    {
      config: { access: access('release.manage'), audit: audit(), publicView: false },
      schema: { tags, summary: 'Delete a release in draft', security: bearer, params: itemParams },
    },
    async (request, reply) => {
      await service.deleteRelease(app.db, checkedProject(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/releases/:projectId/:id/apartments',
    {
      config: {
        access: access('release.manage'),
        audit: audit('apartments'),
        publicView: checkedProjectView,
      },
      schema: {
        tags,
        summary: "Set the release's apartments (the project's own, each in at most one release)",
        security: bearer,
        params: itemParams,
        body: releaseApartmentsSchema,
        response: { 200: releaseResponseSchema },
      },
    },
    async (request) => ({
      release: await service.putApartments(
        app.db,
        request.auth,
        checkedProject(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.post(
    '/releases/:projectId/:id/rules',
    {
      config: { access: access('release.manage'), audit: audit('publish_rules'), publicView: false },
      schema: {
        tags,
        summary: 'Publish the rules as they stand (a new version only if they changed)',
        security: bearer,
        params: itemParams,
        body: releaseVersionSchema,
        response: { 200: releaseResponseSchema },
      },
    },
    async (request) => ({
      release: await service.publishRules(
        app.db,
        request.auth,
        checkedProject(request),
        request.params.id,
        request.body.version,
      ),
    }),
  );

  app.post(
    '/releases/:projectId/:id/step',
    {
      config: { access: access('release.manage'), audit: audit('step'), publicView: checkedProjectView },
      schema: {
        tags,
        summary: 'Move the release to its next state (the button beside the timer)',
        description:
          'Send the state and version you saw; 409 when the release has moved or changed since. The allocation (run) and its approval are their own actions.',
        security: bearer,
        params: itemParams,
        body: releaseStepSchema,
        response: { 200: releaseResponseSchema },
      },
    },
    async (request) => ({
      release: await service.step(
        app.db,
        request.auth,
        checkedProject(request),
        request.params.id,
        request.body,
        holdConfig(app.config),
      ),
    }),
  );

  for (const [path, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/releases/:projectId/:id/${path}`,
      {
        config: { access: access('release.pause'), audit: audit(path), publicView: checkedProjectView },
        schema: {
          tags,
          summary: paused
            ? 'Stop the timer: the release does not move until resumed (admins)'
            : 'Start the timer again; a step that fell due meanwhile happens now (admins)',
          security: bearer,
          params: itemParams,
          body: releaseVersionSchema,
          response: { 200: releaseResponseSchema },
        },
      },
      async (request) => ({
        release: await service.setPaused(
          app.db,
          checkedProject(request),
          request.params.id,
          paused,
          request.body.version,
          holdConfig(app.config),
        ),
      }),
    );
  }

  app.get(
    '/releases/:projectId/:id/run',
    {
      config: { access: access('release.read') },
      schema: {
        tags,
        summary: 'The allocation run in force, each person in priority order (entry ids, no names)',
        security: bearer,
        params: itemParams,
        response: { 200: releaseRunResponseSchema },
      },
    },
    async (request) => service.currentRunOf(app.db, checkedProject(request), request.params.id),
  );

  app.post(
    '/releases/:projectId/:id/run',
    {
      config: {
        access: access('release.manage'),
        audit: {
          ...audit('run'),
          detail: (_request, response) => {
            const run = (response as { run?: { id: number; input_digest: string } } | undefined)?.run;
            return run ? { run: run.id, input_digest: run.input_digest } : {};
          },
        },
        publicView: checkedProjectView,
      },
      schema: {
        tags,
        summary: 'Run the allocation on the frozen wishes (wishes closed), or run it again before approval',
        description:
          'The same seed each time; a re-run supersedes the run not yet approved. Stores the input, the protocol, its digest and the algorithm version.',
        security: bearer,
        params: itemParams,
        response: { 200: releaseRunResponseSchema },
      },
    },
    async (request) =>
      service.run(app.db, request.auth, checkedProject(request), request.params.id, holdConfig(app.config)),
  );

  app.post(
    '/releases/:projectId/:id/approve',
    {
      config: {
        access: access('release.manage'),
        audit: {
          ...audit('approve'),
          detail: (_request, response) => {
            const run = (response as { run?: { id: number } } | undefined)?.run;
            return run ? { run: run.id } : {};
          },
        },
        publicView: checkedProjectView,
      },
      schema: {
        tags,
        summary: 'Approve the allocation run in force: the release moves to offers out',
        security: bearer,
        params: itemParams,
        body: releaseVersionSchema,
        response: { 200: releaseRunResponseSchema },
      },
    },
    async (request) =>
      service.approve(
        app.db,
        request.auth,
        checkedProject(request),
        request.params.id,
        request.body.version,
        holdConfig(app.config),
      ),
  );
};

/** v1 public: a release's protocol, for anyone to re-run the draw (ADR 039/040). */
export const releasePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/releases/:id/protocol',
    {
      schema: {
        tags,
        summary: "A release's rules, seed commitment and (after the run) its pseudonymous input and protocol",
        description:
          'Nothing before the wish window opens (404). Re-run with verifyProtocol(protocol, input, { commitment }) from @planvy/shared/allocation.',
        params: idParams,
        response: { 200: releaseProtocolSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.publicProtocol(app.db, request.params.id);
    },
  );
};
