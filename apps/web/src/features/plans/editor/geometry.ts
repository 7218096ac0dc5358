/** Plain geometry for drawing and editing zones, in plan units. */
import type { Point } from '@planvy/shared';

export type { Point };

export interface RectShape {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MIN_POLYGON_POINTS = 3;

/** Two decimals are far below a screen pixel on any plan and keep the markup short. */
export function round(n: number): number {
  return Math.round(n * 100) / 100;
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Reads a `points` attribute ("1,2 3,4" or "1 2 3 4"); an odd trailing number is ignored. */
export function parsePoints(value: string | null): Point[] {
  const numbers = (value ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  const points: Point[] = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) {
    const x = numbers[i]!;
    const y = numbers[i + 1]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return [];
    points.push({ x, y });
  }
  return points;
}

export function formatPoints(points: readonly Point[]): string {
  return points.map((p) => `${round(p.x)},${round(p.y)}`).join(' ');
}

/** The rectangle spanned by two opposite corners, whichever way the drag went. */
export function rectFromCorners(a: Point, b: Point): RectShape {
  return {
    x: round(Math.min(a.x, b.x)),
    y: round(Math.min(a.y, b.y)),
    width: round(Math.abs(a.x - b.x)),
    height: round(Math.abs(a.y - b.y)),
  };
}

/** Corners clockwise from the top-left: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left. */
export function rectCorners(r: RectShape): Point[] {
  return [
    { x: r.x, y: r.y },
    { x: r.x + r.width, y: r.y },
    { x: r.x + r.width, y: r.y + r.height },
    { x: r.x, y: r.y + r.height },
  ];
}

/** Moves one corner of a rectangle to `p`; the opposite corner stays put. */
export function moveRectCorner(r: RectShape, corner: number, p: Point): RectShape {
  const opposite = rectCorners(r)[(corner + 2) % 4]!;
  return rectFromCorners(opposite, p);
}

export function moveVertex(points: readonly Point[], index: number, p: Point): Point[] {
  return points.map((q, i) => (i === index ? { x: round(p.x), y: round(p.y) } : q));
}

/** Removes a vertex; a polygon keeps at least three, so the answer is null when it cannot. */
export function removeVertex(points: readonly Point[], index: number): Point[] | null {
  if (points.length <= MIN_POLYGON_POINTS || index < 0 || index >= points.length) return null;
  return points.filter((_, i) => i !== index);
}

/**
 * What a click while drawing a polygon means: close it (near the first point, with
 * enough points), ignore it (on top of the last point, e.g. the second click of a
 * double-click), or add a point. `tolerance` is in plan units.
 */
export function polygonClick(
  points: readonly Point[],
  p: Point,
  tolerance: number,
): 'close' | 'ignore' | 'add' {
  const first = points[0];
  if (first && points.length >= MIN_POLYGON_POINTS && distance(first, p) <= tolerance) return 'close';
  const last = points[points.length - 1];
  if (last && distance(last, p) <= tolerance / 2) return 'ignore';
  return 'add';
}

/** Twice the signed area; zero means the points are all on one line (not a shape). */
export function polygonArea(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return Math.abs(sum) / 2;
}
