import { statusClass } from '../theme-css';
import { useWidget } from '../widget-context';

/** Status as text with a colour dot: colour is never the only signal (WCAG 1.4.1). */
export function StatusBadge({ status, inactive = false }: { status: string; inactive?: boolean }) {
  const w = useWidget();
  return (
    <span className="pv-badge">
      <span className={`pv-dot ${statusClass(status)}${inactive ? ' pv-inactive' : ''}`} aria-hidden="true" />
      {w.statusText(status)}
    </span>
  );
}
