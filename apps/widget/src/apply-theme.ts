import { applyStyles, type StyleTriple } from '@planvy/shared/styles';
import { statusCss } from './status-rules';

/**
 * The project's look. Values reach CSS only as custom properties set through the CSSOM
 * (`applyStyles`: `--pv-{key}-{attr}` on the document element, each value checked by the
 * catalogue's validator, defaults for anything else); styles.css and the status rules below
 * read them with var(). No style value is ever written into CSS text. Loaded on demand: the
 * server-rendered page carries the same properties in its CSS (ADR 016); this serves the
 * unrendered page and the style editor's preview.
 */
export function applyTheme(
  styles: readonly StyleTriple[],
  root: HTMLElement = document.documentElement,
): void {
  applyStyles(root.style, styles);
}

/**
 * The status rules (status-rules.ts) for a page the server did not render, whose CSS lacks
 * them. Not in the entry: only that page needs them, and it loads this chunk anyway.
 */
export function addStatusRules(): void {
  const rules = document.createElement('style');
  rules.textContent = statusCss();
  document.head.appendChild(rules);
}
