import { languageOf } from '@planvy/shared/language';
import { parseId } from '@planvy/shared/parse-id';
import { NO_FILTERS, parseBound, type Filters } from './filters';
import type { Lang } from './i18n';

/** The cost calculator's inputs the buyer changed (ADR 037); absent ones take the project's defaults. */
export interface CalcState {
  price?: number;
  down?: number;
  rate?: number;
  drift?: number;
  income?: number;
  loan?: number;
  extras?: string[];
}
const CALC_NUMBERS = ['price', 'down', 'rate', 'drift', 'income', 'loan'] as const;

/** What a shared address restores: the plan, the filters, the open apartment and its calculator. */
export interface ViewState {
  /** The plan's id (or, in links from before plans had names, its file name); null is the project's first plan. */
  plan: string | null;
  apartmentId: number | null;
  filters: Filters;
  /** The open apartment's "Räkna själv" panel; null while it is closed. */
  calc: CalcState | null;
}

export interface WidgetParams {
  projectId: number | null;
  lang: Lang;
  /** Deep link: open this apartment on load. */
  apartmentId: number | null;
  /** Deep link: show this plan (by id, or by file name in older links) first. */
  plan: string | null;
  filters: Filters;
  /** Deep link: the apartment's cost calculator, open with these inputs. */
  calc: CalcState | null;
  /** Placed by embed.js: report the document height to the parent page. */
  embed: boolean;
  /** The embedding page's origin, the only target the height is posted to. */
  parentOrigin: string | null;
  /** Framed by the admin's style editor: repaint with the draft it sends, count no clicks. */
  preview: boolean;
  /**
   * Embedded: the host page's address, passed by embed.js in the frame's hash (so it never
   * reaches the server) and accepted only on the parent origin. Shared links point there.
   */
  pageUrl: string | null;
}

