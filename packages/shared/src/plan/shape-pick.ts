/**
 * Picking shapes on plans drawn by others (issue 22, ADR 029): which element a click on a plan
 * means, and what is wrong with one before it becomes a zone. Real exports (Inkscape, CAD) are
 * full of shapes a buyer never sees (glow ellipses at zero opacity, clip paths, hidden layers)
 * and of furniture above the rooms, so the topmost element under the pointer is rarely the room.
 *
 * Geometry comes from a `PlanGeometry`: the browser's layout (`dom-geometry.ts`: getBBox,
 * isPointInFill, computed style) in the editor and the benchmark, a fake computed from the
 * markup in unit tests. Everything here is plain logic over the DOM tree. Zod-free.
 */
import svgpath from 'svgpath';
import { SHAPE_ELEMENTS } from './zones';
import { parseViewBox, type Box, type Point } from './view-box';

/** What an element paints, as computed by CSS (own values; inheritance already applied). */
export interface PaintStyle {
  display: string;
  visibility: string;
  /** The element's own opacity (not inherited: the ancestors' are multiplied in here). */
  opacity: number;
  fill: string;
  fillOpacity: number;
  stroke: string;
  strokeOpacity: number;
  strokeWidth: number;
}

/** Where geometry comes from: the browser's layout, or a stand-in in tests. */
export interface PlanGeometry {
  /** The element's box (geometry, no stroke) in the plan root's user units; null when it has none. */
  box(el: Element): Box | null;
  /** Whether plan point `p` is inside the element's fill area, whatever its fill paints. */
  contains(el: Element, p: Point): boolean;
  style(el: Element): PaintStyle;
  /**
   * The elements whose area holds plan point `p`, when the layout can tell by hit testing (the
   * editor's pick mode makes every shape hit inside and on its outline): a pick then measures
   * only those, not every shape of a plan of 50,000.
   */
  elementsAt?(p: Point): Element[];
}

/** Containers whose content is never painted directly, so never a zone or a label. */
export const NON_RENDERED = 'defs, clipPath, mask, pattern, marker, symbol';

/** Below this, an opacity or a colour's alpha paints nothing a buyer would see. */
const MIN_ALPHA = 0.02;

/** `none`, `transparent` and colours whose alpha is zero paint nothing. */
function paintsColour(value: string, opacity: number): boolean {
  const v = value.trim().toLowerCase();
  if (!v || v === 'none' || v === 'transparent' || opacity <= MIN_ALPHA) return false;
  const alpha = /^rgba?\((?:[^,)]*,){3}\s*([\d.]+)(%?)\s*\)$/.exec(v) ?? /\/\s*([\d.]+)(%?)\s*\)$/.exec(v);
  if (alpha) return Number(alpha[1]) / (alpha[2] ? 100 : 1) > MIN_ALPHA;
  return true;
}

/** Why a buyer does not see an element, or null when they do. */
export type HiddenReason = 'not-rendered' | 'display' | 'visibility' | 'opacity' | 'no-paint' | 'no-size';

/**
 * Why the element, drawn inside `root`, is not seen: inside `<defs>` and the like, under
 * `display: none`, `visibility: hidden`, at (nearly) zero opacity along the way, or painting
 * neither a fill nor a stroke; null when it is seen. A group is seen when one of its shapes is.
 */
export function hiddenReason(el: Element, root: Element, geometry: PlanGeometry): HiddenReason | null {
  if (el.closest(NON_RENDERED)) return 'not-rendered';
  let opacity = 1;
  for (let a: Element | null = el; a && a !== root; a = a.parentElement) {
    const s = geometry.style(a);
    if (s.display === 'none') return 'display';
    opacity *= s.opacity;
  }
  if (opacity <= MIN_ALPHA) return 'opacity';
  if (el.localName === 'g' || el.localName === 'a' || el.localName === 'switch') {
    const shapes = el.querySelectorAll([...SHAPE_ELEMENTS, 'text', 'use', 'image'].join(','));
    for (let i = 0; i < shapes.length; i++)
      if (hiddenReason(shapes[i]!, root, geometry) === null) return null;
    return 'no-paint';
  }
  const s = geometry.style(el);
  if (s.visibility !== 'visible') return 'visibility';
  if (el.localName !== 'use' && el.localName !== 'image') {
    const fill = paintsColour(s.fill, s.fillOpacity);
    const stroke = s.strokeWidth > 0 && paintsColour(s.stroke, s.strokeOpacity);
    if (!fill && !stroke) return 'no-paint';
  }
  const b = geometry.box(el);
  if (!b || (b.w <= 0 && b.h <= 0)) return 'no-size';
  return null;
}

export const isSeen = (el: Element, root: Element, geometry: PlanGeometry) =>
  hiddenReason(el, root, geometry) === null;

// ---------------------------------------------------------------------------
// Paths: closed or open, and their parts
// ---------------------------------------------------------------------------

export interface Subpath {
  box: Box;
  closed: boolean;
  /** The points it passes, control points included, in order. */
  points: Point[];
}

const boxOf = (xs: number[], ys: number[]): Box => {
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
};

