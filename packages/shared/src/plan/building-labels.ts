/**
 * Building labels (spec §2, §9): "Hus {label}" in a white box on the plans a building
 * number is attached to. One geometry and one drawing for the editor and the widget, so a
 * label stands at the same place, the same size, in both:
 *
 * - The box is the text's width plus 26 and the font size plus 14; the text starts 6 below
 *   the box's top and is centred across it (the spec's "about 24 px left" would leave only
 *   2 on the right). Figures are plan units, like the font size (settings.label_font_size).
 * - The text's width is estimated from its characters, never measured: measuring needs the
 *   plan laid out, and the two apps use different fonts, so a measured width would differ.
 * - A label an admin placed stands where `label_svg` says. One never placed is centred on
 *   the zone that is its building (`data-building-number`), else stacked down the plan's
 *   top-left corner so none hides another.
 */
import type { Box, Point } from './view-box';
import { SVG_NS } from './svg-policy';

/** Where a label's box and text are, in plan units: what `label_svg` stores (spec §3). */
export interface LabelGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The text's anchor: the middle of the box across, its baseline down. */
  textX: number;
  textY: number;
}

export const LABEL_BOX = { extraWidth: 26, extraHeight: 14, padTop: 6 } as const;
export const LABEL_FONT_FAMILY = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const LABEL_FONT_WEIGHT = 600;
export const DEFAULT_LABEL_FONT_SIZE = 45;

/** Where the baseline sits below the top of the text, as a share of the font size. */
const ASCENT = 0.8;

/** The label text drawn on plans (spec §9). */
export const buildingLabelText = (label: string) => `Hus ${label}`;

/** settings.label_font_size as a number (the default when unset or not a positive number). */
export function labelFontSize(setting: string | undefined): number {
  const n = Number(setting);
  return n > 0 ? n : DEFAULT_LABEL_FONT_SIZE;
}

/** Advance widths (in ems) of a semi-bold sans-serif, by kind of character. */
function charWidth(c: string): number {
  if (c === ' ') return 0.28;
  if (/[il.,:;'!|1]/.test(c)) return 0.3;
  if (/[fjrt()[\]]/.test(c)) return 0.38;
  if (/[mwMW]/.test(c)) return 0.88;
  if (/[0-9]/.test(c)) return 0.58;
  if (/[A-ZÅÄÖ]/.test(c)) return 0.68;
  return 0.56;
}

export function estimateTextWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const c of text) ems += charWidth(c);
  return ems * fontSize;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A label's geometry with its box's top-left corner at (x, y). */
export function labelGeometry(x: number, y: number, text: string, fontSize: number): LabelGeometry {
  const width = estimateTextWidth(text, fontSize) + LABEL_BOX.extraWidth;
  return {
    x: round(x),
    y: round(y),
    width: round(width),
    height: round(fontSize + LABEL_BOX.extraHeight),
    textX: round(x + width / 2),
    textY: round(y + LABEL_BOX.padTop + fontSize * ASCENT),
  };
}

/** A label's geometry centred on (cx, cy). */
export function centredLabel(cx: number, cy: number, text: string, fontSize: number): LabelGeometry {
  const g = labelGeometry(0, 0, text, fontSize);
  return labelGeometry(cx - g.width / 2, cy - g.height / 2, text, fontSize);
}

/** The same label moved by (dx, dy) plan units. */
export function moveLabel(g: LabelGeometry, dx: number, dy: number): LabelGeometry {
  return {
    x: round(g.x + dx),
    y: round(g.y + dy),
    width: g.width,
    height: g.height,
    textX: round(g.textX + dx),
    textY: round(g.textY + dy),
  };
}

/** Reads a stored label_svg; anything malformed reads as "never placed". */
export function parseLabelSvg(text: string | null | undefined): LabelGeometry | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const keys = ['x', 'y', 'width', 'height', 'textX', 'textY'] as const;
  if (!keys.every((k) => typeof v[k] === 'number' && Number.isFinite(v[k]))) return null;
  const n = (k: (typeof keys)[number]) => v[k] as number;
  if (n('width') < 0 || n('height') < 0) return null;
  return {
    x: n('x'),
    y: n('y'),
    width: n('width'),
    height: n('height'),
    textX: n('textX'),
    textY: n('textY'),
  };
}

export interface LabelInput {
  id: number;
  /** The text drawn ("Hus A"). */
  text: string;
  /** The stored label_svg, parsed; null when never placed. */
  placed: LabelGeometry | null;
}

