import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MostClicked, mostClickedSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { projectQuery, statisticsKeys, STATISTICS_QUERY_DEFAULTS, type ProjectChoice } from './query-keys';

/** v2 GET /statistic/projects/most-clicked: this week's most-clicked apartment, or {} when none. */
export function getMostClicked(project: ProjectChoice, signal?: AbortSignal): Promise<MostClicked> {
  return apiV2.get('/statistic/projects/most-clicked', mostClickedSchema, {
    query: projectQuery(project),
    signal,
  });
}

export function getMostClickedQueryOptions(project: ProjectChoice) {
  return queryOptions({
    queryKey: statisticsKeys.mostClicked(project),
    queryFn: ({ signal }) => getMostClicked(project, signal),
    ...STATISTICS_QUERY_DEFAULTS,
  });
}

export function useMostClicked(project: ProjectChoice) {
  return useQuery(getMostClickedQueryOptions(project));
}
