import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WidgetPageRenderer } from '@planvy/shared/src/widget-page';

/** What the widget build gives the page: its template, and its server renderer when built. */
export interface WidgetBuild {
  /** dist/index.html: the page without server rendering (a spinner), also the renderer's template. */
  template: string;
  renderer: WidgetPageRenderer | null;
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
  return { template, renderer: mod.renderer };
}
