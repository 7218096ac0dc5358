import { createHash } from 'node:crypto';
import type { WidgetPageRenderer } from '@planvy/shared/widget-page';
import { SizedLru } from '../../lib/sized-lru';

export interface RenderedPage {
  html: Buffer;
  /** Strong: a hash of the bytes. */
  etag: string;
}

export interface PageRequest {
  projectId: number;
  /** The view the page shows: its serialised JSON and ETag (app.publicViews). */
  view: { body: Buffer; etag: string };
  search: string;
  planMarkup: (name: string) => Promise<string | null>;
}

/**
 * Server-rendered widget pages (ADR 016), kept in memory by what they are made of: the
 * project's view (its ETag changes with every write the widget shows, and the view cache is
 * dropped on every such write), and what of the query changes the page. Bounded by bytes and
 * by count, least recently used out first; one render per key at a time, however many wait.
 */
export class WidgetPages {
  private readonly pages: SizedLru<RenderedPage>;
  private readonly pending = new Map<string, Promise<RenderedPage>>();

  constructor(
    private readonly renderer: WidgetPageRenderer,
    private readonly template: string,
    limits = { maxPages: 500, maxBytes: 32 * 1024 * 1024 },
  ) {
    this.pages = new SizedLru({ maxSize: limits.maxBytes, maxEntries: limits.maxPages });
  }

  /** Whether the page is ready to send, or being rendered already (no new work to ask for it). */
  has(req: PageRequest): boolean {
    const key = this.key(req);
    return this.pages.has(key) || this.pending.has(key);
  }

  async page(req: PageRequest): Promise<RenderedPage> {
    const key = this.key(req);
    const hit = this.pages.get(key);
    if (hit) return hit;
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.render(req).then(
        (page) => {
          this.pending.delete(key);
          this.pages.set(key, page, page.html.length);
          return page;
        },
        (err: unknown) => {
          this.pending.delete(key);
          throw err;
        },
      );
      this.pending.set(key, pending);
    }
    return pending;
  }

  private key(req: PageRequest): string {
    return `${req.projectId}|${req.view.etag}|${this.renderer.pageKey(req.search)}`;
  }

  /** How many pages and bytes are held (for tests and figures). */
  get size(): { pages: number; bytes: number } {
    const { entries, total } = this.pages.size;
    return { pages: entries, bytes: total };
  }

  private async render(req: PageRequest): Promise<RenderedPage> {
    const html = Buffer.from(
      await this.renderer.renderPage({
        template: this.template,
        viewJson: req.view.body.toString('utf8'),
        viewEtag: req.view.etag,
        pathname: `/view/${req.projectId}`,
        search: req.search,
        planMarkup: req.planMarkup,
      }),
    );
    return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 32)}"` };
  }
}

/**
 * Plan markup as the page renderer takes it (sanitised once more), kept by the plan's ETag,
 * the hash of its stored markup: an entry can never be stale, and a page rendered again after
 * a status change (every change, on a launch day) reads one ETag instead of the whole plan and
 * does not sanitise it again (tens of ms for 1,000 zones, about a second for 10 MB). Bounded
 * by bytes, least recently used out first.
 */
export class PlanMarkupMemo {
  private readonly kept: SizedLru<string>;

  constructor(maxChars = 64 * 1024 * 1024) {
    this.kept = new SizedLru({ maxSize: maxChars });
  }

  async get(etag: string, load: () => Promise<string | null>): Promise<string | null> {
    const hit = this.kept.get(etag);
    if (hit !== undefined) return hit;
    const markup = await load();
    if (markup !== null) this.kept.set(etag, markup, markup.length);
    return markup;
  }

  /** How many plans and characters are kept (tests). */
  get size(): { plans: number; chars: number } {
    const { entries, total } = this.kept.size;
    return { plans: entries, chars: total };
  }
}
