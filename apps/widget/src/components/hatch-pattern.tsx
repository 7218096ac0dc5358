import type { Box } from '@planvy/shared/plan/view-box';

/** Stripes per plan: the same share of any plan, whatever its units (ADR 026). */
const STRIPES = 90;

/**
 * The hatching of sold zones, a cue besides their colour (ADR 026): the zone rule fills them
 * with `url(#pv-hatch)` (status-rules.ts), which falls back to the plain colour wherever this is
 * missing. Stripes in the badge text colour over the sold colour, so they read on any fill;
 * `sold-pattern: none` makes them transparent. A pattern is sized in the units of the plan
 * that uses it, so it is drawn for the plan on screen, once, outside the plan's own markup.
 */
export function HatchPattern({ base }: { base: Box }) {
  const size = +(Math.max(base.w, base.h) / STRIPES).toPrecision(3);
  return (
    <svg className="pv-defs" aria-hidden="true" focusable="false">
      <pattern
        id="pv-hatch"
        patternUnits="userSpaceOnUse"
        width={size}
        height={size}
        patternTransform="rotate(45)"
      >
        <rect className="pv-hatch-bg" width={size} height={size} />
        <rect className="pv-hatch-line" width={+(size * 0.35).toPrecision(3)} height={size} />
      </pattern>
    </svg>
  );
}