/**
 * Where every label stands: placed ones where stored, the others centred on their
 * building's zone (`zoneBox` gives its box in the plan's root units, or null when the
 * plan has none), the rest stacked down the top-left corner of `base` (the plan's box).
 */
export function layoutLabels(
  labels: readonly LabelInput[],
  fontSize: number,
  base: Box,
  zoneBox: (buildingNumberId: number) => Box | null,
): Map<number, LabelGeometry> {
  const out = new Map<number, LabelGeometry>();
  let stacked = 0;
  for (const label of labels) {
    if (label.placed) {
      out.set(label.id, label.placed);
      continue;
    }
    const zone = zoneBox(label.id);
    if (zone && zone.w > 0 && zone.h > 0) {
      out.set(label.id, centredLabel(zone.x + zone.w / 2, zone.y + zone.h / 2, label.text, fontSize));
      continue;
    }
    const gap = fontSize * 0.4;
    const origin: Point = {
      x: base.x + fontSize * 0.5,
      y: base.y + fontSize * 0.5 + stacked++ * (fontSize + LABEL_BOX.extraHeight + gap),
    };
    out.set(label.id, labelGeometry(origin.x, origin.y, label.text, fontSize));
  }
  return out;
}

// ---------------------------------------------------------------------------
// Drawing (the same elements in both apps; each app styles `.pv-label rect` and `text`)
// ---------------------------------------------------------------------------

/**
 * A label group: `<g class="pv-label" data-pv-label="{id}"><rect class="pv-label-box"/>
 * <text class="pv-label-text"/></g>`. Text is data, never markup.
 */
export function createLabelElement(
  doc: Document,
  id: number,
  text: string,
  fontSize: number,
  geometry: LabelGeometry,
): SVGGElement {
  const group = doc.createElementNS(SVG_NS, 'g');
  group.setAttribute('class', 'pv-label');
  group.setAttribute('data-pv-label', String(id));
  const rect = doc.createElementNS(SVG_NS, 'rect');
  rect.setAttribute('class', 'pv-label-box');
  rect.setAttribute('rx', '4');
  const label = doc.createElementNS(SVG_NS, 'text');
  label.setAttribute('class', 'pv-label-text');
  label.setAttribute('font-size', String(fontSize));
  label.setAttribute('font-family', LABEL_FONT_FAMILY);
  label.setAttribute('font-weight', String(LABEL_FONT_WEIGHT));
  label.setAttribute('text-anchor', 'middle');
  label.textContent = text;
  group.append(rect, label);
  placeLabelElement(group, geometry);
  return group;
}

/** Moves a label group's box and text to `g`, dropping any drag preview transform. */
export function placeLabelElement(group: Element, g: LabelGeometry): void {
  const rect = group.firstElementChild;
  const text = group.lastElementChild;
  rect?.setAttribute('x', String(g.x));
  rect?.setAttribute('y', String(g.y));
  rect?.setAttribute('width', String(g.width));
  rect?.setAttribute('height', String(g.height));
  // Centred across the box whatever its stored text anchor says (labels stored before
  // this rule kept the text's left edge there).
  text?.setAttribute('x', String(round(g.x + g.width / 2)));
  text?.setAttribute('y', String(g.textY));
  group.removeAttribute('transform');
}

/**
 * The box of an element in its root's units (it may sit in transformed groups), or null when
 * it is not rendered. Reads the layout of that element only.
 */
export function boxInRoot(el: Element, root: SVGSVGElement): Box | null {
  if (!('getBBox' in el) || !el.isConnected) return null;
  const graphics = el as SVGGraphicsElement;
  let b: DOMRect;
  try {
    b = graphics.getBBox();
  } catch {
    return null;
  }
  const rootM = root.getScreenCTM();
  const elM = graphics.getScreenCTM();
  if (!rootM || !elM) return { x: b.x, y: b.y, w: b.width, h: b.height };
  const m = rootM.inverse().multiply(elM);
  const corners = [
    [b.x, b.y],
    [b.x + b.width, b.y],
    [b.x, b.y + b.height],
    [b.x + b.width, b.y + b.height],
  ].map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return { x: minX, y: minY, w: Math.max(...xs) - minX, h: Math.max(...ys) - minY };
}

/** The zone that is building `id` on a plan (a link zone with that data-building-number), if any. */
export function buildingZone(root: Element, id: number): Element | null {
  return root.querySelector(`[data-link-to][data-building-number="${id}"]`);
}
