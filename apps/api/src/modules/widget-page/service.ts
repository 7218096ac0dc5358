import { createHash } from 'node:crypto';
import type { WidgetPageRenderer } from '@planvy/shared/src/widget-page';

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
  private readonly pages = new Map<string, RenderedPage>();
  private readonly pending = new Map<string, Promise<RenderedPage>>();
  private bytes = 0;

  constructor(
    private readonly renderer: WidgetPageRenderer,
    private readonly template: string,
    private readonly limits = { maxPages: 500, maxBytes: 32 * 1024 * 1024 },
  ) {}

  /** Whether the page is ready to send, or being rendered already (no new work to ask for it). */
  has(req: PageRequest): boolean {
    const key = this.key(req);
    return this.pages.has(key) || this.pending.has(key);
  }

  async page(req: PageRequest): Promise<RenderedPage> {
    const key = this.key(req);
    const hit = this.pages.get(key);
    if (hit) {
      // Most recently used last.
      this.pages.delete(key);
      this.pages.set(key, hit);
      return hit;
    }
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.render(req).then(
        (page) => {
          this.pending.delete(key);
          this.store(key, page);
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
    return { pages: this.pages.size, bytes: this.bytes };
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

  private store(key: string, page: RenderedPage): void {
    if (page.html.length > this.limits.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += page.html.length;
    for (const [oldest, old] of this.pages) {
      if (this.pages.size <= this.limits.maxPages && this.bytes <= this.limits.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= old.html.length;
    }
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
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  async get(etag: string, load: () => Promise<string | null>): Promise<string | null> {
    const hit = this.entries.get(etag);
    if (hit !== undefined) {
      this.entries.delete(etag);
      this.entries.set(etag, hit);
      return hit;
    }
    const markup = await load();
    if (markup === null || markup.length > this.maxBytes) return markup;
    this.entries.set(etag, markup);
    this.bytes += markup.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.length;
    }
    return markup;
  }

  /** How many plans and characters are kept (tests). */
  get size(): { plans: number; chars: number } {
    return { plans: this.entries.size, chars: this.bytes };
  }
}