/**
 * A path's subpaths, each with its box in the path's own units (through its control points:
 * a little larger than the curve, which is all "far apart" needs) and whether it is closed
 * (ends in `z`, or where it began).
 */
export function subpaths(d: string): Subpath[] {
  const out: Subpath[] = [];
  let xs: number[] = [];
  let ys: number[] = [];
  let closed = false;
  const flush = () => {
    if (xs.length > 1) {
      const first = { x: xs[0]!, y: ys[0]! };
      const last = { x: xs[xs.length - 1]!, y: ys[ys.length - 1]! };
      out.push({
        box: boxOf(xs, ys),
        closed: closed || (first.x === last.x && first.y === last.y),
        points: xs.map((x, i) => ({ x, y: ys[i]! })),
      });
    }
    xs = [];
    ys = [];
    closed = false;
  };
  try {
    svgpath(d)
      .abs()
      .unarc()
      .iterate((seg, _i, x, y) => {
        const [cmd, ...v] = seg as [string, ...number[]];
        if (cmd === 'M') {
          flush();
          xs.push(v[0]!);
          ys.push(v[1]!);
          return;
        }
        if (xs.length === 0) {
          xs.push(x);
          ys.push(y);
        }
        if (cmd === 'Z' || cmd === 'z') {
          closed = true;
          return;
        }
        if (cmd === 'H') {
          xs.push(v[0]!);
          ys.push(y);
        } else if (cmd === 'V') {
          xs.push(x);
          ys.push(v[0]!);
        } else {
          for (let k = 0; k + 1 < v.length; k += 2) {
            xs.push(v[k]!);
            ys.push(v[k + 1]!);
          }
        }
      });
  } catch {
    return [];
  }
  flush();
  return out;
}

