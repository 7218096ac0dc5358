import { isHeightMessage } from '../embed-height';
import { frameUrl } from './frame-url';

/**
 * embed.js: the `full` Code snippet. Turns every `<div data-planvy-project="{id}">` on a
 * page into an iframe of the widget that keeps its height fitted to the content. Runs
 * on other people's sites, so it touches nothing but the elements it is pointed at and
 * trusts only height messages from its own frames on the widget's own origin.
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
  const hostApartment = new URLSearchParams(location.search).get('apartment');

  const mount = () => {
    document.querySelectorAll<HTMLElement>('[data-planvy-project]').forEach((el) => {
      if (el.hasAttribute(MOUNTED)) return;
      const src = frameUrl({
        widgetOrigin: origin,
        projectId: el.getAttribute('data-planvy-project') ?? '',
        lang: el.getAttribute('data-lang'),
        apartment: el.getAttribute('data-apartment') ?? hostApartment,
        hostOrigin: location.origin,
      });
      if (!src) return;
      el.setAttribute(MOUNTED, '');
      const frame = document.createElement('iframe');
      frame.src = src;
      // The host's data-title wins; otherwise the widget reports the project name.
      const title = el.getAttribute('data-title');
      frame.title = title ?? 'Planvy';
      if (title) frame.setAttribute('data-title-set', '');
      frame.allow = 'fullscreen';
      // Until the widget reports its height, the plain snippet's minimum applies.
      frame.style.cssText = 'display:block;width:100%;border:0;height:600px';
      el.appendChild(frame);
      frames.push(frame);
    });
  };

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== origin || !isHeightMessage(event.data)) return;
    const frame = frames.find((f) => f.contentWindow !== null && f.contentWindow === event.source);
    if (!frame) return;
    frame.style.height = `${Math.ceil(event.data.height)}px`;
    // A property, not markup: the title is only ever text.
    if (event.data.title && !frame.hasAttribute('data-title-set')) frame.title = event.data.title;
  });

  mount();
  // The snippet may sit above other embeds that the parser has not reached yet.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
}

start();
