import { serverMessage } from '@planvy/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attachBuildingsSchema,
  bearer,
  fileResponseSchema,
  filesResponseSchema,
  fileUpdateSchema,
  imagesResponseSchema,
  type PolicyAction,
  idParams,
  planSaveResponseSchema,
  planSummaryResponseSchema,
  plansResponseSchema,
  projectIdParams,
  setImageSchema,
  svgSaveSchema,
  uploadResponseSchema,
  z,
  zoneEditBodySchema,
  zoneEditResultSchema,
} from '../../lib/schemas';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import { checkedProject, checkedRow } from '../../plugins/access';
import * as files from './service';
import { pickEncoding } from '../../lib/encoding';
import { sendFile } from '../../lib/send-file';
import { planMarkup } from './markup-cache';
import { editZone } from './zone-edit';
import { checkedProjectView, fromParam } from '../../plugins/public-view-freshness';

const tags = ['files'];
const planParams = projectIdParams.extend({ fileId: idParams.shape.id });

const inProject = (action: PolicyAction) => ({ action, project: 'param:projectId' }) as const;
const onFile = (action: PolicyAction, param: 'id' | 'fileId' = 'id') =>
  ({ action, row: 'file', param }) as const;

/** v1: plans and images of a project, registered under /admin and /client (app.ts). */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitMb = Math.round((app.config.maxUploadBytes / 1024 / 1024) * 10) / 10;

  app.post(
    '/file/:projectId',
    {
      config: {
        access: inProject('plan.upload'),
        publicView: fromParam('projectId'),
        audit: {
          entity: 'file',
          id: 'response:file.id',
          detail: (_request, response) => ({ name: (response as { file?: { name?: string } }).file?.name }),
          // The upload is read and checked before any transaction begins.
          transaction: 'service',
        },
      },
      schema: {
        tags,
        summary: 'Upload a plan (.svg) or background image (.png, .jpg, .jpeg) as multipart field "file"',
        description: `SVG is sanitised before it is stored. Files over ${limitMb} MB are refused with 413.`,
        consumes: ['multipart/form-data'],
        security: bearer,
        params: projectIdParams,
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw invalid('file', 'Send the file as multipart/form-data in the field "file"');
      const part = await request.file({ limits: { fileSize: app.config.maxUploadBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') throw invalid('file', serverMessage('fileMissing'));
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          const tooLarge = serverMessage('fileTooLarge', { n: limitMb });
          throw new HttpError(413, tooLarge, { file: [tooLarge] });
        }
        throw err;
      }
      reply.status(201);
      return files.uploadFile(app.db, app.fileStore, checkedProject(request).id, {
        filename: part.filename,
        bytes,
      });
    },
  );

  app.get(
    '/svg/:projectId',
    {
      config: { access: inProject('plan.read') },
      schema: {
        tags,
        summary: "The project's plans with their markup, by sort_index",
        security: bearer,
        params: projectIdParams,
        response: { 200: filesResponseSchema },
      },
    },
    async (request) => ({ files: await files.listPlans(app.db, checkedProject(request).id) }),
  );

  app.post(
    '/svg/:projectId',
    {
      config: {
        access: inProject('plan.edit'),
        publicView: fromParam('projectId'),
        audit: { entity: 'plan', action: 'update', id: 'response:file.id' },
      },
      bodyLimit: app.config.maxUploadBytes * 2,
      schema: {
        tags,
        summary: 'Save edited plan markup (admins)',
        description:
          'Sanitises the markup and, in the same transaction, sets every apartment’s file_name from the zones on the plan. Send the version you loaded: a stale one is refused with 409. Answers with the plan (without its markup with ?markup=0), the check report and the apartments whose file_name moved.',
        security: bearer,
        params: projectIdParams,
        querystring: z.object({
          /** 0: answer with the plan without its markup (the editor has it). */
          markup: z.enum(['0', '1']).default('1'),
        }),
        body: svgSaveSchema,
        response: { 200: planSaveResponseSchema },
      },
    },
    async (request) =>
      files.savePlan(app.db, checkedProject(request).id, request.body, request.query.markup === '0'),
  );

  app.get(
    '/plans/:projectId',
    {
      config: { access: inProject('plan.read') },
      schema: {
        tags,
        summary: "The project's plans without their markup, by sort_index",
        description: 'Fetch a plan’s markup once per version from …/plans/{projectId}/{fileId}/markup.',
        security: bearer,
        params: projectIdParams,
        response: { 200: plansResponseSchema },
      },
    },
    async (request) => ({
      plans: await files.listPlanSummaries(app.db, checkedProject(request).id),
    }),
  );

  app.get(
    '/plans/:projectId/:fileId/markup',
    {
      config: { access: inProject('plan.read') },
      schema: {
        tags,
        summary: "A plan's (sanitised) markup as image/svg+xml, with an ETag",
        security: bearer,
        params: planParams,
        produces: ['image/svg+xml'],
        response: { 200: z.string(), 304: z.null() },
      },
    },
    async (request, reply) => {
      const { fileId } = request.params;
      const projectId = checkedProject(request).id;
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const markup = await files.readPlanMarkup(app.db, projectId, fileId, planMarkup, {
        ifNoneMatch: request.headers['if-none-match'],
        encoding,
      });
      reply
        .header('etag', markup.etag)
        // The browser keeps it and asks again with If-None-Match: a plan crosses the wire once per version.
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
        );
      if (!markup.body) return reply.status(304).send(null);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      // The schema documents the body as text; the bytes go as they are (a Buffer is never serialised).
      return reply.type('image/svg+xml; charset=utf-8').send(markup.body as unknown as string);
    },
  );

  app.patch(
    '/plans/:projectId/:fileId/zone',
    {
      config: {
        access: inProject('plan.edit'),
        publicView: fromParam('projectId'),
        audit: {
          entity: 'plan',
          action: 'zone',
          id: 'param:fileId',
          detail: (request) => {
            const body = request.body as { zone?: { id?: unknown }; edit?: { kind?: unknown } };
            return { zone: body.zone?.id, edit: body.edit?.kind };
          },
        },
      },
      schema: {
        tags,
        summary: 'Attach, link, detach or unlink one zone of a plan (admins)',
        description:
          'Changes the attributes of the one element `zone` names in the plan of `version` (a stale version, or a zone not where the editor saw it, is a 409 and nothing changes), syncs the file_name of the apartments that moved on or off the plan, and answers with what changed: the plan’s new version, the zone’s attributes and those apartments.',
        security: bearer,
        params: planParams,
        body: zoneEditBodySchema,
        response: { 200: zoneEditResultSchema },
      },
    },
    async (request) => editZone(app.db, checkedProject(request).id, request.params.fileId, request.body),
  );

  app.post(
    '/svg/buildings/:fileId',
    {
      config: {
        access: onFile('plan.attachBuildings', 'fileId'),
        publicView: checkedProjectView,
        audit: { entity: 'plan', action: 'buildings', id: 'param:fileId' },
      },
      schema: {
        tags,
        summary: 'Set the building numbers shown on a plan (admins)',
        security: bearer,
        params: z.object({ fileId: idParams.shape.id }),
        body: attachBuildingsSchema,
        response: { 200: planSummaryResponseSchema },
      },
    },
    async (request) => ({
      file: await files.attachBuildings(app.db, checkedRow(request, 'file'), request.body.buildings),
    }),
  );

  app.put(
    '/file/:id',
    {
      config: {
        access: onFile('plan.update'),
        publicView: checkedProjectView,
        audit: { entity: 'file' },
      },
      schema: {
        tags,
        summary: 'Change a file’s sort_index or background image (data), or a plan’s name (title)',
        security: bearer,
        params: idParams,
        body: fileUpdateSchema,
        response: { 200: planSummaryResponseSchema },
      },
    },
    async (request) => ({
      file: await files.updateFile(app.db, checkedRow(request, 'file'), request.body),
    }),
  );

  app.delete(
    '/file/:id',
    {
      config: {
        access: onFile('plan.delete'),
        publicView: checkedProjectView,
        audit: { entity: 'file' },
      },
      schema: {
        tags,
        summary: 'Delete a file (admins)',
        security: bearer,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await files.deleteFile(app.db, checkedRow(request, 'file'));
      return reply.status(204).send(null);
    },
  );
};

/** v1: the back office's own file calls (registered under /admin). */
export const fileAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/svg/images/:projectId',
    {
      config: { access: inProject('plan.manage') },
      schema: {
        tags,
        summary: "The project's background images",
        security: bearer,
        params: projectIdParams,
        response: { 200: imagesResponseSchema },
      },
    },
    async (request) => ({ imgs: await files.listImages(app.db, checkedProject(request).id) }),
  );

  app.post(
    '/svg/setImage/:projectId',
    {
      config: {
        access: inProject('plan.setBackground'),
        publicView: fromParam('projectId'),
        audit: { entity: 'plan', action: 'background', id: 'response:file.id' },
      },
      schema: {
        tags,
        summary: 'Set (or clear, with an empty fileName) the background image of a plan',
        security: bearer,
        params: projectIdParams,
        body: setImageSchema,
        response: { 200: planSummaryResponseSchema },
      },
    },
    async (request) => ({
      file: await files.setBackground(app.db, checkedProject(request).id, request.body),
    }),
  );

  app.get(
    '/files/:id',
    {
      config: { access: onFile('plan.manage') },
      schema: {
        tags,
        summary: 'One file',
        security: bearer,
        params: idParams,
        response: { 200: fileResponseSchema },
      },
    },
    async (request) => ({ file: await files.getFile(app.db, checkedRow(request, 'file')) }),
  );
};

/**
 * Public file URLs: /projects/{projectId}/{name}, for the admin app and the widget alike. A name
 * can come back with other bytes after a delete, so they are revalidated (no-cache).
 */
export const publicFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/projects/:projectId/:name',
    {
      schema: {
        hide: true,
        params: z.object({ projectId: projectIdParams.shape.projectId, name: z.string().min(1).max(255) }),
      },
    },
    async (request, reply) => {
      const file = await files.readPublicFile(app.db, request.params.projectId, request.params.name);
      if (!file) throw notFound('File');
      reply
        .header('cache-control', 'public, no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (file.kind === 'svg') {
        reply.header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox",
        );
        const { bytes } = file;
        return sendFile(request, reply, {
          ...file,
          size: bytes.length,
          open: async (range) => (range ? bytes.subarray(range.start, range.end + 1) : bytes),
        });
      }
      return sendFile(request, reply, { ...file, open: (range) => app.fileStore.read(file.blobKey, range) });
    },
  );
};