/** Whether a shape is closed: it has an inside a click can be in. */
export function isClosedShape(el: Element): boolean {
  switch (el.localName) {
    case 'rect':
    case 'circle':
    case 'ellipse':
    case 'polygon':
      return true;
    case 'polyline': {
      const v = (el.getAttribute('points') ?? '')
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      return v.length >= 6 && v[0] === v[v.length - 2] && v[1] === v[v.length - 1];
    }
    case 'path': {
      const parts = subpaths(el.getAttribute('d') ?? '');
      return parts.length > 0 && parts.every((p) => p.closed);
    }
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------
// Warnings before a shape becomes a zone
// ---------------------------------------------------------------------------

/**
 * What may be wrong with a shape as a zone: a buyer would not see it (`invisible`), it is
 * small beside the plan (`tiny`: a lamp, a door), it is made of parts far apart (`scattered`:
 * a compound path of furniture in several rooms), or it has no inside (`open`: a wall line).
 */
export type ShapeWarning = 'invisible' | 'tiny' | 'scattered' | 'open';

/** A zone smaller than this share of the plan's area is `tiny`. */
export const TINY_SHARE = 1 / 2000;

/** The plan's own box: its viewBox (or size), else what it draws. */
export function planBox(root: Element, geometry: PlanGeometry): Box | null {
  return (
    parseViewBox(root.getAttribute('viewBox'), root.getAttribute('width'), root.getAttribute('height')) ??
    geometry.box(root)
  );
}

const area = (b: Box) => Math.max(0, b.w) * Math.max(0, b.h);

function unionBox(boxes: readonly Box[]): Box {
  return boxOf(
    boxes.flatMap((b) => [b.x, b.x + b.w]),
    boxes.flatMap((b) => [b.y, b.y + b.h]),
  );
}

/** Parts looked at for `scattered`; a path of thousands is wall hatching, not one zone. */
const MAX_PARTS = 400;

/**
 * Whether boxes fall into groups far from each other: parts closer than 5 % of the whole's
 * diagonal are one group, and no group covers half of the whole's box.
 */
export function partsFarApart(parts: readonly Box[]): boolean {
  if (parts.length < 2 || parts.length > MAX_PARTS) return false;
  const whole = unionBox(parts);
  const gap = 0.05 * Math.hypot(whole.w, whole.h);
  const group = parts.map((_, i) => i);
  const find = (i: number): number => (group[i] === i ? i : (group[i] = find(group[i]!)));
  const near = (a: Box, b: Box) =>
    a.x - gap <= b.x + b.w && b.x - gap <= a.x + a.w && a.y - gap <= b.y + b.h && b.y - gap <= a.y + a.h;
  for (let i = 0; i < parts.length; i++)
    for (let j = i + 1; j < parts.length; j++) if (near(parts[i]!, parts[j]!)) group[find(i)] = find(j);
  const groups = new Map<number, Box[]>();
  parts.forEach((b, i) => {
    const g = find(i);
    groups.set(g, [...(groups.get(g) ?? []), b]);
  });
  if (groups.size < 2) return false;
  const biggest = Math.max(...[...groups.values()].map((boxes) => area(unionBox(boxes))));
  return biggest < area(whole) / 2;
}

/** The parts of a shape or group, each as a box (a path's in its own units: the ratio is what counts). */
function partsOf(el: Element, root: Element, geometry: PlanGeometry): Box[] {
  if (el.localName === 'path') return subpaths(el.getAttribute('d') ?? '').map((p) => p.box);
  if (el.localName !== 'g') return [];
  const boxes: Box[] = [];
  for (const child of Array.from(el.children)) {
    if (!isSeen(child, root, geometry)) continue;
    const b = geometry.box(child);
    if (b) boxes.push(b);
  }
  return boxes;
}

/** Everything that speaks against making `el` a zone (empty: nothing does). */
export function shapeWarnings(el: Element, root: Element, geometry: PlanGeometry): ShapeWarning[] {
  const warnings: ShapeWarning[] = [];
  if (!isSeen(el, root, geometry)) warnings.push('invisible');
  const b = geometry.box(el);
  const plan = planBox(root, geometry);
  if (!b || (plan && area(b) < area(plan) * TINY_SHARE)) warnings.push('tiny');
  if (partsFarApart(partsOf(el, root, geometry))) warnings.push('scattered');
  if (el.localName !== 'g' && el.localName !== 'use' && !isClosedShape(el)) warnings.push('open');
  return warnings;
}

// ---------------------------------------------------------------------------
// What a click picks
// ---------------------------------------------------------------------------

export interface PickOptions {
  /** Elements that are not the plan's own (the editor's labels, handles, background). */
  skip?: (el: Element) => boolean;
}

const inBox = (b: Box | null, p: Point) =>
  b !== null && p.x >= b.x && p.x <= b.x + b.w && p.y >= b.y && p.y <= b.y + b.h;

/**
 * Every shape of the plan a buyer sees, in document order (not inside `<defs>` and the like,
 * not skipped). The pick tool and the autopilot both start here.
 */
export function seenShapes(root: Element, geometry: PlanGeometry, options: PickOptions = {}): Element[] {
  const all = root.querySelectorAll([...SHAPE_ELEMENTS].join(','));
  const out: Element[] = [];
  for (let i = 0; i < all.length; i++) {
    const el = all[i]!;
    if (options.skip?.(el)) continue;
    if (isSeen(el, root, geometry)) out.push(el);
  }
  return out;
}

/**
 * What a click at plan point `p` may mean, first choice first: the shapes a buyer sees whose
 * inside holds `p` (closed ones before open ones, smaller before larger), with the groups
 * around them as they come (a group after what it holds). A repeated click steps to the next
 * (`stepOut`). Shapes from `seenShapes` may be passed in to save finding them per click.
 */
export function pickCandidates(
  root: Element,
  p: Point,
  geometry: PlanGeometry,
  options: PickOptions & { shapes?: readonly Element[] } = {},
): Element[] {
  const shapes =
    options.shapes ??
    (geometry.elementsAt
      ? geometry
          .elementsAt(p)
          .filter(
            (el) => SHAPE_ELEMENTS.has(el.localName) && !options.skip?.(el) && isSeen(el, root, geometry),
          )
      : seenShapes(root, geometry, options));
  const hits = shapes.filter((el) => inBox(geometry.box(el), p) && geometry.contains(el, p));
  const closed = new Map<Element, boolean>();
  for (const el of hits) {
    const isClosed = isClosedShape(el);
    closed.set(el, isClosed);
    for (let g = el.parentElement; g && g !== root; g = g.parentElement) {
      if (g.localName !== 'g' || options.skip?.(g)) continue;
      closed.set(g, (closed.get(g) ?? false) || isClosed);
    }
  }
  const depth = (el: Element) => {
    let n = 0;
    for (let a = el.parentElement; a && a !== root; a = a.parentElement) n++;
    return n;
  };
  const key = new Map(
    [...closed].map(([el, isClosed]) => {
      const b = geometry.box(el);
      return [el, { open: isClosed ? 0 : 1, area: b ? area(b) : Infinity, depth: depth(el) }] as const;
    }),
  );
  return [...closed.keys()].sort((a, b) => {
    const ka = key.get(a)!;
    const kb = key.get(b)!;
    return ka.open - kb.open || ka.area - kb.area || kb.depth - ka.depth;
  });
}

/** The candidate after `current` (the enclosing shape or group); the first again after the last. */
export function stepOut(candidates: readonly Element[], current: Element | null): Element | null {
  if (candidates.length === 0) return null;
  const i = current ? candidates.indexOf(current) : -1;
  return candidates[(i + 1) % candidates.length] ?? null;
}

/**
 * A geometry that measures each element once (a plan is measured many times per click or
 * autopilot run; its layout does not change meanwhile). Make a new one after the plan changes.
 */
export function measuredOnce(geometry: PlanGeometry): PlanGeometry {
  const boxes = new WeakMap<Element, Box | null>();
  const styles = new WeakMap<Element, PaintStyle>();
  return {
    box(el) {
      if (!boxes.has(el)) boxes.set(el, geometry.box(el));
      return boxes.get(el)!;
    },
    contains: (el, p) => geometry.contains(el, p),
    ...(geometry.elementsAt ? { elementsAt: (p: Point) => geometry.elementsAt!(p) } : {}),
    style(el) {
      let s = styles.get(el);
      if (!s) styles.set(el, (s = geometry.style(el)));
      return s;
    },
  };
}
