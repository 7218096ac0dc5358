import { INACTIVE_COLOR, STATUSES } from '@planvy/shared/src/statuses';
import type { StyleTriple } from '@planvy/shared/src/styles';

/**
 * Turns the project's style triples into one small stylesheet: every [key, attr, value]
 * becomes a custom property `--pv-{key}-{attr}` on the widget root, and every status
 * gets a class that sets the zone fill (and the dot colour) from it. Zones then only need a class,
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
  // Colours go straight into fill/background. A custom property set per zone would give
  // each of 1,000 zones its own copy of the ~60 inherited ones and slow the first frame.
  for (const s of STATUSES) {
    const colour = `var(--pv-${s.styleKey}-svg,${s.color})`;
    rules.push(
      `.pv-zone.pv-st-${s.alias}{fill:${colour}!important}.pv-dot.pv-st-${s.alias}{background:${colour}}`,
    );
  }
  // Three classes, so grey wins over any status colour whatever the rule order.
  const grey = `var(--pv-inactive-svg,${INACTIVE_COLOR})`;
  rules.push(
    `.pv-zone.pv-zone.pv-inactive{fill:${grey}!important}.pv-dot.pv-dot.pv-inactive{background:${grey}}`,
  );
  return rules.join('\n');
}
