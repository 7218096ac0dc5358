import { Element } from 'domhandler';
import { svgPathBbox } from 'svg-path-bbox';
import { IDENTITY, multiply, parseTransform, type Matrix } from '@planvy/shared/plan/transform';
import type { Box } from '@planvy/shared/plan/view-box';

/**
 * Boxes of plan elements without a browser (the widget's server, ADR 025): what `boxInRoot`
 * reads from the layout in the browser (packages/shared/src/plan/building-labels.ts), computed
 * from the markup: an element's own box in its coordinates (`getBBox`: the geometry, no stroke),
 * its corners carried through every transform up to the root. Shapes, paths (svg-path-bbox: the
 * exact box of curves and arcs), groups and links as the union of their children, and `<use>` as
 * what it names, in its place. Server-only: the browser measures instead.
 */

const num = (el: Element, name: string) => {
  const n = Number.parseFloat(el.attribs[name] ?? '');
  return Number.isFinite(n) ? n : 0;
};

function union(boxes: (Box | null)[]): Box | null {
  let out: [number, number, number, number] | null = null;
  for (const b of boxes) {
    if (!b) continue;
    out = out
      ? [
          Math.min(out[0], b.x),
          Math.min(out[1], b.y),
          Math.max(out[2], b.x + b.w),
          Math.max(out[3], b.y + b.h),
        ]
      : [b.x, b.y, b.x + b.w, b.y + b.h];
  }
  return out && { x: out[0], y: out[1], w: out[2] - out[0], h: out[3] - out[1] };
}

function transformBox(b: Box, m: Matrix): Box {
  if (m === IDENTITY) return b;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [b.x, b.y],
    [b.x + b.w, b.y],
    [b.x, b.y + b.h],
    [b.x + b.w, b.y + b.h],
  ] as const) {
    xs.push(m[0] * x + m[2] * y + m[4]);
    ys.push(m[1] * x + m[3] * y + m[5]);
  }
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

function points(el: Element): Box | null {
  const v = (el.attribs.points?.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number);
  const boxes: Box[] = [];
  for (let i = 0; i + 1 < v.length; i += 2) boxes.push({ x: v[i]!, y: v[i + 1]!, w: 0, h: 0 });
  return union(boxes);
}

const GROUPS = new Set(['g', 'a', 'switch']);
/** `<use>` within `<use>` at most this deep (a plan may make them refer to each other). */
const MAX_USE_DEPTH = 8;

/** The plan's elements by id (the first of each, as getElementById finds), for `<use>`. */
type Refs = (id: string) => Element | undefined;

const refsByRoot = new WeakMap<Element, Refs>();

/** The lookup of `root`'s plan, made once per plan (its map only when a `<use>` asks). */
function refsOf(root: Element): Refs {
  const known = refsByRoot.get(root);
  if (known) return known;
  let byId: Map<string, Element> | null = null;
  const refs: Refs = (id) => {
    if (!byId) {
      const found = new Map<string, Element>();
      const walk = (el: Element) => {
        const v = el.attribs.id;
        if (v && !found.has(v)) found.set(v, el);
        for (const c of el.children) if (c instanceof Element) walk(c);
      };
      walk(root);
      byId = found;
    }
    return byId.get(id);
  };
  refsByRoot.set(root, refs);
  return refs;
}

const childrenBox = (el: Element, refs: Refs, depth: number) =>
  union(el.children.map((c) => (c instanceof Element ? transformedBox(c, refs, depth) : null)));

/**
 * A `<use>`'s box: what it refers to, in its place (x, y); a `<symbol>` with a viewBox fitted into
 * the use's width and height as the default preserveAspectRatio (xMidYMid meet) does.
 */
function boxOfUse(el: Element, refs: Refs, depth: number): Box | null {
  const href = el.attribs.href ?? el.attribs['xlink:href'] ?? '';
  const target = href.startsWith('#') && depth < MAX_USE_DEPTH ? refs(href.slice(1)) : undefined;
  if (!target || target === el) return null;
  let inner: Box | null;
  if (target.name === 'symbol') {
    inner = childrenBox(target, refs, depth + 1);
    const vb = (target.attribs.viewBox ?? '')
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    const [w, h] = [num(el, 'width'), num(el, 'height')];
    if (inner && vb.length === 4 && vb.every(Number.isFinite) && vb[2]! > 0 && vb[3]! > 0 && w > 0 && h > 0) {
      const [vx, vy, vw, vh] = vb as [number, number, number, number];
      const k = Math.min(w / vw, h / vh);
      inner = transformBox(inner, [k, 0, 0, k, (w - vw * k) / 2 - vx * k, (h - vh * k) / 2 - vy * k]);
    }
  } else {
    inner = transformedBox(target, refs, depth + 1);
  }
  return inner && transformBox(inner, [1, 0, 0, 1, num(el, 'x'), num(el, 'y')]);
}

/** An element's box in its own user units (what `getBBox` answers), or null when it has none. */
function ownBox(el: Element, refs: Refs, depth = 0): Box | null {
  switch (el.name) {
    case 'rect':
    case 'image':
      return { x: num(el, 'x'), y: num(el, 'y'), w: num(el, 'width'), h: num(el, 'height') };
    case 'circle': {
      const r = num(el, 'r');
      return { x: num(el, 'cx') - r, y: num(el, 'cy') - r, w: 2 * r, h: 2 * r };
    }
    case 'ellipse': {
      const rx = num(el, 'rx');
      const ry = num(el, 'ry');
      return { x: num(el, 'cx') - rx, y: num(el, 'cy') - ry, w: 2 * rx, h: 2 * ry };
    }
    case 'line':
      return union([
        { x: num(el, 'x1'), y: num(el, 'y1'), w: 0, h: 0 },
        { x: num(el, 'x2'), y: num(el, 'y2'), w: 0, h: 0 },
      ]);
    case 'polygon':
    case 'polyline':
      return points(el);
    case 'path': {
      try {
        const [x0, y0, x1, y1] = svgPathBbox(el.attribs.d ?? '');
        return [x0, y0, x1, y1].every(Number.isFinite) ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
      } catch {
        return null;
      }
    }
    case 'use':
      return boxOfUse(el, refs, depth);
    default:
      return GROUPS.has(el.name) ? childrenBox(el, refs, depth) : null;
  }
}

/** An element's box in its parent's units: its own box through its own transform. */
function transformedBox(el: Element, refs: Refs, depth: number): Box | null {
  const own = ownBox(el, refs, depth);
  return own && transformBox(own, parseTransform(el.attribs.transform));
}

/**
 * An element's box in the units of `root` (the plan's viewBox), as the browser's `boxInRoot`
 * computes it: its own box, its corners through the product of every transform on the way.
 */
export function boxInPlan(el: Element, root: Element): Box | null {
  const own = ownBox(el, refsOf(root));
  if (!own) return null;
  let m = parseTransform(el.attribs.transform);
  for (let p = el.parent; p instanceof Element && p !== root; p = p.parent) {
    if (p.name === 'svg') return null;
    m = multiply(parseTransform(p.attribs.transform), m);
  }
  return transformBox(own, m);
}
