import { useEffect, useState } from 'preact/hooks';

/** The widths laid out for a phone (styles.css uses the same 600 px). */
export const NARROW_QUERY = '(max-width: 599px)';

/**
 * Whether the widget is phone-narrow now, following rotation and resizing. False until mounted,
 * so the server's page and the page it hydrates agree.
 */
export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(NARROW_QUERY);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}
