import { BAND_MESSAGE, isHeightMessage, visibleBand, type BandMessage } from '../embed-messages';
import { isHostEvent } from '../host-events';
import { frameUrl } from './frame-url';

/**
 * embed.js: the `full` Code snippet. Turns every `<div data-planvy-project="{id}">` on a
 * page into an iframe of the widget that keeps its height fitted to the content, and
 * re-dispatches the widget's `planvy:*` events on the host (ADR 017): as a bubbling
 * CustomEvent from the div (so `window` hears it too) and, with `data-datalayer` on the div
 * or the script, pushed to `window.dataLayer` for Google Tag Manager. Runs on other people's
 * sites, so it touches nothing but the elements it is pointed at and trusts only messages
 * from its own frames on the widget's own origin.
 */

const MOUNTED = 'data-planvy-mounted';

/** The origin embed.js was loaded from, which is where the widget lives. */
function scriptOrigin(): string | null {
  const current = document.currentScript;
  const src =
    current instanceof HTMLScriptElement && current.src
      ? current.src
      : document.querySelector<HTMLScriptElement>('script[src$="/embed.js"]')?.src;
  if (!src) return null;
  try {
    return new URL(src, location.href).origin;
  } catch {
    return null;
  }
}

function start(): void {
  const origin = scriptOrigin();
  if (!origin) return;
  const frames: HTMLIFrameElement[] = [];
  /** The band last posted to each frame, so an unchanged one is not posted again. */
  const posted = new WeakMap<HTMLIFrameElement, string>();
  const hostQuery = new URLSearchParams(location.search);
  const hostApartment = hostQuery.get('apartment');
  // A shared address: the widget's state rides in the host page's `planvy` parameter.
  const hostState = hostQuery.get('planvy');
  const script = document.currentScript;
  const scriptDataLayer = script instanceof HTMLScriptElement && script.hasAttribute('data-datalayer');

  const mount = () => {
    document.querySelectorAll<HTMLElement>('[data-planvy-project]').forEach((el) => {
      if (el.hasAttribute(MOUNTED)) return;
      const src = frameUrl({
        widgetOrigin: origin,
        projectId: el.getAttribute('data-planvy-project') ?? '',
        lang: el.getAttribute('data-lang'),
        apartment: el.getAttribute('data-apartment') ?? hostApartment,
        hostOrigin: location.origin,
        state: hostState,
        pageUrl: location.href,
      });
      if (!src) return;
      el.setAttribute(MOUNTED, '');
      const frame = document.createElement('iframe');
      frame.src = src;
      // The host's data-title wins; otherwise the widget reports the project name.
      const title = el.getAttribute('data-title');
      frame.title = title ?? 'Planvy';
      if (title) frame.setAttribute('data-title-set', '');
      // The share button copies the link, or opens the phone's share sheet.
      frame.allow = 'fullscreen; clipboard-write; web-share';
      // Until the widget reports its height, the plain snippet's minimum applies.
      frame.style.cssText = 'display:block;width:100%;border:0;height:600px';
      el.appendChild(frame);
      frames.push(frame);
    });
  };

  let scheduled = false;
  const postBands = () => {
    scheduled = false;
    for (const frame of frames) {
      const rect = frame.getBoundingClientRect();
      const band = visibleBand(rect.top, rect.height, window.innerHeight);
      const key = `${band.top},${band.height}`;
      if (posted.get(frame) === key || !frame.contentWindow) continue;
      posted.set(frame, key);
      // Spelled out: a spread would bring a helper into this es2017 script.
      const message: BandMessage = { type: BAND_MESSAGE, top: band.top, height: band.height };
      // Only a document on the widget's origin receives it: the frame may have navigated away.
      frame.contentWindow.postMessage(message, origin);
    }
  };
  /** At most once per animation frame, however often the host scrolls. */
  const scheduleBands = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(postBands);
  };
  // Captured: a page that scrolls inside a container scrolls the frame too.
  window.addEventListener('scroll', scheduleBands, { capture: true, passive: true });
  window.addEventListener('resize', scheduleBands, { passive: true });

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== origin) return;
    const frame = frames.find((f) => f.contentWindow !== null && f.contentWindow === event.source);
    if (!frame) return;
    const data: unknown = event.data;
    if (isHostEvent(data)) {
      const el = frame.parentElement;
      // A copy: listeners on the host cannot change what the next one sees.
      el?.dispatchEvent(new CustomEvent(data.type, { detail: Object.assign({}, data), bubbles: true }));
      if (scriptDataLayer || el?.hasAttribute('data-datalayer')) {
        const w = window as unknown as { dataLayer?: unknown[] };
        (w.dataLayer = w.dataLayer ?? []).push({ event: data.type, planvy: Object.assign({}, data) });
      }
      return;
    }
    if (!isHeightMessage(data)) return;
    frame.style.height = `${Math.ceil(data.height)}px`;
    // A property, not markup: the title is only ever text.
    if (data.title && !frame.hasAttribute('data-title-set')) frame.title = data.title;
    // The widget is listening now, and a new height moves the band: it hears the band again.
    posted.delete(frame);
    scheduleBands();
  });

  mount();
  // The snippet may sit above other embeds that the parser has not reached yet.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
}

start();
