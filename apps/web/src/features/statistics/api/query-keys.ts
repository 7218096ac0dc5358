import type { DateRange } from '@planvy/shared';

/**
 * Statistics are read, never written, by this app: clicks arrive from buyers in the widget
 * and statuses from anyone with access. No mutation here can own their invalidation, so
 * every statistics query is stale at once and refetched when shown again or refocused.
 */
export const STATISTICS_QUERY_DEFAULTS = { staleTime: 0, refetchOnWindowFocus: true } as const;

/** What a dashboard query covers: all the caller's projects (null) or one. */
export type ProjectChoice = number | null;

export const statisticsKeys = {
  all: ['statistics'] as const,
  allSum: (project: ProjectChoice) => [...statisticsKeys.all, 'all-sum', project] as const,
  perProject: () => [...statisticsKeys.all, 'per-project'] as const,
  mostClicked: (project: ProjectChoice) => [...statisticsKeys.all, 'most-clicked', project] as const,
  dailyClicks: (project: ProjectChoice, range: DateRange) =>
    [...statisticsKeys.all, 'daily-clicks', project, range.from, range.to] as const,
  topApartments: (project: ProjectChoice, range: DateRange) =>
    [...statisticsKeys.all, 'top', project, range.from, range.to] as const,
  statusHistory: (project: ProjectChoice, range: DateRange) =>
    [...statisticsKeys.all, 'status-history', project, range.from, range.to] as const,
  apartmentClicks: (projectId: number, range: DateRange) =>
    [...statisticsKeys.all, 'apartment-clicks', projectId, range.from, range.to] as const,
};

/** The query string of a project choice. */
export const projectQuery = (project: ProjectChoice) => (project === null ? {} : { project_id: project });
