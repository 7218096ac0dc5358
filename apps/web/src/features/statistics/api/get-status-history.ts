import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DateRange, type StatusHistory, statusHistorySchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { projectQuery, statisticsKeys, STATISTICS_QUERY_DEFAULTS, type ProjectChoice } from './query-keys';

/** v2 GET /statistic/status-history: apartments per status on each day, and per project at start and end. */
export function getStatusHistory(
  project: ProjectChoice,
  range: DateRange,
  signal?: AbortSignal,
): Promise<StatusHistory> {
  return apiV2.get('/statistic/status-history', statusHistorySchema, {
    query: { ...projectQuery(project), ...range },
    signal,
  });
}

export function getStatusHistoryQueryOptions(project: ProjectChoice, range: DateRange) {
  return queryOptions({
    queryKey: statisticsKeys.statusHistory(project, range),
    queryFn: ({ signal }) => getStatusHistory(project, range, signal),
    placeholderData: keepPreviousData,
    ...STATISTICS_QUERY_DEFAULTS,
  });
}

export function useStatusHistory(project: ProjectChoice, range: DateRange) {
  return useQuery(getStatusHistoryQueryOptions(project, range));
}
