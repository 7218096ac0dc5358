import { INACTIVE_COLOR, STATUSES } from '@planvy/shared/src/statuses';
import type { StyleTriple } from '@planvy/shared/src/styles';

/**
 * Turns the project's style triples into one small stylesheet: every [key, attr, value]
 * becomes a custom property `--pv-{key}-{attr}` on the widget root, and every status
 * gets a class that points the zone fill at its colour. Zones then only need a class,
 * so colouring 1,000 zones is 1,000 class writes and one style recalculation.
 *
 * Style values are written by project admins and reach CSS text, so each one must look
 * like a plain value: no braces, semicolons, backslashes, angle brackets, at-rules or url().
 */
const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,40}$/;
const VALUE = /^[#\w\s(),.%+\-/"']{1,120}$/;

export function isSafeCssValue(value: string): boolean {
  return VALUE.test(value) && !/url\s*\(|expression\s*\(|image-set|@/i.test(value);
}

/** The class a zone, badge or swatch of this status carries. Unknown statuses share one. */
export function statusClass(alias: string): string {
  return STATUSES.some((s) => s.alias === alias) ? `pv-st-${alias}` : 'pv-st-unknown';
}

export function themeCss(styles: readonly StyleTriple[], rootSelector = '.pv-root'): string {
  const vars: string[] = [];
  for (const [key, attr, value] of styles) {
    if (!NAME.test(key) || !NAME.test(attr) || !isSafeCssValue(value)) continue;
    vars.push(`--pv-${key}-${attr}:${value.trim()}`);
  }
  const rules = [`${rootSelector}{${vars.join(';')}}`];
  for (const s of STATUSES) {
    rules.push(`.pv-st-${s.alias}{--pv-zf:var(--pv-${s.styleKey}-svg,${s.color})}`);
  }
  // Two classes, so grey wins over any status colour whatever the rule order.
  rules.push(`.pv-zone.pv-inactive,.pv-dot.pv-inactive{--pv-zf:var(--pv-inactive-svg,${INACTIVE_COLOR})}`);
  return rules.join('\n');
}
