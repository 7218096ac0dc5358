import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DailyClicks, type DateRange, dailyClicksSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { projectQuery, statisticsKeys, STATISTICS_QUERY_DEFAULTS, type ProjectChoice } from './query-keys';

/** v2 GET /statistic/clicks/daily: clicks on every day of the range. */
export function getDailyClicks(
  project: ProjectChoice,
  range: DateRange,
  signal?: AbortSignal,
): Promise<DailyClicks> {
  return apiV2.get('/statistic/clicks/daily', dailyClicksSchema, {
    query: { ...projectQuery(project), ...range },
    signal,
  });
}

export function getDailyClicksQueryOptions(project: ProjectChoice, range: DateRange) {
  return queryOptions({
    queryKey: statisticsKeys.dailyClicks(project, range),
    queryFn: ({ signal }) => getDailyClicks(project, range, signal),
    // A new range keeps the old chart on screen until its numbers arrive.
    placeholderData: keepPreviousData,
    ...STATISTICS_QUERY_DEFAULTS,
  });
}

export function useDailyClicks(project: ProjectChoice, range: DateRange) {
  return useQuery(getDailyClicksQueryOptions(project, range));
}
