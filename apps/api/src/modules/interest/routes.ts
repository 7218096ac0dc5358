import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  excelCsv,
  idParams,
  interestAcceptedSchema,
  interestAddSchema,
  interestDemandSchema,
  interestEmailSchema,
  interestEntryResponseSchema,
  interestFormTokenSchema,
  interestListQuerySchema,
  interestListSchema,
  interestMineSchema,
  interestPreferencesSchema,
  interestSubmitSchema,
  interestTokenSchema,
  interestUpdateSchema,
  projectIdParams,
  serverMessage,
  z,
} from '../../lib/schemas';
import { HttpError } from '../../lib/http-error';
import { checkedProject } from '../../plugins/access';
import { fromHandler } from '../../plugins/public-view-freshness';
import type { InterestFormTokens } from './form-token';
import * as repo from './repository';
import * as service from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the interest form's "shown at" stamp (ADR 036). */
    interestForms: InterestFormTokens;
    interestLimits: service.InterestLimits;
  }
}

const tags = ['interest'];
export const langQuery = z.object({ lang: z.enum(['sv', 'en']).default('sv') });
export const mineResponse = interestMineSchema.extend({ rules: z.array(z.string()) });

/** Only JSON: a form or text/plain post is what another site can send from a visitor's browser unasked. */
export async function jsonOnly(request: { headers: Record<string, string | string[] | undefined> }) {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'Send the form as application/json');
}

/** 404 for a project that does not take registrations (or does not exist): the same answer. */
async function openProject(app: Parameters<FastifyPluginAsyncZod>[0], projectId: number) {
  const { enabled } = await service.interestSettings(app.db, projectId);
  if (!enabled) throw new HttpError(404, serverMessage('interestClosed'));
}

