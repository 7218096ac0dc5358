/**
 * Building labels (spec §2, §9): "Hus {label}" in a white box on the plans a building
 * number is attached to. One geometry and one drawing for the editor, the widget and the
 * widget's server, so a label stands at the same place, the same size, in all three:
 *
 * - Sizes follow the plan, not its units (ADR 025): `label_font_size` is the font size on a plan
 *   1,000 units wide, and a plan of another width gets it in proportion (`planLabelFontSize`),
 *   so "Hus A" is the same share of a plan's width whether it was drawn in millimetres or pixels.
 *   A label an admin resized carries its own multiple of that size (`scale` in `label_svg`).
 * - The box is the text's width plus 26/45 em and the font size plus 14/45 em; the text starts
 *   6/45 em below the box's top and is centred across it (spec §9's figures at the default 45 on
 *   a 1,000-unit plan).
 * - The text's width is estimated from its characters, never measured: measuring needs the
 *   plan laid out, and the apps and the server use different fonts, so a measured width would differ.
 * - A label an admin placed stands centred where `label_svg` puts its box (its centre, so labels
 *   stored before sizes followed the plan keep their place). One never placed is centred on the
 *   zone that is its building (`data-building-number`), else stacked down the plan's top-left
 *   corner so none hides another.
 */
import type { Box, Point } from './view-box';

/** Where a label's box and text are, in plan units: what `label_svg` stores (spec §3). */
export interface LabelGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The text's anchor: the middle of the box across, its baseline down. */
  textX: number;
  textY: number;
  /** A multiple of the project's label size, when an admin resized the label. */
  scale?: number;
}

/** A label as drawn: its geometry and its font size in plan units. */
export interface LabelLayout extends LabelGeometry {
  fontSize: number;
}

/** The box around the text, in ems of the label's font (spec §9's pixels at the default 45). */
export const LABEL_BOX = { extraWidth: 26 / 45, extraHeight: 14 / 45, padTop: 6 / 45 } as const;
export const LABEL_FONT_FAMILY = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const LABEL_FONT_WEIGHT = 600;
export const DEFAULT_LABEL_FONT_SIZE = 45;
/** label_font_size is the font size on a plan this many units wide (ADR 025). */
export const LABEL_REFERENCE_WIDTH = 1000;
/** How far an admin may shrink or grow one label against the project's size. */
export const LABEL_SCALE_LIMITS = { min: 0.25, max: 4 } as const;

/** Where the baseline sits below the top of the text, as a share of the font size. */
const ASCENT = 0.8;

/** The label text drawn on plans (spec §9). */
export const buildingLabelText = (label: string) => `Hus ${label}`;

