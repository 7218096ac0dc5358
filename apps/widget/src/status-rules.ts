import { STATUSES } from '@planvy/shared/statuses';

/**
 * One rule set per status, for the classes of theme-css.ts, from the catalogue alone (no
 * project data): zones take the fill (sold zones hatched, falling back to the fill:
 * HatchPattern), dots the fill, badges the fill over white and the text colour computed for
 * it (`--pv-{key}-text`, ADR 026). Colours go straight into fill: a custom property set per
 * zone would give each of 1,000 zones its own copy of the inherited ones and slow the first
 * frame. Its own module, so only the server and the theme chunk carry it, never the entry.
 */
export function statusCss(): string {
  const badge = (k: string) =>
    `{background:linear-gradient(var(--pv-${k}-svg),var(--pv-${k}-svg)) #fff;color:var(--pv-${k}-text)}`;
  const rules = STATUSES.map(({ alias, styleKey: k }) => {
    const st = `.pv-st-${alias}`;
    const hatch = alias === 'sold' ? 'url(#pv-hatch) ' : '';
    return `.pv-zone${st}{fill:${hatch}var(--pv-${k}-svg)!important}.pv-dot${st}{background:var(--pv-${k}-svg)}.pv-badge${st}${badge(k)}`;
  });
  // Doubled classes, so grey wins over any status colour whatever the rule order.
  rules.push(
    '.pv-zone.pv-zone.pv-inactive{fill:var(--pv-inactive-svg)!important}.pv-dot.pv-dot.pv-inactive{background:var(--pv-inactive-svg)}' +
      `.pv-badge.pv-badge.pv-inactive${badge('inactive')}`,
  );
  return rules.join('\n');
}
