import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ProjectStatusSum, projectStatusSumsSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { statisticsKeys, STATISTICS_QUERY_DEFAULTS } from './query-keys';

/** v2 GET /statistic/projects/per-project: every project the caller reaches, by name. */
export function getPerProject(signal?: AbortSignal): Promise<ProjectStatusSum[]> {
  return apiV2.get('/statistic/projects/per-project', projectStatusSumsSchema, { signal });
}

export function getPerProjectQueryOptions() {
  return queryOptions({
    queryKey: statisticsKeys.perProject(),
    queryFn: ({ signal }) => getPerProject(signal),
    ...STATISTICS_QUERY_DEFAULTS,
  });
}

/** Also the dashboard's list of projects to filter by. */
export function usePerProject() {
  return useQuery(getPerProjectQueryOptions());
}