/** settings.label_font_size as a number (the default when unset or not a positive number). */
export function labelFontSize(setting: string | undefined): number {
  const n = Number(setting);
  return n > 0 ? n : DEFAULT_LABEL_FONT_SIZE;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The labels' font size on a plan with box `base`, in its units: the setting, in proportion to the plan's width. */
export function planLabelFontSize(setting: string | undefined, base: Pick<Box, 'w'>): number {
  const width = base.w > 0 && Number.isFinite(base.w) ? base.w : LABEL_REFERENCE_WIDTH;
  return round((labelFontSize(setting) * width) / LABEL_REFERENCE_WIDTH);
}

/** A label size multiple within the limits (1 when not a number). */
export function clampLabelScale(scale: number | undefined): number {
  if (scale === undefined || !Number.isFinite(scale)) return 1;
  return round(Math.min(LABEL_SCALE_LIMITS.max, Math.max(LABEL_SCALE_LIMITS.min, scale)));
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

/** A label's geometry with its box's top-left corner at (x, y). */
export function labelGeometry(x: number, y: number, text: string, fontSize: number): LabelGeometry {
  const width = estimateTextWidth(text, fontSize) + LABEL_BOX.extraWidth * fontSize;
  return {
    x: round(x),
    y: round(y),
    width: round(width),
    height: round(fontSize * (1 + LABEL_BOX.extraHeight)),
    textX: round(x + width / 2),
    textY: round(y + fontSize * (LABEL_BOX.padTop + ASCENT)),
  };
}

/** A label centred on (cx, cy), at `fontSize` (with `scale`, when resized, recorded). */
export function centredLabel(
  cx: number,
  cy: number,
  text: string,
  fontSize: number,
  scale?: number,
): LabelLayout {
  const g = labelGeometry(0, 0, text, fontSize);
  const placed = labelGeometry(cx - g.width / 2, cy - g.height / 2, text, fontSize);
  return { ...placed, ...(scale !== undefined && scale !== 1 ? { scale } : {}), fontSize };
}

/** The same label moved by (dx, dy) plan units. */
export function moveLabel<G extends LabelGeometry>(g: G, dx: number, dy: number): G {
  return {
    ...g,
    x: round(g.x + dx),
    y: round(g.y + dy),
    textX: round(g.textX + dx),
    textY: round(g.textY + dy),
  };
}

/** The same label about the same centre at `scale` times the plan's label size `baseFont`. */
export function resizeLabel(g: LabelGeometry, text: string, baseFont: number, scale: number): LabelLayout {
  const s = clampLabelScale(scale);
  return centredLabel(g.x + g.width / 2, g.y + g.height / 2, text, baseFont * s, s);
}

/** What `label_svg` stores of a label (spec §3): its box and text anchor, and its scale when resized. */
export function storedLabel({ fontSize: _fontSize, ...g }: LabelLayout): LabelGeometry {
  return g;
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
  const scale = typeof v.scale === 'number' ? clampLabelScale(v.scale) : 1;
  return {
    x: n('x'),
    y: n('y'),
    width: n('width'),
    height: n('height'),
    textX: n('textX'),
    textY: n('textY'),
    ...(scale !== 1 ? { scale } : {}),
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
 * Where every label stands, at the plan's label size `fontSize` (planLabelFontSize): placed ones
 * centred where stored, at their own scale; the others centred on their building's zone
 * (`zoneBox` gives its box in the plan's root units, or null when the plan has none), the rest
 * stacked down the top-left corner of `base` (the plan's box).
 */
export function layoutLabels(
  labels: readonly LabelInput[],
  fontSize: number,
  base: Box,
  zoneBox: (buildingNumberId: number) => Box | null,
): Map<number, LabelLayout> {
  const out = new Map<number, LabelLayout>();
  let stacked = 0;
  for (const label of labels) {
    const placed = label.placed;
    if (placed) {
      const scale = clampLabelScale(placed.scale);
      out.set(
        label.id,
        centredLabel(
          placed.x + placed.width / 2,
          placed.y + placed.height / 2,
          label.text,
          fontSize * scale,
          scale,
        ),
      );
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
      y: base.y + fontSize * 0.5 + stacked++ * (fontSize * (1 + LABEL_BOX.extraHeight) + gap),
    };
    out.set(label.id, { ...labelGeometry(origin.x, origin.y, label.text, fontSize), fontSize });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Drawing (the same elements in the editor, the widget and the widget's server;
// each app styles `.pv-label rect` and `text`)
// ---------------------------------------------------------------------------

/** Element name → attributes, in document order: what a drawing is made of, DOM or not. */
export type DrawnElement = [name: string, attributes: Record<string, string>, text?: string];

/**
 * A label group: `<g class="pv-label" data-pv-label="{id}"><rect class="pv-label-box"/>
 * <text class="pv-label-text">{text}</text></g>`, as element names and attributes (the text is
 * data, never markup), for the DOM (`drawnElement`) and the server's parsed plan alike.
 */
export function labelParts(
  id: number,
  text: string,
  g: LabelLayout,
): [DrawnElement, DrawnElement, DrawnElement] {
  return [
    ['g', { class: 'pv-label', 'data-pv-label': String(id) }],
    [
      'rect',
      {
        class: 'pv-label-box',
        rx: String(round(g.fontSize / 11)),
        x: String(g.x),
        y: String(g.y),
        width: String(g.width),
        height: String(g.height),
      },
    ],
    [
      'text',
      {
        class: 'pv-label-text',
        'font-size': String(g.fontSize),
        'font-family': LABEL_FONT_FAMILY,
        'font-weight': String(LABEL_FONT_WEIGHT),
        'text-anchor': 'middle',
        // Centred across the box whatever its stored text anchor says (labels stored before
        // this rule kept the text's left edge there).
        x: String(round(g.x + g.width / 2)),
        y: String(g.textY),
      },
      text,
    ],
  ];
}

function setAll(el: Element, attributes: Record<string, string>): void {
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
}

/**
 * `part` as an element beside `within` (an element of the plan: the same document and namespace,
 * so this module needs no namespace of its own), holding `children` or its text.
 */
export function drawnElement(
  within: Element,
  [name, attributes, text]: DrawnElement,
  children: Element[] = [],
): Element {
  const el = within.ownerDocument.createElementNS(within.namespaceURI, name);
  setAll(el, attributes);
  if (text !== undefined) el.textContent = text;
  el.append(...children);
  return el;
}

/** A label group for the plan `within` belongs to (see labelParts). */
export function createLabelElement(within: Element, id: number, text: string, g: LabelLayout): Element {
  const [group, rect, label] = labelParts(id, text, g);
  return drawnElement(within, group, [drawnElement(within, rect), drawnElement(within, label)]);
}

/** Moves a label group's box and text to `g` (and its size), dropping any drag preview transform. */
export function placeLabelElement(group: Element, g: LabelLayout): void {
  const [, [, rectAttrs], [, textAttrs]] = labelParts(0, '', g);
  if (group.firstElementChild) setAll(group.firstElementChild, rectAttrs);
  if (group.lastElementChild) setAll(group.lastElementChild, textAttrs);
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