function positiveId(text: string | null | undefined): number | null {
  return parseId(text) ?? null;
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

/** The query keys of the view state, in the order they are written. */
const STATE_KEYS = [
  'plan',
  'apartment',
  'status',
  'rooms',
  'building',
  'price_min',
  'price_max',
  'size_min',
  'size_max',
  'available',
  'favourites',
  'calc',
  ...CALC_NUMBERS.map((k) => `calc_${k}` as const),
  'calc_extras',
] as const;
const BOUNDS = [
  ['price_min', 'priceMin'],
  ['price_max', 'priceMax'],
  ['size_min', 'sizeMin'],
  ['size_max', 'sizeMax'],
] as const;
const ALIAS = /^[a-z0-9-]{1,40}$/;
/** Longest state a host page may hand the frame (embed.js caps it too). */
export const MAX_STATE = 1000;

/** A short text value, or '' ; free text from an address is only ever compared, never shown. */
const shortText = (v: string | null) => (v && v.length <= 100 ? v : '');

/** The view state in a query; anything malformed falls back to the default. */
export function readState(query: URLSearchParams): ViewState {
  const filters: Filters = {
    ...NO_FILTERS,
    statuses: [...new Set((query.get('status') ?? '').split(',').filter((s) => ALIAS.test(s)))].slice(0, 20),
    rooms: shortText(query.get('rooms')),
    building: shortText(query.get('building')),
    available: query.get('available') === '1',
    favourites: query.get('favourites') === '1',
  };
  for (const [key, field] of BOUNDS) filters[field] = parseBound(query.get(key)?.slice(0, 20) ?? '');
  return {
    plan: shortText(query.get('plan')) || null,
    apartmentId: positiveId(query.get('apartment')),
    filters,
    calc: query.get('calc') === '1' ? readCalc(query) : null,
  };
}

function readCalc(query: URLSearchParams): CalcState {
  const calc: CalcState = {};
  for (const k of CALC_NUMBERS) {
    const n = parseBound(query.get(`calc_${k}`)?.slice(0, 20) ?? '');
    if (n !== null && n <= 1e10) calc[k] = n;
  }
  const extras = query.get('calc_extras');
  if (extras !== null)
    calc.extras = [...new Set(extras.split(',').filter((e) => ALIAS.test(e)))].slice(0, 10);
  return calc;
}

/** Writes the view state into `query` (in place), leaving every other key alone. */
export function writeState(query: URLSearchParams, state: ViewState): void {
  for (const key of STATE_KEYS) query.delete(key);
  const f = state.filters;
  const set = (key: (typeof STATE_KEYS)[number], value: string | number | null | false) => {
    if (value !== null && value !== '' && value !== false) query.set(key, String(value));
  };
  set('plan', state.plan);
  set('apartment', state.apartmentId);
  set('status', f.statuses.join(','));
  set('rooms', f.rooms);
  set('building', f.building);
  for (const [key, field] of BOUNDS) set(key, f[field]);
  set('available', f.available && '1');
  set('favourites', f.favourites && '1');
  const calc = state.calc;
  if (calc) {
    set('calc', '1');
    for (const k of CALC_NUMBERS) set(`calc_${k}`, calc[k] ?? null);
    // An empty list is kept: "no extras" differs from "the defaults".
    if (calc.extras) query.set('calc_extras', calc.extras.join(','));
  }
}

/** Only the state keys, as a query string ("plan=12&status=sale"). */
export function stateQuery(state: ViewState): string {
  const query = new URLSearchParams();
  writeState(query, state);
  return query.toString();
}

/** The host page's address from the frame's hash, when it lies on the parent origin. */
export function readPageUrl(hash: string, parentOrigin: string | null): string | null {
  if (!parentOrigin) return null;
  const text = new URLSearchParams(hash.replace(/^#/, '')).get('page');
  if (!text || text.length > 2000) return null;
  try {
    const url = new URL(text);
    if (url.origin !== parentOrigin) return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/**
 * The address that opens the widget as the buyer sees it now. Standalone: this page's own
 * address. Embedded: the host page with the state in its `planvy` parameter, which embed.js
 * hands back to the frame; without a host address, the standalone widget page.
 */
export function shareUrl(currentHref: string, params: WidgetParams, state: ViewState): string {
  if (params.embed && params.pageUrl) {
    const page = new URL(params.pageUrl);
    page.searchParams.delete('apartment');
    const query = stateQuery(state);
    if (query) page.searchParams.set('planvy', query);
    else page.searchParams.delete('planvy');
    return page.href;
  }
  const url = new URL(currentHref);
  url.hash = '';
  if (params.embed) {
    for (const key of ['embed', 'parent', 'state', 'preview']) url.searchParams.delete(key);
  }
  writeState(url.searchParams, state);
  return url.href;
}

/**
 * Reads /view/{projectId}?lang=&apartment=&embed=1&parent=&preview=1 and the view state
 * (readState). Embedded, the state comes from `state`, the host page's `planvy` parameter
 * that embed.js passes on. The Vite dev server serves the
 * page at /widget/, so there `?project={id}` names the project instead.
 */
export function readParams(pathname: string, search: string, hash = ''): WidgetParams {
  const query = new URLSearchParams(search);
  const embed = query.get('embed') === '1';
  const fromPath = /\/view\/(\d+)\/?$/.exec(pathname)?.[1];
  const passed = embed ? query.get('state') : null;
  const state = readState(passed && passed.length <= MAX_STATE ? new URLSearchParams(passed) : query);
  const parentOrigin = embed ? parseOrigin(query.get('parent')) : null;
  return {
    projectId: positiveId(fromPath ?? (pathname.startsWith('/widget/') ? query.get('project') : null)),
    lang: languageOf(query.get('lang')),
    apartmentId: state.apartmentId ?? positiveId(query.get('apartment')),
    plan: state.plan,
    filters: state.filters,
    calc: state.calc,
    embed,
    parentOrigin,
    preview: query.get('preview') === '1',
    pageUrl: embed ? readPageUrl(hash, parentOrigin) : null,
  };
}
