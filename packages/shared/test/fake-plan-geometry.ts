/**
 * A `PlanGeometry` computed from the markup, for unit tests under jsdom (which lays nothing out):
 * boxes and insides of rects, circles, ellipses, polygons, polylines, paths (through their
 * points: straight segments are exact, curves approximate), texts (estimated widths) and groups,
 * through every `transform`; paint from presentation attributes and inline `style`, inherited as
 * CSS inherits it. Style sheets are not read: tests that need them run in Chromium.
 */
import { estimateTextWidth } from '../src/plan/building-labels';
import { subpaths, type PaintStyle, type PlanGeometry } from '../src/plan/shape-pick';
import { applyMatrix, invertMatrix, multiply, parseTransform, type Matrix } from '../src/plan/transform';
import type { Box, Point } from '../src/plan/view-box';

const INHERITED = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-opacity',
  'stroke-width',
  'visibility',
  'font-size',
];
const DEFAULTS: Record<string, string> = {
  display: 'inline',
  visibility: 'visible',
  opacity: '1',
  fill: 'black',
  'fill-opacity': '1',
  stroke: 'none',
  'stroke-opacity': '1',
  'stroke-width': '1',
  'font-size': '16',
};

/** The element's own declarations: presentation attributes, then its `style` over them. */
function declared(el: Element): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of Object.keys(DEFAULTS)) {
    const v = el.getAttribute(name);
    if (v !== null) out.set(name, v.trim());
  }
  for (const part of (el.getAttribute('style') ?? '').split(';')) {
    const i = part.indexOf(':');
    if (i > 0) out.set(part.slice(0, i).trim().toLowerCase(), part.slice(i + 1).trim());
  }
  return out;
}

function computed(el: Element, name: string): string {
  const own = declared(el).get(name);
  if (own !== undefined && own !== 'inherit') return own;
  if (INHERITED.includes(name) && el.parentElement) return computed(el.parentElement, name);
  return DEFAULTS[name]!;
}

const num = (el: Element, name: string) => {
  const n = parseFloat(el.getAttribute(name) ?? '');
  return Number.isFinite(n) ? n : 0;
};

const pointsOf = (el: Element): Point[] => {
  const v = (el.getAttribute('points') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const out: Point[] = [];
  for (let i = 0; i + 1 < v.length; i += 2) out.push({ x: v[i]!, y: v[i + 1]! });
  return out;
};

function boxOfPoints(points: readonly Point[]): Box | null {
  if (points.length === 0) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

const corners = (b: Box): Point[] => [
  { x: b.x, y: b.y },
  { x: b.x + b.w, y: b.y },
  { x: b.x, y: b.y + b.h },
  { x: b.x + b.w, y: b.y + b.h },
];

/** Even-odd: whether `p` is inside the polygon. */
function inPolygon(points: readonly Point[], p: Point): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!;
    const b = points[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export function fakeGeometry(root: Element): PlanGeometry {
  /** From the element's own units to the root's. */
  const toRoot = (el: Element): Matrix => {
    let m = parseTransform(el.getAttribute('transform') ?? undefined);
    for (let a = el.parentElement; a && a !== root; a = a.parentElement)
      m = multiply(parseTransform(a.getAttribute('transform') ?? undefined), m);
    return m;
  };
  /** The element's box in its own units. */
  const ownBox = (el: Element): Box | null => {
    switch (el.localName) {
      case 'rect':
        return { x: num(el, 'x'), y: num(el, 'y'), w: num(el, 'width'), h: num(el, 'height') };
      case 'circle':
      case 'ellipse': {
        const rx = el.localName === 'circle' ? num(el, 'r') : num(el, 'rx');
        const ry = el.localName === 'circle' ? num(el, 'r') : num(el, 'ry');
        return { x: num(el, 'cx') - rx, y: num(el, 'cy') - ry, w: 2 * rx, h: 2 * ry };
      }
      case 'polygon':
      case 'polyline':
        return boxOfPoints(pointsOf(el));
      case 'path':
        return boxOfPoints(subpaths(el.getAttribute('d') ?? '').flatMap((s) => s.points));
      case 'text':
      case 'tspan': {
        const source = el.hasAttribute('x') ? el : el.parentElement!;
        const size = parseFloat(computed(el, 'font-size')) || 16;
        const w = estimateTextWidth(el.textContent ?? '', size);
        const anchor = el.getAttribute('text-anchor') ?? source.getAttribute('text-anchor');
        const x = num(source, 'x') - (anchor === 'middle' ? w / 2 : anchor === 'end' ? w : 0);
        const y = el.hasAttribute('y') ? num(el, 'y') : num(source, 'y');
        return { x, y: y - size * 0.8, w, h: size };
      }
      case 'g':
      case 'svg': {
        const pts = Array.from(el.children).flatMap((c) => {
          const b = ownBox(c);
          const m = parseTransform(c.getAttribute('transform') ?? undefined);
          return b ? corners(b).map((p) => applyMatrix(m, p.x, p.y)) : [];
        });
        return boxOfPoints(pts);
      }
      default:
        return null;
    }
  };
  return {
    box(el) {
      const b = ownBox(el);
      if (!b || el === root) return b;
      const m = el.localName === 'tspan' ? toRoot(el.parentElement!) : toRoot(el);
      return boxOfPoints(corners(b).map((p) => applyMatrix(m, p.x, p.y)));
    },
    contains(el, p) {
      const inverse = invertMatrix(toRoot(el));
      if (!inverse) return false;
      const q = applyMatrix(inverse, p.x, p.y);
      switch (el.localName) {
        case 'rect': {
          const b = ownBox(el)!;
          return q.x >= b.x && q.x <= b.x + b.w && q.y >= b.y && q.y <= b.y + b.h;
        }
        case 'circle':
        case 'ellipse': {
          const b = ownBox(el)!;
          const dx = (q.x - (b.x + b.w / 2)) / (b.w / 2);
          const dy = (q.y - (b.y + b.h / 2)) / (b.h / 2);
          return dx * dx + dy * dy <= 1;
        }
        case 'polygon':
        case 'polyline':
          return inPolygon(pointsOf(el), q);
        case 'path':
          // Even-odd over every subpath, as a compound path with holes fills.
          return subpaths(el.getAttribute('d') ?? '').filter((s) => inPolygon(s.points, q)).length % 2 === 1;
        default:
          return false;
      }
    },
    style(el): PaintStyle {
      const n = (name: string) => {
        const v = parseFloat(computed(el, name));
        return Number.isFinite(v) ? v : parseFloat(DEFAULTS[name]!);
      };
      return {
        display: computed(el, 'display'),
        visibility: computed(el, 'visibility'),
        opacity: n('opacity'),
        fill: computed(el, 'fill'),
        fillOpacity: n('fill-opacity'),
        stroke: computed(el, 'stroke'),
        strokeOpacity: n('stroke-opacity'),
        strokeWidth: n('stroke-width'),
      };
    },
  };
}