/** v1 public: the widget's form and the buyer's own page, no sign-in (ADR 036). */
export const interestPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/view/:projectId/interest/form',
    {
      schema: {
        tags,
        summary: 'A signed "form shown at" stamp, sent back with the registration',
        params: projectIdParams,
        response: { 200: interestFormTokenSchema },
      },
    },
    async (request, reply) => {
      await openProject(app, request.params.projectId);
      reply.header('cache-control', 'no-store');
      return { form_token: app.interestForms.issue(request.params.projectId) };
    },
  );

  app.post(
    '/public/view/:projectId/interest',
    {
      onRequest: jsonOnly,
      bodyLimit: 16 * 1024,
      config: { publicView: false },
      schema: {
        tags,
        summary: 'Register interest (double opt-in: a confirmation link is mailed)',
        description:
          'JSON only. The same 202 whether the address is new, pending or confirmed. A filled honeypot is ' +
          'answered 202 and dropped; a form sent sooner than the minimum fill time or with a stale stamp is 422.',
        params: projectIdParams,
        body: interestSubmitSchema,
        response: { 202: interestAcceptedSchema },
      },
    },
    async (request, reply) => {
      const { projectId } = request.params;
      await openProject(app, projectId);
      reply.status(202);
      if (request.body.website) return { accepted: true as const };
      if (!app.interestForms.check(projectId, request.body.form_token)) {
        throw new HttpError(422, serverMessage('interestFormStale'), {
          form_token: [serverMessage('interestFormStale')],
        });
      }
      await app.interestLimits.admit(projectId, request.ip);
      if (await app.interestLimits.mayMail(projectId, request.body.email)) {
        await service.register(app.db, app.config, projectId, service.fromWidget(request.body));
      }
      return { accepted: true as const };
    },
  );

  app.post(
    '/public/view/:projectId/interest/link',
    {
      onRequest: jsonOnly,
      bodyLimit: 1024,
      config: { publicView: false },
      schema: {
        tags,
        summary: '"Send me my link again": answered the same whether or not the address is registered',
        params: projectIdParams,
        body: interestEmailSchema,
        response: { 202: interestAcceptedSchema },
      },
    },
    async (request, reply) => {
      const { projectId } = request.params;
      await openProject(app, projectId);
      await app.interestLimits.admit(projectId, request.ip);
      if (await app.interestLimits.mayMail(projectId, request.body.email)) {
        await service.resendLink(app.db, app.config, projectId, request.body.email);
      }
      return reply.status(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/public/interest/confirm',
    {
      onRequest: jsonOnly,
      bodyLimit: 1024,
      // Wishes in a release that shows its demand count from now (ADR 041).
      config: { publicView: fromHandler },
      schema: {
        tags,
        summary:
          'Confirm a registration with the mailed token (within 7 days); the link to My page is mailed',
        body: interestTokenSchema,
        querystring: langQuery,
        response: { 200: mineResponse },
      },
    },
    async (request) => {
      const done = await service.confirm(app.db, app.config, request.body.token);
      if (done.demandChanged) request.publicViewProject = done.projectId;
      return service.mine(app.db, done.pageToken, request.query.lang);
    },
  );

  app.post(
    '/public/interest/me',
    {
      onRequest: jsonOnly,
      bodyLimit: 1024,
      config: { publicView: false },
      schema: {
        tags,
        summary: 'My page: the registration, its queue place (confirmation time) and the rules',
        body: interestTokenSchema,
        querystring: langQuery,
        response: { 200: mineResponse },
      },
    },
    async (request) => service.mine(app.db, request.body.token, request.query.lang),
  );

  app.put(
    '/public/interest/me',
    {
      onRequest: jsonOnly,
      bodyLimit: 4096,
      config: { publicView: false },
      schema: {
        tags,
        summary: 'My page: change wishes (rooms, highest price, apartments in order); the queue place stays',
        body: interestPreferencesSchema.extend(interestTokenSchema.shape),
        querystring: langQuery,
        response: { 200: mineResponse },
      },
    },
    async (request) => {
      const { token, ...prefs } = request.body;
      return service.updateMine(app.db, token, prefs, request.query.lang);
    },
  );

  app.post(
    '/public/interest/me/withdraw',
    {
      onRequest: jsonOnly,
      bodyLimit: 1024,
      // A withdrawn entry's wishes no longer count in a release's public demand (ADR 041).
      config: { publicView: fromHandler },
      schema: {
        tags,
        summary: "My page: withdraw the registration (erased after the project's retention)",
        body: interestTokenSchema,
        querystring: langQuery,
        response: { 200: mineResponse },
      },
    },
    async (request) => {
      const mine = await service.withdrawMine(app.db, request.body.token, request.query.lang);
      if (mine.releases.length > 0) request.publicViewProject = mine.project.id;
      return mine;
    },
  );

  app.post(
    '/public/interest/me/data',
    {
      onRequest: jsonOnly,
      bodyLimit: 1024,
      config: { publicView: false },
      schema: {
        tags,
        summary: 'My page: everything stored about me for this project, consents included, as JSON',
        body: interestTokenSchema,
        querystring: langQuery,
      },
    },
    async (request, reply) => {
      const data = await service.myData(app.db, request.body.token, request.query.lang);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="my-interest.json"')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );
};

const CSV_HEADERS = {
  sv: [
    'Kö',
    'Namn',
    'E-post',
    'Telefon',
    'Status',
    'Källa',
    'Anmäld',
    'Bekräftad',
    'Rum',
    'Maxpris',
    'Bostäder',
    'Nivå',
    'Anteckningar',
    'Nyhetsbrev',
    'Dubblett',
  ],
  en: [
    'Queue',
    'Name',
    'E-mail',
    'Phone',
    'Status',
    'Source',
    'Submitted',
    'Confirmed',
    'Rooms',
    'Max price',
    'Apartments',
    'Tier',
    'Notes',
    'Newsletter',
    'Duplicate',
  ],
} as const;

/**
 * v1 /{admin|client}/interest/{projectId}: a project's interest list for the sales team
 * (ADR 036). Scope decides who reaches it (clients and brokers their own projects, 404
 * outside); every read of it and every export is in the audit log.
 */
export const interestRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = (action: 'interest.read' | 'interest.export' | 'interest.update' | 'interest.add') =>
    ({ action, project: 'param:projectId' }) as const;
  const itemParams = projectIdParams.extend({ id: idParams.shape.id });
  const auditRead = (action: string) =>
    ({
      entity: 'interest',
      action,
      id: null,
      detail: (request: { query: unknown }) => ({ filters: Object.keys(request.query ?? {}) }),
    }) as const;

  app.get(
    '/interest/:projectId',
    {
      config: { access: access('interest.read'), audit: auditRead('read') },
      schema: {
        tags,
        summary:
          'The interest list, first in the queue first; filters by status, tier, rooms, apartment, text',
        security: bearer,
        params: projectIdParams,
        querystring: interestListQuerySchema,
        response: { 200: interestListSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await repo.listEntries(app.db, checkedProject(request).id, {
        status: q.status,
        tier: q.tier,
        rooms: q.rooms,
        apartmentId: q.apartment_id,
        q: q.q,
      });
      return { entries: rows.map(service.toEntry) };
    },
  );

  app.post(
    '/interest/:projectId',
    {
      config: {
        access: access('interest.add'),
        audit: { entity: 'interest', id: 'response:entry.id' },
        publicView: false,
      },
      schema: {
        tags,
        summary: 'Add a person met at a viewing: a pending entry they confirm by e-mail',
        security: bearer,
        params: projectIdParams,
        body: interestAddSchema,
        response: { 201: interestEntryResponseSchema },
      },
    },
    async (request, reply) => {
      const projectId = checkedProject(request).id;
      const { entry } = await service.register(
        app.db,
        app.config,
        projectId,
        service.fromViewing(request.body),
      );
      reply.status(201);
      return { entry: await service.listedEntry(app.db, projectId, entry.id) };
    },
  );

  app.put(
    '/interest/:projectId/:id',
    {
      config: { access: access('interest.update'), audit: { entity: 'interest' }, publicView: false },
      schema: {
        tags,
        summary: "Set an entry's tier (e.g. members first) or notes",
        security: bearer,
        params: itemParams,
        body: interestUpdateSchema,
        response: { 200: interestEntryResponseSchema },
      },
    },
    async (request) => ({
      entry: await service.updateTierNotes(
        app.db,
        checkedProject(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.get(
    '/interest/:projectId/export',
    {
      config: { access: access('interest.export'), audit: auditRead('export') },
      schema: {
        tags,
        summary: 'The interest list as a CSV file for Excel (formula-safe)',
        description: 'UTF-16LE with a BOM, tab-separated, as the apartment export.',
        security: bearer,
        params: projectIdParams,
        querystring: interestListQuerySchema.extend(langQuery.shape),
      },
    },
    async (request, reply) => {
      const project = checkedProject(request);
      const { lang, ...q } = request.query;
      const rows = await repo.listEntries(app.db, project.id, {
        status: q.status,
        tier: q.tier,
        rooms: q.rooms,
        apartmentId: q.apartment_id,
        q: q.q,
      });
      const bostad = new Map(
        (
          await repo.projectApartments(app.db, project.id, [...new Set(rows.flatMap((r) => r.apartment_ids))])
        ).map((a) => [a.id, a.bostad]),
      );
      const yes = lang === 'en' ? 'yes' : 'ja';
      let place = 0;
      const body = rows.map((r) => [
        r.effective === 'confirmed' ? String(++place) : '',
        r.name,
        r.email,
        r.phone ?? '',
        r.effective,
        r.source,
        r.submitted_at.toISOString(),
        r.confirmed_at?.toISOString() ?? '',
        r.rooms.join(', '),
        r.max_price === null ? '' : String(r.max_price),
        r.apartment_ids
          .map((id) => bostad.get(id) ?? '')
          .filter(Boolean)
          .join(', '),
        r.tier ?? '',
        r.notes ?? '',
        r.newsletter ? yes : '',
        r.duplicate_email || r.duplicate_phone ? yes : '',
      ]);
      const filename = `${lang === 'en' ? 'interest' : 'intresse'}-${project.id}.csv`;
      return reply
        .type('text/csv; charset=utf-16le')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(excelCsv([[...CSV_HEADERS[lang]], ...body]));
    },
  );

  app.get(
    '/interest/:projectId/demand',
    {
      config: { access: access('interest.read') },
      schema: {
        tags,
        summary: "Per apartment, how many confirmed registrations name it (the plan's demand layer)",
        security: bearer,
        params: projectIdParams,
        response: { 200: interestDemandSchema },
      },
    },
    async (request) => ({ demand: await repo.demand(app.db, checkedProject(request).id) }),
  );
};
