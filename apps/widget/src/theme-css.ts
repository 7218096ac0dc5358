import { STATUSES } from '@planvy/shared/src/statuses';

/** The class a zone, badge or swatch of this status carries. Unknown statuses share one. */
export function statusClass(alias: string): string {
  return STATUSES.some((s) => s.alias === alias) ? `pv-st-${alias}` : 'pv-st-unknown';
}

/**
 * One rule set per status, from the catalogue alone (no project data): zones take the
 * fill, dots the fill, badges the fill and text colour. Colours go straight into fill: a
 * custom property set per zone would give each of 1,000 zones its own copy of the inherited
 * ones and slow the first frame.
 */
export function statusCss(): string {
  const rules = STATUSES.map(({ alias, styleKey: k }) => {
    const st = `.pv-st-${alias}`;
    return `.pv-zone${st}{fill:var(--pv-${k}-svg)!important}.pv-dot${st}{background:var(--pv-${k}-svg)}.pv-badge${st}{background:var(--pv-${k}-svg);color:var(--pv-${k}-font)}`;
  });
  // Doubled classes, so grey wins over any status colour whatever the rule order.
  rules.push(
    '.pv-zone.pv-zone.pv-inactive{fill:var(--pv-inactive-svg)!important}.pv-dot.pv-dot.pv-inactive{background:var(--pv-inactive-svg)}' +
      '.pv-badge.pv-badge.pv-inactive{background:var(--pv-inactive-svg);color:var(--pv-inactive-font)}',
  );
  return rules.join('\n');
}
