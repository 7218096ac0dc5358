/**
 * Pan and zoom as viewBox arithmetic: the plan stays vector-sharp at every scale and a
 * zoom step is one attribute write, however many zones the plan has.
 */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Zooming out a little past "fit" leaves room to draw at the plan's edges. */
export const MIN_SCALE = 0.5;
export const MAX_SCALE = 24;

export function scaleOf(view: Box, base: Box): number {
  return base.w / view.w;
}

/** Keeps the scale within [MIN_SCALE, MAX_SCALE] and the view's centre inside the plan. */
export function clampView(view: Box, base: Box): Box {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scaleOf(view, base)));
  const w = base.w / scale;
  const h = base.h / scale;
  const cx = Math.min(base.x + base.w, Math.max(base.x, view.x + view.w / 2));
  const cy = Math.min(base.y + base.h, Math.max(base.y, view.y + view.h / 2));
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

/** Zooms by `factor` (>1 zooms in) keeping the plan point (px, py) where it is on screen. */
export function zoomAt(view: Box, base: Box, factor: number, px: number, py: number): Box {
  const current = scaleOf(view, base);
  const target = Math.min(MAX_SCALE, Math.max(MIN_SCALE, current * factor));
  const k = target / current;
  if (k === 1) return view;
  return clampView(
    { x: px - (px - view.x) / k, y: py - (py - view.y) / k, w: view.w / k, h: view.h / k },
    base,
  );
}

/** Moves the view by (dx, dy) plan units: dragging right by d shows what was left of it. */
export function panBy(view: Box, base: Box, dx: number, dy: number): Box {
  return clampView({ ...view, x: view.x - dx, y: view.y - dy }, base);
}

export function centreOf(view: Box): { x: number; y: number } {
  return { x: view.x + view.w / 2, y: view.y + view.h / 2 };
}

export function formatViewBox(view: Box): string {
  return `${view.x} ${view.y} ${view.w} ${view.h}`;
}

/**
 * The plan's own coordinate box: its viewBox, else its width/height in plain units,
 * else null (the caller measures the drawing instead).
 */
export function parseViewBox(
  viewBox: string | null,
  width: string | null,
  height: string | null,
): Box | null {
  const parts = (viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length === 4 && parts.every(Number.isFinite) && parts[2]! > 0 && parts[3]! > 0) {
    return { x: parts[0]!, y: parts[1]!, w: parts[2]!, h: parts[3]! };
  }
  // Percentages and ems say nothing about the drawing's own units.
  const length = (v: string | null) => (v && /^\s*[\d.]+\s*(px)?\s*$/.test(v) ? parseFloat(v) : NaN);
  const w = length(width);
  const h = length(height);
  return w > 0 && h > 0 ? { x: 0, y: 0, w, h } : null;
}

/** Where the plan sits in its on-screen box under preserveAspectRatio "xMidYMid meet". */
export interface Fit {
  /** Screen pixels per plan unit. */
  scale: number;
  /** The letterbox offset of the view's top-left corner inside the box, in pixels. */
  x: number;
  y: number;
}

export function fitOf(view: Box, width: number, height: number): Fit {
  const scale = Math.min(width / view.w, height / view.h) || 1;
  return { scale, x: (width - view.w * scale) / 2, y: (height - view.h * scale) / 2 };
}

/** A point inside the on-screen box (pixels from its top-left) in plan units. */
export function boxToPlan(view: Box, width: number, height: number, px: number, py: number) {
  const fit = fitOf(view, width, height);
  return { x: view.x + (px - fit.x) / fit.scale, y: view.y + (py - fit.y) / fit.scale };
}

/**
 * The CSS transform (origin at the box's top-left) that makes a plan drawn with the
 * `shown` view look like the `target` view: zooming and panning move one composited
 * layer, and the plan is redrawn sharp (viewBox) once the gesture settles.
 */
export function previewTransform(shown: Box, target: Box, width: number, height: number): string {
  const from = fitOf(shown, width, height);
  const to = fitOf(target, width, height);
  const k = to.scale / from.scale;
  const tx = to.x - from.x * k + to.scale * (shown.x - target.x);
  const ty = to.y - from.y * k + to.scale * (shown.y - target.y);
  return `translate(${tx}px, ${ty}px) scale(${k})`;
}
