import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DateRange, type TopApartments, topApartmentsSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { projectQuery, statisticsKeys, STATISTICS_QUERY_DEFAULTS, type ProjectChoice } from './query-keys';

export const TOP_LIMIT = 10;

/** v2 GET /statistic/clicks/top: the ten most-clicked apartments of the range. */
export function getTopApartments(
  project: ProjectChoice,
  range: DateRange,
  signal?: AbortSignal,
): Promise<TopApartments> {
  return apiV2.get('/statistic/clicks/top', topApartmentsSchema, {
    query: { ...projectQuery(project), ...range, limit: TOP_LIMIT },
    signal,
  });
}

export function getTopApartmentsQueryOptions(project: ProjectChoice, range: DateRange) {
  return queryOptions({
    queryKey: statisticsKeys.topApartments(project, range),
    queryFn: ({ signal }) => getTopApartments(project, range, signal),
    placeholderData: keepPreviousData,
    ...STATISTICS_QUERY_DEFAULTS,
  });
}

export function useTopApartments(project: ProjectChoice, range: DateRange) {
  return useQuery(getTopApartmentsQueryOptions(project, range));
}
