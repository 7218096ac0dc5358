import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bearer,
  idParams,
  projectIdParams,
  projectStylesBodySchema,
  projectStylesSchema,
  themeBodySchema,
  themeResponseSchema,
  themesResponseSchema,
  z,
} from '../../lib/schemas';
import { fromParam } from '../../plugins/public-view-freshness';
import { checkedProject, type RouteContext } from '../../plugins/access';
import * as styles from './service';

const tags = ['styles'];
const ENTRY_FORM =
  'Each entry is "{key}-{attr}:{value}", e.g. "sold-svg:#803c3c" or "font-family:Georgia, serif": the style name ' +
  '(the catalogue in packages/shared/src/styles.ts) up to the first colon, then the value. Values are checked by ' +
  'kind: colours (#hex, rgb()/rgba(), hsl()/hsla(), colour names), sizes (a number with px/em/rem/% in range), ' +
  'widths, font style (normal/italic), font families (names of letters, digits, spaces and hyphens, quoted or not), ' +
  'opacities (0–1). Anything else, an unknown or repeated name, or a value over 200 characters is a 422 naming the ' +
  'entry (scss.N), and nothing is stored.';
const themeResponse = themeResponseSchema;
/** The audit entry of a theme write names the theme (the log has no other label for themes). */
const themeName = (_request: unknown, response: unknown) => ({
  name: (response as { theme?: { name?: string } }).theme?.name,
});

/** v1: GET /{context}/scss/{projectId}, registered under /admin and /client (app.ts). */
export const projectStyleRoutes: FastifyPluginAsyncZod<{ context: RouteContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/scss/:projectId',
    {
      config: { access: { action: 'styles.read', project: 'param:projectId' } },
      schema: {
        tags,
        summary: 'A project’s own style values',
        description:
          context === 'admin'
            ? 'Admins only. [key, attr, value] triples over the defaults (merge the defaults first).'
            : 'Read-only, for the plan viewer of anyone who reaches the project (another user’s project is 404).',
        security: bearer,
        params: projectIdParams,
        response: { 200: projectStylesSchema },
      },
    },
    async (request) => ({ scss: await styles.getProjectStyles(app.db, checkedProject(request).id) }),
  );
};

/**
 * v1 styles (spec §7 "Styles (admin prefix)", registered under /admin): the defaults, a
 * project's style values as [key, attr, value] triples, and saved themes. A saved project
 * style reaches the widget at once (its cached public view is dropped).
 */
export const styleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const themes = { action: 'themes.manage' } as const;

  app.get(
    '/scss/default',
    {
      config: { access: themes },
      schema: {
        tags,
        summary: 'The default styles every project starts from',
        description: 'Admins only. [key, attr, value] triples; a project’s own triples override them.',
        security: bearer,
        response: { 200: projectStylesSchema },
      },
    },
    async () => ({ scss: styles.defaultStyles() }),
  );

  app.post(
    '/scss/:projectId',
    {
      config: {
        access: { action: 'styles.update', project: 'param:projectId' },
        publicView: fromParam('projectId'),
        audit: {
          entity: 'style',
          action: 'update',
          id: null,
          // Which names the project now sets (values are in the project's styles themselves).
          detail: (_request, response) => ({
            names: ((response as { scss?: [string, string, string][] }).scss ?? []).map(
              ([k, a]) => `${k}-${a}`,
            ),
          }),
        },
      },
      schema: {
        tags,
        summary: 'Replace a project’s style values',
        description: `Admins only. The body is { scss: [entries] } and replaces the project's whole set in one transaction (an empty list returns the project to the defaults). ${ENTRY_FORM} Answers with the stored triples.`,
        security: bearer,
        params: projectIdParams,
        body: projectStylesBodySchema,
        response: { 200: projectStylesSchema },
      },
    },
    async (request) => {
      // The public view is dropped by the freshness plugin (config.publicView above).
      const scss = await styles.saveProjectStyles(app.db, checkedProject(request).id, request.body.scss);
      return { scss };
    },
  );

  app.get(
    '/styles',
    {
      config: { access: themes },
      schema: {
        tags,
        summary: 'Saved themes, by name',
        security: bearer,
        response: { 200: themesResponseSchema },
      },
    },
    async () => ({ themes: await styles.listThemes(app.db) }),
  );

  const themeDescription =
    'Admins only. { name, data: [{ attr, val }] }: attr is a style name ("sold-svg"), val its value, checked as ' +
    'for project styles (a refused entry is a 422 on data.N.attr or data.N.val). Names are unique ignoring case.';

  app.post(
    '/styles',
    {
      config: {
        access: themes,
        audit: { entity: 'theme', id: 'response:theme.id', project: null, detail: themeName },
        publicView: false,
      },
      schema: {
        tags,
        summary: 'Save a theme',
        description: themeDescription,
        security: bearer,
        body: themeBodySchema,
        response: { 201: themeResponse },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { theme: await styles.createTheme(app.db, request.body) };
    },
  );

  app.post(
    '/styles/:id',
    {
      config: {
        access: themes,
        audit: { entity: 'theme', project: null, detail: themeName },
        publicView: false,
      },
      schema: {
        tags,
        summary: 'Update a theme',
        description: themeDescription,
        security: bearer,
        params: idParams,
        body: themeBodySchema,
        response: { 200: themeResponse },
      },
    },
    async (request) => ({ theme: await styles.updateTheme(app.db, request.params.id, request.body) }),
  );

  app.delete(
    '/styles/:id',
    {
      config: {
        access: themes,
        audit: { entity: 'theme', project: null, detail: () => ({}) },
        publicView: false,
      },
      schema: {
        tags,
        summary: 'Delete a theme',
        description: 'Admins only. Projects keep their styles; a theme is only a starting point.',
        security: bearer,
        params: idParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await styles.deleteTheme(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
