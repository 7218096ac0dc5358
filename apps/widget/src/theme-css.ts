import { STATUSES } from '@planvy/shared/statuses';

/** The class a zone, badge or swatch of this status carries. Unknown statuses share one. */
export function statusClass(alias: string): string {
  return STATUSES.some((s) => s.alias === alias) ? `pv-st-${alias}` : 'pv-st-unknown';
}
