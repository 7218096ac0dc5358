import { HEIGHT_MESSAGE, isBandMessage, type Band, type HeightMessage } from './embed-messages';

/**
 * The widget's side of embed.js (ADR 024): it reports its height to the host page and follows
 * the band of the frame that is on screen there. Only inside a frame placed by embed.js, and
 * only with the parent origin embed.js named.
 */

let band: Band | null = null;
const listeners = new Set<(band: Band) => void>();

/**
 * Calls `listener` with the band on screen now (when known) and on every change; returns the
 * unsubscribe. Never called standalone or in a plain iframe: there the viewport is the band.
 */
export function onBand(listener: (band: Band) => void): () => void {
  listeners.add(listener);
  if (band) listener(band);
  return () => listeners.delete(listener);
}

/** Accepts band messages from the parent window on `parentOrigin` only. */
export function followBand(parentOrigin: string, win: Window = window): void {
  win.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== parentOrigin || event.source !== win.parent) return;
    const data: unknown = event.data;
    if (!isBandMessage(data)) return;
    band = { top: data.top, height: data.height };
    for (const listener of listeners) listener(band);
  });
}

/**
 * Tells the parent page how tall the widget is, on load and whenever its content changes size.
 * The target is the parent's exact origin, never "*". Overlays are fixed to the band on screen
 * and never count: the frame does not grow for a card or a player.
 */
export function reportHeight(root: HTMLElement, parentOrigin: string): void {
  let last = -1;
  const post = () => {
    const height = Math.ceil(root.getBoundingClientRect().bottom + window.scrollY);
    if (height === last || height <= 0) return;
    last = height;
    const message: HeightMessage = { type: HEIGHT_MESSAGE, height, title: document.title.slice(0, 200) };
    window.parent.postMessage(message, parentOrigin);
  };
  new ResizeObserver(post).observe(root);
  window.addEventListener('load', post);
  post();
}
