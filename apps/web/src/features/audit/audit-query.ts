import type { AuditQuery } from '@planvy/shared';

/** What the filters on the audit page hold: ids as strings ('' = any), dates as yyyy-mm-dd ('' = open). */
export interface AuditFilters {
  user: string;
  project: string;
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AuditFilters = { user: '', project: '', from: '', to: '' };

/** Local midnight of a yyyy-mm-dd date, `days` later, as an ISO instant; undefined for anything else. */
function localMidnight(date: string, days = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const d = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The API query for the filters: both dates are whole local days, so `to` is the next midnight. */
export function auditQuery(filters: AuditFilters, before?: number): AuditQuery {
  return {
    user: filters.user ? Number(filters.user) : undefined,
    project: filters.project ? Number(filters.project) : undefined,
    from: localMidnight(filters.from),
    to: localMidnight(filters.to, 1),
    before,
  };
}
