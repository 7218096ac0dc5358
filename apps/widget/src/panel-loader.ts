import { useEffect, useState } from 'preact/hooks';
import type { ApartmentPanel } from './components/apartment-panel';

/**
 * The apartment card is a chunk of its own: a buyer downloads it at the first sign of interest
 * (hovering, focusing or touching the widget, or opening an apartment), not with the first
 * paint. A deep link loads it before the page is hydrated, and the server renders it from the
 * start (server.tsx provides it), so both draw the same card.
 */
type Panel = typeof ApartmentPanel;

let panel: Panel | null = null;
let loading: Promise<Panel> | null = null;

/** The server's renderer has the card in its own bundle. */
export function providePanel(component: Panel): void {
  panel = component;
}

/** Fetches the card once; a failed download is tried again on the next call. */
export function loadPanel(): Promise<Panel> {
  if (panel) return Promise.resolve(panel);
  loading ??= import('./components/apartment-panel').then(
    (m) => (panel = m.ApartmentPanel),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The card component once it is here; while `wanted`, it is fetched and the caller re-rendered. */
export function usePanel(wanted: boolean): Panel | null {
  const [loaded, setLoaded] = useState<Panel | null>(() => panel);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    loadPanel().then(
      (p) => live && setLoaded(() => p),
      () => undefined, // nothing opens; the next click tries again
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return loaded ?? panel;
}
