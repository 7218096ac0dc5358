import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StatusSum, statusSumSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { projectQuery, statisticsKeys, STATISTICS_QUERY_DEFAULTS, type ProjectChoice } from './query-keys';

/** v2 GET /statistic/projects/all-sum: apartments by status over the caller's projects (or one). */
export function getAllSum(project: ProjectChoice, signal?: AbortSignal): Promise<StatusSum> {
  return apiV2.get('/statistic/projects/all-sum', statusSumSchema, { query: projectQuery(project), signal });
}

export function getAllSumQueryOptions(project: ProjectChoice) {
  return queryOptions({
    queryKey: statisticsKeys.allSum(project),
    queryFn: ({ signal }) => getAllSum(project, signal),
    ...STATISTICS_QUERY_DEFAULTS,
  });
}

export function useAllSum(project: ProjectChoice) {
  return useQuery(getAllSumQueryOptions(project));
}
