import {
  checkRange,
  DEFAULT_RANGE_DAYS,
  lastDays,
  parseId,
  type DateRange,
  type IsoDate,
} from '@planvy/shared';
import type { ProjectChoice } from './api/query-keys';

/**
 * What the dashboard shows, kept in the URL (?days=7|30|90, or ?from=…&to=…, and
 * ?project=id) so a reload or a shared link shows the same numbers. Anything the URL
 * cannot mean falls back to the last 30 days over every project.
 */

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export type RangeChoice =
  { kind: 'preset'; days: RangePreset } | { kind: 'custom'; from: IsoDate; to: IsoDate };

export interface DashboardFilters {
  project: ProjectChoice;
  range: RangeChoice;
}

const DEFAULT_RANGE: RangeChoice = { kind: 'preset', days: DEFAULT_RANGE_DAYS as RangePreset };

function isPreset(n: number): n is RangePreset {
  return (RANGE_PRESETS as readonly number[]).includes(n);
}

export function parseFilters(params: URLSearchParams, today: IsoDate): DashboardFilters {
  const projectParam = params.get('project');
  const project = parseId(projectParam) ?? null;
  const from = params.get('from');
  const to = params.get('to');
  const days = Number(params.get('days'));
  let range = DEFAULT_RANGE;
  if (from && to && checkRange(from, to, today).ok) range = { kind: 'custom', from, to };
  else if (isPreset(days)) range = { kind: 'preset', days };
  return { project: project !== null && project > 0 ? project : null, range };
}

export function filtersToParams(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.project !== null) params.set('project', String(filters.project));
  if (filters.range.kind === 'custom') {
    params.set('from', filters.range.from);
    params.set('to', filters.range.to);
  } else if (filters.range.days !== DEFAULT_RANGE_DAYS) {
    params.set('days', String(filters.range.days));
  }
  return params;
}

/** The days a range choice covers, ending today for a preset. */
export function rangeOf(choice: RangeChoice, today: IsoDate): DateRange {
  return choice.kind === 'custom' ? { from: choice.from, to: choice.to } : lastDays(choice.days, today);
}
