/**
 * Pan and zoom as viewBox arithmetic, for the admin editor and the widget alike: the plan
 * stays vector-sharp at every scale and a zoom step is one attribute write, however many
 * zones the plan has. Screen↔plan conversion is arithmetic too, so it never forces a layout.
 */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

/** How far a view may zoom, and whether it may leave the plan. */
export interface ViewLimits {
  /** Scale relative to the whole plan (1 = fit). */
  minScale: number;
  maxScale: number;
  /**
   * True: the view never shows beyond the plan's edges where it can avoid it (buyers).
   * False: only its centre stays on the plan (admins draw zones at the edges).
   */
  keepInside: boolean;
}

/** The editor: zooming out a little past "fit" leaves room to draw at the plan's edges. */
export const EDITOR_VIEW: ViewLimits = { minScale: 0.5, maxScale: 24, keepInside: false };
/** The widget: from the whole plan to 8×, never off the plan. */
export const VIEWER_VIEW: ViewLimits = { minScale: 1, maxScale: 8, keepInside: true };

/** One step of the zoom buttons and keys. */
export const ZOOM_STEP = 1.25;

export function scaleOf(view: Box, base: Box): number {
  return base.w / view.w;
}

function clampAxis(start: number, size: number, baseStart: number, baseSize: number, inside: boolean) {
  const centre = Math.min(baseStart + baseSize, Math.max(baseStart, start + size / 2));
  if (!inside) return centre - size / 2;
  if (size >= baseSize) return baseStart + (baseSize - size) / 2;
  return Math.min(baseStart + baseSize - size, Math.max(baseStart, start));
}

/** Keeps the scale within the limits and the view on the plan (see ViewLimits.keepInside). */
export function clampView(view: Box, base: Box, limits: ViewLimits): Box {
  const scale = Math.min(limits.maxScale, Math.max(limits.minScale, scaleOf(view, base)));
  const w = base.w / scale;
  const h = base.h / scale;
  return {
    x: clampAxis(view.x + (view.w - w) / 2, w, base.x, base.w, limits.keepInside),
    y: clampAxis(view.y + (view.h - h) / 2, h, base.y, base.h, limits.keepInside),
    w,
    h,
  };
}

/** Zooms by `factor` (>1 zooms in) keeping the plan point (px, py) where it is on screen. */
export function zoomAt(
  view: Box,
  base: Box,
  factor: number,
  px: number,
  py: number,
  limits: ViewLimits,
): Box {
  const current = scaleOf(view, base);
  const target = Math.min(limits.maxScale, Math.max(limits.minScale, current * factor));
  const k = target / current;
  if (k === 1) return view;
  return clampView(
    { x: px - (px - view.x) / k, y: py - (py - view.y) / k, w: view.w / k, h: view.h / k },
    base,
    limits,
  );
}

/** Moves the view by (dx, dy) plan units: dragging right by d shows what was left of it. */
export function panBy(view: Box, base: Box, dx: number, dy: number, limits: ViewLimits): Box {
  return clampView({ ...view, x: view.x - dx, y: view.y - dy }, base, limits);
}

export function centreOf(view: Box): Point {
  return { x: view.x + view.w / 2, y: view.y + view.h / 2 };
}

/** Zooms by `factor` around the view's centre (buttons, keys). */
export function zoomCentre(view: Box, base: Box, factor: number, limits: ViewLimits): Box {
  const c = centreOf(view);
  return zoomAt(view, base, factor, c.x, c.y, limits);
}

/** The zoom factor of one wheel event: lines (Firefox) and pages are much bigger steps than pixels. */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const unit = deltaMode === 1 ? 16 : deltaMode === 2 ? 400 : 1;
  return Math.exp(-deltaY * unit * 0.0015);
}

/**
 * The view after a key (+/=, -/_, 0, arrows pan by a tenth of the view), or null when
 * the key does nothing to the view.
 */
export function viewForKey(key: string, view: Box, base: Box, limits: ViewLimits): Box | null {
  const step = 0.1;
  switch (key) {
    case '+':
    case '=':
      return zoomCentre(view, base, ZOOM_STEP, limits);
    case '-':
    case '_':
      return zoomCentre(view, base, 1 / ZOOM_STEP, limits);
    case '0':
      return clampView(base, base, limits);
    case 'ArrowLeft':
      return panBy(view, base, view.w * step, 0, limits);
    case 'ArrowRight':
      return panBy(view, base, -view.w * step, 0, limits);
    case 'ArrowUp':
      return panBy(view, base, 0, view.h * step, limits);
    case 'ArrowDown':
      return panBy(view, base, 0, -view.h * step, limits);
    default:
      return null;
  }
}

export function formatViewBox(b: Box): string {
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return `${r(b.x)} ${r(b.y)} ${r(b.w)} ${r(b.h)}`;
}

/**
 * The plan's own coordinate box: its viewBox, else its width/height in plain units,
 * else null (the caller measures the drawing, or assumes 1000 × 1000).
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
export function boxToPlan(view: Box, width: number, height: number, px: number, py: number): Point {
  const fit = fitOf(view, width, height);
  return { x: view.x + (px - fit.x) / fit.scale, y: view.y + (py - fit.y) / fit.scale };
}

/**
 * The CSS transform (origin at the box's top-left) that makes a plan drawn with the
 * `shown` view look like the `target` view: a gesture moves one composited layer, and
 * the plan is redrawn sharp (viewBox) once it settles.
 */
export function previewTransform(shown: Box, target: Box, width: number, height: number): string {
  const from = fitOf(shown, width, height);
  const to = fitOf(target, width, height);
  const k = to.scale / from.scale;
  const tx = to.x - from.x * k + to.scale * (shown.x - target.x);
  const ty = to.y - from.y * k + to.scale * (shown.y - target.y);
  return `translate(${tx}px, ${ty}px) scale(${k})`;
}
