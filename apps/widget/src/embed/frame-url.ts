import { languageOf } from '@planvy/shared/language';
import { parseId } from '@planvy/shared/parse-id';

export interface FrameOptions {
  widgetOrigin: string;
  projectId: string;
  lang: string | null;
  apartment: string | null;
  hostOrigin: string;
  /** The host page's `planvy` parameter: widget state from a shared link (read by params.ts). */
  state?: string | null;
  /** The host page's address, for share links; in the hash, so it never reaches the server. */
  pageUrl?: string;
}

/** The iframe address; returns null for a project id that is not a plain number. */
export function frameUrl(o: FrameOptions): string | null {
  if (parseId(o.projectId) === undefined) return null;
  const query = new URLSearchParams({
    lang: languageOf(o.lang),
    embed: '1',
    parent: o.hostOrigin,
  });
  if (o.apartment && parseId(o.apartment) !== undefined) query.set('apartment', o.apartment);
  if (o.state && o.state.length <= 1000) query.set('state', o.state);
  const hash = o.pageUrl ? `#${new URLSearchParams({ page: o.pageUrl.split('#')[0] ?? '' }).toString()}` : '';
  return `${o.widgetOrigin}/view/${o.projectId}?${query.toString()}${hash}`;
}
