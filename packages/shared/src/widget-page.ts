/**
 * The contract between the API and the widget's server-rendering bundle
 * (apps/widget/src/server.tsx, built to apps/widget/dist/server/server.js): the API owns
 * HTTP, caching and the data; the widget owns what the page looks like (ADR 016).
 */
export interface WidgetPageInput {
  /** The built dist/index.html: its script and stylesheet tags, and where the page goes. */
  template: string;
  /** The public view as the API serves it (already-serialised JSON) and its ETag. */
  viewJson: string;
  viewEtag: string;
  /** The page's path and query (`/view/12`, `?apartment=3&lang=en`). */
  pathname: string;
  search: string;
  /** The stored, sanitised markup of the named plan, or null when it cannot be read. */
  planMarkup: (planName: string) => Promise<string | null>;
}

/** What the page for an unknown project is made from (issue 20). */
export interface NotFoundInput {
  /** The built dist/index.html (its stylesheet link and favicon). */
  template: string;
  /** The query (`?lang=en`) and the browser's Accept-Language, which choose the language. */
  search: string;
  acceptLanguage: string | undefined;
}

export interface WidgetPageRenderer {
  /** The whole page: the first plan coloured, the view inlined. */
  renderPage(input: WidgetPageInput): Promise<string>;
  /**
   * What of the query changes the page (language, plan, apartment, filters, embedding), as a
   * cache key: two queries with the same key get the same page for the same view.
   */
  pageKey(search: string): string;
  /** The 404 page for a project that does not exist: a message in the widget's design, no script. */
  renderNotFound(input: NotFoundInput): string;
}
