import { statusClass } from '../theme-css';
import { useWidget } from '../widget-context';

/** Shown when show_status is on: every status in the list, as text, with its count. */
export function StatusLegend({ counts }: { counts: [status: string, count: number][] }) {
  const w = useWidget();
  if (counts.length === 0) return null;
  return (
    <ul className="pv-legend" aria-label={w.t('legend')}>
      {counts.map(([status, count]) => (
        <li key={status}>
          <span className={`pv-dot ${statusClass(status)}`} aria-hidden="true" />
          {w.statusText(status)} <span className="pv-count">{count}</span>
        </li>
      ))}
    </ul>
  );
}
