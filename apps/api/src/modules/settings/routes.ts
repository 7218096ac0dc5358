import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  projectIdParams,
  projectSettingBodySchema,
  projectSettingQuerySchema,
  projectSettingSchema,
  projectSettingsResponseSchema,
  z,
} from '../../lib/schemas';
import { checkedProject } from '../../plugins/access';
import * as settings from './service';
import { fromParam } from '../../plugins/public-view-freshness';

const tags = ['settings'];

/** v1: GET and POST /{context}/settings/{projectId}, registered under /admin and /client (app.ts). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/:projectId',
    {
      config: { access: { action: 'settings.read', project: 'param:projectId' } },
      schema: {
        tags,
        summary: 'Read one setting (?name=…) or, without name, all of them',
        description: 'A setting never written reads as its default. Booleans are "1"/"0". Unknown name: 422.',
        security: bearer,
        params: projectIdParams,
        querystring: projectSettingQuerySchema,
        response: { 200: z.union([projectSettingSchema, projectSettingsResponseSchema]) },
      },
    },
    async (request) => {
      const projectId = checkedProject(request).id;
      const { name } = request.query;
      if (name) return settings.getSetting(app.db, projectId, name);
      return settings.getSettings(app.db, projectId);
    },
  );

  app.post(
    '/settings/:projectId',
    {
      config: {
        access: { action: 'settings.update', project: 'param:projectId' },
        publicView: fromParam('projectId'),
        audit: {
          entity: 'setting',
          action: 'update',
          id: 'body:name',
          detail: (request) => ({ ...(request.body as object) }),
        },
      },
      schema: {
        tags,
        summary: 'Write one setting (admins only)',
        description:
          'Send the version you read (0 for a setting never written) and a stale one is refused with 409; without a version the write is not checked. The value is checked against the setting: booleans 1/0 (true/false accepted, stored "1"/"0"), label_font_size a whole number 8–400, enums from their list, project_email an e-mail or empty, link_to_project an http(s) URL or empty.',
        security: bearer,
        params: projectIdParams,
        body: projectSettingBodySchema,
        response: { 200: projectSettingSchema },
      },
    },
    // Settings decide what the widget shows (publicView above drops its cached view).
    async (request) => settings.setSetting(app.db, checkedProject(request).id, request.body),
  );
};
