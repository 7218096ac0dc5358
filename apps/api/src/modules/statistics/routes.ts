import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allSumQuerySchema,
  apartmentClicksSchema,
  bearer,
  dailyClicksQuerySchema,
  dailyClicksSchema,
  mostClickedSchema,
  projectIdParams,
  projectStatusSumsSchema,
  rangeQuerySchema,
  scopedRangeQuerySchema,
  statisticsScopeQuerySchema,
  statusHistorySchema,
  statusSumSchema,
  topApartmentsQuerySchema,
  topApartmentsSchema,
} from '../../lib/schemas';
import { checkedProject } from '../../plugins/access';
import * as statistics from './service';

const tags = ['statistics'];
const scope =
  'Admins: every project. Clients and brokers with the user setting project_statistic "1": the projects they own or broker; without it 403. ' +
  'A project_id the caller does not reach is 404.';
const range =
  'from and to (YYYY-MM-DD, Swedish calendar days, both included) or neither (the last 30 days); at most 366 days, not after today.';

/** v2: /statistic/… (spec §7 "Statistics (v2)" and the dashboard's analytics). */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Who may see statistics does not depend on what is asked, so it is settled before validation.
  const read = { access: { action: 'statistics.read' } } as const;

  app.get(
    '/statistic/projects/all-sum',
    {
      config: read,
      schema: {
        tags,
        summary: 'Apartments by status over the caller’s projects',
        description: `${scope} project_type counts only projects of that type and picks its status labels; without it, projectType is the type the projects share, or rental when they are of several types.`,
        security: bearer,
        querystring: allSumQuerySchema,
        response: { 200: statusSumSchema },
      },
    },
    async (request) => statistics.allSum(app.db, request.auth, request.query),
  );

  app.get(
    '/statistic/projects/per-project',
    {
      config: read,
      schema: {
        tags,
        summary: 'Apartments by status, one entry per project, ordered by name',
        description: scope,
        security: bearer,
        querystring: statisticsScopeQuerySchema,
        response: { 200: projectStatusSumsSchema },
      },
    },
    async (request) => statistics.perProject(app.db, request.auth, request.query),
  );

  app.get(
    '/statistic/projects/most-clicked',
    {
      config: read,
      schema: {
        tags,
        summary: 'The most-clicked apartment of the week',
        description: `${scope} The week is today and the six days before (rolling). Ties go to the lowest apartment id. {} when nothing was clicked.`,
        security: bearer,
        querystring: statisticsScopeQuerySchema,
        response: { 200: mostClickedSchema },
      },
    },
    async (request) => statistics.mostClicked(app.db, request.auth, request.query, new Date()),
  );

  app.get(
    '/statistic/clicks/daily',
    {
      config: read,
      schema: {
        tags,
        summary: 'Clicks per day over the caller’s projects, one project or one apartment',
        description: `${scope} ${range} Every day of the range is listed, 0 when there were no clicks.`,
        security: bearer,
        querystring: dailyClicksQuerySchema,
        response: { 200: dailyClicksSchema },
      },
    },
    async (request) => statistics.dailyClicks(app.db, request.auth, request.query, new Date()),
  );

  app.get(
    '/statistic/clicks/top',
    {
      config: read,
      schema: {
        tags,
        summary: 'The most-clicked apartments in a date range',
        description: `${scope} ${range} limit: 1–100, default 10. Ties go to the lowest apartment id.`,
        security: bearer,
        querystring: topApartmentsQuerySchema,
        response: { 200: topApartmentsSchema },
      },
    },
    async (request) => statistics.topApartments(app.db, request.auth, request.query, new Date()),
  );

  app.get(
    '/statistic/projects/:projectId/apartment-clicks',
    {
      config: { access: { action: 'statistics.read', project: 'param:projectId' } },
      schema: {
        tags,
        summary: 'Clicks per apartment of one project in a date range (the plan’s click shading)',
        description: `${scope} ${range} Apartments without clicks are left out.`,
        security: bearer,
        params: projectIdParams,
        querystring: rangeQuerySchema,
        response: { 200: apartmentClicksSchema },
      },
    },
    async (request) =>
      statistics.apartmentClicks(app.db, checkedProject(request).id, request.query, new Date()),
  );

  app.get(
    '/statistic/status-history',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Apartments per status at the end of each day of a range, and per project at its start and end',
        description: `${scope} ${range} Worked back from today’s statuses through the recorded status changes.`,
        security: bearer,
        querystring: scopedRangeQuerySchema,
        response: { 200: statusHistorySchema },
      },
    },
    async (request) => statistics.statusHistory(app.db, request.auth, request.query, new Date()),
  );
};
