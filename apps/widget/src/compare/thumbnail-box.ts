import type { Box } from '@planvy/shared/plan/view-box';

/**
 * The part of a plan an apartment's thumbnail shows: the bounding box of its zones with a margin
 * of `margin` × its larger side all round (a little of what is next to it), within the plan.
 * Null without zones.
 */
export function thumbnailBox(zones: readonly Box[], plan: Box, margin = 0.15): Box | null {
  if (zones.length === 0) return null;
  const x0 = Math.min(...zones.map((b) => b.x));
  const y0 = Math.min(...zones.map((b) => b.y));
  const x1 = Math.max(...zones.map((b) => b.x + b.w));
  const y1 = Math.max(...zones.map((b) => b.y + b.h));
  const m = Math.max(x1 - x0, y1 - y0) * margin;
  const left = Math.max(plan.x, x0 - m);
  const top = Math.max(plan.y, y0 - m);
  const right = Math.min(plan.x + plan.w, x1 + m);
  const bottom = Math.min(plan.y + plan.h, y1 + m);
  if (right <= left || bottom <= top) return null;
  return { x: left, y: top, w: right - left, h: bottom - top };
}
