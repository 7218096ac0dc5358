import { useWidget } from '../widget-context';

/**
 * Status as text on the status colour: colour is never the only signal (WCAG 1.4.1). The class
 * comes through the widget rather than from theme-css: the card's lazy chunk would otherwise
 * reach the status catalogue itself, and the bundler then splits the catalogue out of the
 * entry into a chunk of its own (rolldown issue 10731).
 */
export function StatusBadge({ status, inactive = false }: { status: string; inactive?: boolean }) {
  const w = useWidget();
  return (
    <span className={`pv-badge ${w.statusClass(status)}${inactive ? ' pv-inactive' : ''}`}>
      {w.statusText(status)}
    </span>
  );
}
