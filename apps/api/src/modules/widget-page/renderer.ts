import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WidgetPageRenderer } from '@planvy/shared/widget-page';

/** What the widget build gives the page: its template, and its server renderer when built. */
export interface WidgetBuild {
  /** dist/index.html: the page without server rendering (a spinner). */
  template: string;
  /** The template the renderer fills: the same, with the widget's stylesheet inlined. */
  renderTemplate?: string;
  renderer: WidgetPageRenderer | null;
}

/**
 * The page with its stylesheet in a <style> instead of a <link>: a linked stylesheet blocks the
 * first paint until it has arrived, an extra request on every first visit (where most buyers
 * are), for 3 KB gzipped. The file is the build's own; a stylesheet that could end the
 * element is left linked.
 */
export function inlineStylesheet(template: string, widgetDist: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="\/widget\/(assets\/[\w.-]+\.css)"[^>]*>/,
    (link, file: string) => {
      const css = fs.readFileSync(path.join(widgetDist, file), 'utf8');
      return /<\/style/i.test(css) ? link : `<style>${css}</style>`;
    },
  );
}

/**
 * Reads the widget's build: dist/index.html and the server bundle dist/server/server.js
 * (`vite build -c vite.server.config.ts`). Without the bundle (the dev server, a partial
 * build) pages are sent unrendered and the script draws everything, as before ADR 016.
 */
export async function loadWidgetBuild(
  widgetDist: string,
  log: { warn(obj: object, msg: string): void },
): Promise<WidgetBuild> {
  const template = fs.readFileSync(path.join(widgetDist, 'index.html'), 'utf8');
  const bundle = path.join(widgetDist, 'server', 'server.js');
  if (!fs.existsSync(bundle)) {
    log.warn({ bundle }, 'widget pages are not server-rendered: the widget server bundle is missing');
    return { template, renderer: null };
  }
  const mod = (await import(pathToFileURL(bundle).href)) as { renderer: WidgetPageRenderer };
  return { template, renderTemplate: inlineStylesheet(template, widgetDist), renderer: mod.renderer };
}
