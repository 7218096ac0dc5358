import { statusClass } from '../theme-css';
import { useWidget } from '../widget-context';

/** Status as text on the status colour: colour is never the only signal (WCAG 1.4.1). */
export function StatusBadge({ status, inactive = false }: { status: string; inactive?: boolean }) {
  const w = useWidget();
  return (
    <span className={`pv-badge ${statusClass(status)}${inactive ? ' pv-inactive' : ''}`}>
      {w.statusText(status)}
    </span>
  );
}
