import type { Lang } from './i18n';

export interface WidgetParams {
  projectId: number | null;
  lang: Lang;
  /** Deep link: open this apartment on load. */
  apartmentId: number | null;
  /** Placed by embed.js: report the document height to the parent page. */
  embed: boolean;
  /** The embedding page's origin, the only target the height is posted to. */
  parentOrigin: string | null;
  /** Framed by the admin's style editor: repaint with the draft it sends, count no clicks. */
  preview: boolean;
}

const MAX_ID = 2147483647;

function positiveId(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 && n <= MAX_ID ? n : null;
}

/**
 * Accepts only a bare http(s) origin ("https://example.com:8080"), so a crafted
 * `parent` cannot widen postMessage's target to "*" or to a path-bearing URL.
 */
export function parseOrigin(text: string | null): string | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === text ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Reads /view/{projectId}?lang=&apartment=&embed=1&parent=&preview=1. The Vite dev server serves the
 * page at /widget/, so there `?project={id}` names the project instead.
 */
export function readParams(pathname: string, search: string): WidgetParams {
  const query = new URLSearchParams(search);
  const embed = query.get('embed') === '1';
  const fromPath = /\/view\/(\d+)\/?$/.exec(pathname)?.[1];
  return {
    projectId: positiveId(fromPath ?? (pathname.startsWith('/widget/') ? query.get('project') : null)),
    lang: query.get('lang')?.toLowerCase() === 'en' ? 'en' : 'sv',
    apartmentId: positiveId(query.get('apartment')),
    embed,
    parentOrigin: embed ? parseOrigin(query.get('parent')) : null,
    preview: query.get('preview') === '1',
  };
}
