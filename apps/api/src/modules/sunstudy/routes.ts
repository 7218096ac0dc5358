import { serverMessage } from '@planvy/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  idParams,
  idSchema,
  projectIdParams,
  sunStudyCreateSchema,
  sunStudyListSchema,
  sunStudyUpdateSchema,
  sunStudyUploadSchema,
  sunStudyWriteSchema,
  z,
} from '../../lib/schemas';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import { checkedProject, checkedRow } from '../../plugins/access';
import { ACCEPTED_MESSAGE } from './media';
import * as sunStudy from './service';
import { checkedProjectView } from '../../plugins/public-view-freshness';
import { IMMUTABLE, redirectQueryToCanonical } from '../../lib/immutable-urls';
import { sendFile } from '../../lib/send-file';

const tags = ['sun study'];
/** Room for the multipart envelope around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** v1: POST /admin/sunstudy/{projectId}, the upload (spec §7; registered under /admin). */
export const sunStudyUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = app.config.maxSunStudyBytes;
  const limitMb = Math.round((limit / 1024 / 1024) * 10) / 10;
  const tooLarge = serverMessage('fileTooLarge', { n: limitMb });

  app.post(
    '/sunstudy/:projectId',
    {
      config: {
        access: { action: 'sunStudy.manage', project: 'param:projectId' },
        publicView: false,
        audit: {
          entity: 'sun_study',
          action: 'upload',
          id: null,
          detail: (_request, response) => ({
            name: (response as { file?: { fileName?: string } }).file?.fileName,
          }),
          // The upload is read, checked and resized before any transaction begins.
          transaction: 'service',
        },
      },
      // Explicit: the file's limit plus the multipart envelope, nothing more.
      bodyLimit: limit + MULTIPART_OVERHEAD,
      schema: {
        tags,
        summary:
          'Upload a sun-study image (.jpg, .jpeg, .png, .webp) or video (.mp4, .webm), multipart field "file"',
        description: `The content must be what the extension says (checked from the bytes). Images are stored with resized copies (WebP and the original format) for phones and desktops. Add the answered file to the list with POST /api/v2/sunstudy/file. Files over ${limitMb} MB are refused with 413 (MAX_SUN_STUDY_MB).`,
        consumes: ['multipart/form-data'],
        security: bearer,
        params: projectIdParams,
        response: { 201: sunStudyUploadSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw invalid('file', 'Send the file as multipart/form-data in the field "file"');
      const part = await request.file({ limits: { fileSize: limit, files: 1 } });
      if (!part || part.fieldname !== 'file') throw invalid('file', serverMessage('fileMissing'));
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, tooLarge, { file: [tooLarge] });
        }
        throw err;
      }
      const file = await sunStudy.uploadSunStudyFile(app.db, app.fileStore, checkedProject(request).id, {
        filename: part.filename,
        bytes,
      });
      return reply.status(201).send({ file });
    },
  );
};

/** v2: the sun-study list (spec §7). Reading follows project access; writes are admin only. */
export const sunStudyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sunstudy/project/:id',
    {
      config: { access: { action: 'sunStudy.read', project: 'param:id' } },
      schema: {
        tags,
        summary: "The project's sun-study files, by sortIndex",
        security: bearer,
        params: idParams,
        response: { 200: sunStudyListSchema },
      },
    },
    async (request) => ({ files: await sunStudy.listSunStudy(app.db, checkedProject(request).id) }),
  );

  app.post(
    '/sunstudy/file',
    {
      config: {
        access: { action: 'sunStudy.manage', project: 'body:projectId' },
        publicView: checkedProjectView,
        audit: { entity: 'sun_study', id: 'response:file.id', project: 'body:projectId' },
      },
      schema: {
        tags,
        summary: 'Add an uploaded file to the sun study (admins)',
        description: `fileName and filePath are what POST /api/v1/admin/sunstudy/{projectId} answered. The entry goes to sortIndex (the end when absent); the others move to keep sortIndex equal to the list position. Answers with the entry and the whole list. ${ACCEPTED_MESSAGE}.`,
        security: bearer,
        body: sunStudyCreateSchema,
        response: { 201: sunStudyWriteSchema },
      },
    },
    async (request, reply) => {
      const result = await sunStudy.addSunStudyFile(app.db, request.body);
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/sunstudy/file/:id',
    {
      config: {
        access: { action: 'sunStudy.manage', row: 'sunStudy' },
        publicView: checkedProjectView,
        audit: { entity: 'sun_study' },
      },
      schema: {
        tags,
        summary: 'Change a sun-study label and/or move it to sortIndex (admins)',
        description:
          'Moving renumbers the whole list in one transaction, so sortIndex stays equal to the list position. Answers with the entry and the whole list.',
        security: bearer,
        params: idParams,
        body: sunStudyUpdateSchema,
        response: { 200: sunStudyWriteSchema },
      },
    },
    async (request) => sunStudy.updateSunStudyFile(app.db, checkedRow(request, 'sunStudy'), request.body),
  );

  app.delete(
    '/sunstudy/file/:id',
    {
      config: {
        access: { action: 'sunStudy.manage', row: 'sunStudy' },
        publicView: checkedProjectView,
        audit: { entity: 'sun_study' },
      },
      schema: {
        tags,
        summary: 'Delete a sun-study file and its stored bytes (admins)',
        description: 'The files after it move up one place. Answers with the remaining list.',
        security: bearer,
        params: idParams,
        response: { 200: sunStudyListSchema },
      },
    },
    async (request) => {
      const { files } = await sunStudy.deleteSunStudyFile(app.db, checkedRow(request, 'sunStudy'));
      return { files };
    },
  );
};

const mediaParams = z.object({
  projectId: projectIdParams.shape.projectId,
  fileId: idParams.shape.id,
  hash: z.string().regex(/^[\w-]{1,40}$/),
  name: z.string().min(1).max(255),
});

/**
 * Public, cacheable URLs of sun-study files: the upload, and its resized copies one level
 * deeper under their width. Content never changes under a URL, so they are immutable.
 * Byte ranges are answered so browsers can seek in videos (Safari needs them to play).
 */
export const sunStudyPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    p: z.infer<typeof mediaParams> & { width?: number },
  ) {
    const media = await sunStudy.findPublicMedia(app.db, p);
    if (!media) throw notFound('File');
    reply
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(media.name)}`);
    return sendFile(request, reply, { ...media, open: (range) => app.fileStore.read(media.blobKey, range) });
  }

  const onRequest = redirectQueryToCanonical;
  app.get(
    '/projects/:projectId/sunstudy/:fileId/:hash/:name',
    { onRequest, schema: { hide: true, params: mediaParams } },
    (request, reply) => serve(request, reply, request.params),
  );
  app.get(
    '/projects/:projectId/sunstudy/:fileId/:hash/:width/:name',
    {
      onRequest,
      schema: {
        hide: true,
        // Written one way like ids: /1e3/ or /0320/ would be other cache keys for one image.
        params: mediaParams.extend({ width: idSchema(100_000) }),
      },
    },
    (request, reply) => serve(request, reply, request.params),
  );
};
