import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApartmentClicks, type DateRange, apartmentClicksSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { statisticsKeys, STATISTICS_QUERY_DEFAULTS } from './query-keys';

/** v2 GET /statistic/projects/{id}/apartment-clicks: clicks per apartment of one project. */
export function getApartmentClicks(
  projectId: number,
  range: DateRange,
  signal?: AbortSignal,
): Promise<ApartmentClicks> {
  return apiV2.get(`/statistic/projects/${projectId}/apartment-clicks`, apartmentClicksSchema, {
    query: { ...range },
    signal,
  });
}

export function getApartmentClicksQueryOptions(projectId: number, range: DateRange) {
  return queryOptions({
    queryKey: statisticsKeys.apartmentClicks(projectId, range),
    queryFn: ({ signal }) => getApartmentClicks(projectId, range, signal),
    placeholderData: keepPreviousData,
    ...STATISTICS_QUERY_DEFAULTS,
  });
}

export function useApartmentClicks(projectId: number, range: DateRange, enabled: boolean) {
  return useQuery({ ...getApartmentClicksQueryOptions(projectId, range), enabled });
}
