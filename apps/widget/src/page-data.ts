import type { PublicView } from '@planvy/shared/public-view';

/**
 * The view inlined in the server-rendered page (ADR 016), so the script reads it instead of
 * fetching it: a JSON data block, which browsers never execute (the CSP needs no exception).
 */
export const PAGE_DATA_ID = 'pv-data';

export interface PageData {
  view: PublicView;
  /** The view's ETag: live updates resume from it (ADR 015). */
  etag: string;
}

/**
 * JSON made safe inside <script>: no `<` at all (so nothing can close the element, open a
 * comment or `<script` in it), and the line separators older parsers took for line ends.
 * Every other character past Latin-1 is escaped too, so the page stays one-byte text for the
 * browser (see `latin1Html` in server.tsx). JSON.parse reads the escapes back as the same
 * characters.
 */
export function inlineJson(json: string): string {
  return json.replace(/[<\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The data block's element. */
export function pageDataScript(etag: string, viewJson: string): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${inlineJson(
    `{"etag":${JSON.stringify(etag)},"view":${viewJson}}`,
  )}</script>`;
}

/**
 * The data block: the last `<script type="application/json" id="pv-data">` among the body's
 * children. The server writes it after everything else, so nothing of the plan (written before it,
 * inside the widget's root, its ids in the plan's own namespace) can come in its place, even a
 * plan element with that very id (ADR 020). Found from the end, so what an extension appends to
 * the body does not matter.
 */
function dataBlock(doc: Document): Element | null {
  for (let el = doc.body?.lastElementChild ?? null; el; el = el.previousElementSibling) {
    if (el.localName === 'script' && el.id === PAGE_DATA_ID && el.getAttribute('type') === 'application/json')
      return el;
  }
  return null;
}

/** Whether the page carries the data (it was rendered on the server). */
export function hasPageData(doc: Document = document): boolean {
  return dataBlock(doc) !== null;
}

/** The inlined data, or null on a page without it (no server rendering). */
export function readPageData(doc: Document = document): PageData | null {
  const el = dataBlock(doc);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as PageData;
  } catch {
    return null;
  }
}
