import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apartmentCreateSchema,
  apartmentHistoryResponseSchema,
  apartmentResponseSchema,
  apartmentsResponseSchema,
  apartmentUpdateSchema,
  bearer,
  idParams,
  importBodySchema,
  importResultSchema,
  type ImportResult,
  type PolicyAction,
  massBuildingNumberSchema,
  massPriceSchema,
  massStatusSchema,
  projectIdParams,
  z,
} from '../../lib/schemas';
import { checkedProject, checkedRow } from '../../plugins/access';
import { decodeCsv } from './apartment-csv';
import { exportApartments, exportPriceHistory, importApartments } from './import-export';
import * as apartments from './service';
import { checkedProjectView, fromParam } from '../../plugins/public-view-freshness';

const tags = ['apartments'];

/**
 * v1: /{context}/apartments/{projectId}, /{context}/apartment/{id}, import and export,
 * registered under /admin and /client (app.ts).
 */
export const apartmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const inProject = (action: PolicyAction) => ({ action, project: 'param:projectId' }) as const;
  const onApartment = (action: PolicyAction) => ({ action, row: 'apartment' }) as const;

  app.get(
    '/apartments/:projectId',
    {
      config: { access: inProject('apartment.read') },
      schema: {
        tags,
        summary: "A project's apartments",
        description: 'Also reachable as GET /admin/apartments/{id}, where the id is the project id.',
        security: bearer,
        params: projectIdParams,
        response: { 200: apartmentsResponseSchema },
      },
    },
    async (request) => ({
      apartments: await apartments.listApartments(app.db, checkedProject(request).id),
    }),
  );

  app.post(
    '/apartment/:projectId',
    {
      config: {
        access: inProject('apartment.create'),
        publicView: fromParam('projectId'),
        audit: { entity: 'apartment', id: 'response:apartment.id' },
      },
      schema: {
        tags,
        summary: 'Create an apartment in the project (admins)',
        description:
          'The path id is the project id. The apartment starts without a zone (empty file_name) unless file_name is given.',
        security: bearer,
        params: projectIdParams,
        body: apartmentCreateSchema,
        response: { 201: apartmentResponseSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        apartment: await apartments.createApartment(
          app.db,
          request.auth,
          checkedProject(request),
          request.body,
        ),
      };
    },
  );

  app.get(
    '/apartment/:id',
    {
      config: { access: onApartment('apartment.read') },
      schema: {
        tags,
        summary: 'One apartment',
        security: bearer,
        params: idParams,
        response: { 200: apartmentResponseSchema },
      },
    },
    async (request) => ({
      apartment: apartments.toApartment(checkedRow(request, 'apartment')),
    }),
  );

  app.put(
    '/apartment/:id',
    {
      config: {
        access: onApartment('apartment.update'),
        publicView: checkedProjectView,
        audit: { entity: 'apartment' },
      },
      schema: {
        tags,
        summary: 'Update an apartment',
        description:
          'Send only the fields that change, and the version you loaded: a stale one is refused with 409 and nothing changes (without a version the write is not checked). Clients and brokers may change every plain field but not building_number_id or file_name (403).',
        security: bearer,
        params: idParams,
        body: apartmentUpdateSchema,
        response: { 200: apartmentResponseSchema },
      },
    },
    async (request) => ({
      apartment: await apartments.updateApartment(
        app.db,
        request.auth,
        checkedProject(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/apartment/:id',
    {
      config: {
        access: onApartment('apartment.delete'),
        publicView: checkedProjectView,
        audit: { entity: 'apartment' },
      },
      schema: {
        tags,
        summary: 'Delete an apartment (admins)',
        security: bearer,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await apartments.deleteApartment(app.db, checkedRow(request, 'apartment'));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/apartment/:id/history',
    {
      config: { access: onApartment('apartment.read') },
      schema: {
        tags,
        summary: "An apartment's status changes and price and fee changes, each newest first",
        security: bearer,
        params: idParams,
        response: { 200: apartmentHistoryResponseSchema },
      },
    },
    async (request) => apartments.history(app.db, checkedRow(request, 'apartment').id),
  );

  app.get(
    '/apartments/:projectId/export',
    {
      config: { access: inProject('apartment.export') },
      schema: {
        tags,
        summary: 'Export apartments as a CSV file for Excel',
        description: 'UTF-16LE with a BOM, tab-separated; decimals and headers follow lang.',
        security: bearer,
        params: projectIdParams,
        querystring: z.object({ lang: z.enum(['sv', 'en']).default('sv') }),
      },
    },
    async (request, reply) => {
      const { bytes, filename } = await exportApartments(app.db, checkedProject(request), request.query.lang);
      return reply
        .type('text/csv; charset=utf-16le')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(bytes);
    },
  );

  app.get(
    '/apartments/:projectId/prices/export',
    {
      config: { access: inProject('apartment.export') },
      schema: {
        tags,
        summary: "The project's price and fee history, oldest first, as CSV for Excel or JSON",
        description:
          'CSV: UTF-16LE with a BOM, tab-separated, formula-safe; numbers and headers follow lang.',
        security: bearer,
        params: projectIdParams,
        querystring: z.object({
          lang: z.enum(['sv', 'en']).default('sv'),
          format: z.enum(['csv', 'json']).default('csv'),
        }),
      },
    },
    async (request, reply) => {
      const { lang, format } = request.query;
      const { bytes, filename } = await exportPriceHistory(app.db, checkedProject(request), lang, format);
      return reply
        .type(format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-16le')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(bytes);
    },
  );

  app.post(
    '/apartments/:projectId/prices',
    {
      config: {
        access: inProject('apartment.setPrices'),
        publicView: checkedProjectView,
        audit: {
          entity: 'apartment',
          action: 'prices',
          id: null,
          detail: (request) => {
            const body = request.body as { adjustment: unknown; apartments: number[] };
            return {
              adjustment: body.adjustment,
              count: body.apartments.length,
              apartments: body.apartments.slice(0, 100),
            };
          },
        },
      },
      schema: {
        tags,
        summary: "Change several apartments' price or fee by one rule, all or nothing",
        description:
          'By a percentage, by an amount or to one amount, rounded to the nearest step; apartments without a value keep none under a percentage or an amount. The same function previews it in the back-office (price-adjust.ts). With versions, any stale one refuses the whole change with 409.',
        security: bearer,
        params: projectIdParams,
        body: massPriceSchema,
        response: { 200: apartmentsResponseSchema },
      },
    },
    async (request) => ({
      apartments: await apartments.updatePrices(app.db, request.auth, checkedProject(request), request.body),
    }),
  );

  app.post(
    '/apartments/:projectId/import',
    {
      config: {
        access: inProject('apartment.import'),
        publicView: fromParam('projectId'),
        audit: {
          entity: 'apartment',
          action: 'import',
          id: null,
          // A preview changes nothing.
          when: (request) => (request.query as { apply?: string }).apply === '1',
          detail: (_request, response) => {
            const result = response as Partial<ImportResult>;
            const created = result.created_building_numbers ?? [];
            // A string, as the audit log shows small facts.
            return {
              ...result.summary,
              ...(created.length > 0 && { building_numbers_created: created.join(', ') }),
            };
          },
        },
      },
      bodyLimit: 20 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Preview or apply a CSV import (admins)',
        description:
          'Rows are matched to apartments by bostad. Without apply=1 nothing is written and the preview is returned, with the values each new or changed row would write; with apply=1 new and changed rows are written in one transaction and invalid rows are skipped. The file (csv_base64) may be UTF-8 with or without a BOM, UTF-16 or Windows-1252, separated by semicolons, commas or tabs. A row naming a building number the project lacks is listed in missing_building_numbers; applied with create_building_numbers: true the building numbers are created in the same transaction, without it such rows are refused.',
        security: bearer,
        params: projectIdParams,
        querystring: z.object({ apply: z.enum(['0', '1']).default('0') }),
        body: importBodySchema,
        response: { 200: importResultSchema },
      },
    },
    async (request) => {
      const { csv_base64, csv, create_building_numbers } = request.body;
      const { text, encoding } = csv_base64
        ? decodeCsv(Buffer.from(csv_base64, 'base64'))
        : { text: csv ?? '', encoding: 'utf-8' };
      return importApartments(app.db, request.auth, checkedProject(request), text, {
        apply: request.query.apply === '1',
        createBuildingNumbers: create_building_numbers,
        encoding,
      });
    },
  );
};

/** v2: POST /apartments/update-status and /apartments/update-building-number. */
export const apartmentStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apartments/update-status',
    {
      config: {
        access: { action: 'apartment.setStatus', project: 'body:projectId' },
        publicView: checkedProjectView,
        audit: {
          entity: 'apartment',
          action: 'status',
          id: null,
          project: 'body:projectId',
          detail: (request) => {
            const body = request.body as { status: string; apartments: number[] };
            return {
              status: body.status,
              count: body.apartments.length,
              apartments: body.apartments.slice(0, 100),
            };
          },
        },
      },
      schema: {
        tags,
        summary: 'Set one status on several apartments of a project, all or nothing',
        description:
          'With versions (apartment id → the version shown), any stale one refuses the whole update with 409.',
        security: bearer,
        body: massStatusSchema,
        response: { 200: apartmentsResponseSchema },
      },
    },
    async (request) => ({
      apartments: await apartments.updateStatuses(
        app.db,
        request.auth,
        checkedProject(request),
        request.body,
      ),
    }),
  );

  app.post(
    '/apartments/update-building-number',
    {
      config: {
        access: { action: 'apartment.setBuildingNumber', project: 'body:projectId' },
        publicView: checkedProjectView,
        audit: {
          entity: 'apartment',
          action: 'buildings',
          id: null,
          project: 'body:projectId',
          detail: (request) => {
            const body = request.body as { building_number_id: number | null; apartments: number[] };
            return {
              building_number_id: body.building_number_id,
              count: body.apartments.length,
              apartments: body.apartments.slice(0, 100),
            };
          },
        },
      },
      schema: {
        tags,
        summary: 'Give several apartments of a project one building number (or none), all or nothing',
        description:
          'Admins. The building number must be one of the project’s. With versions (apartment id → the version shown), any stale one refuses the whole update with 409.',
        security: bearer,
        body: massBuildingNumberSchema,
        response: { 200: apartmentsResponseSchema },
      },
    },
    async (request) => ({
      apartments: await apartments.updateBuildingNumbers(app.db, checkedProject(request), request.body),
    }),
  );
};
