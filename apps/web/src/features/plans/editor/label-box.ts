import { labelSvgSchema, type LabelSvg } from '@planvy/shared';
import type { Box } from './view-box';

/**
 * A building label's white box (spec §9): the text box plus 26 in width and 14 in
 * height, the text 6 from the top. The spec's "about 24 px left" would leave only 2 px
 * on the right of the text, so the 26 is split evenly and the text sits in the middle.
 * All figures are plan units, like the font size (settings.label_font_size).
 */
export const LABEL_BOX = { extraWidth: 26, extraHeight: 14, padLeft: 13, padTop: 6 } as const;

/** Where the baseline sits below the top of the text, as a share of the font size. */
const ASCENT = 0.8;
/** Width per character when the text cannot be measured (tests, hidden plans). */
const CHAR_WIDTH = 0.6;

export function estimateTextWidth(text: string, fontSize: number): number {
  return text.length * fontSize * CHAR_WIDTH;
}

/** The label's geometry with its box's top-left corner at (x, y). */
export function labelGeometry(x: number, y: number, textWidth: number, fontSize: number): LabelSvg {
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    x: r(x),
    y: r(y),
    width: r(textWidth + LABEL_BOX.extraWidth),
    height: r(fontSize + LABEL_BOX.extraHeight),
    textX: r(x + LABEL_BOX.padLeft),
    textY: r(y + LABEL_BOX.padTop + fontSize * ASCENT),
  };
}

/** Reads a stored label_svg; anything malformed reads as "never placed". */
export function parseLabelSvg(text: string): LabelSvg | null {
  if (!text) return null;
  try {
    const parsed = labelSvgSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Where an unplaced label goes: stacked down the plan's top-left corner, one per
 * unplaced label, so none hides another.
 */
export function defaultLabelOrigin(base: Box, index: number, fontSize: number): { x: number; y: number } {
  const gap = fontSize * 0.4;
  return {
    x: base.x + fontSize * 0.5,
    y: base.y + fontSize * 0.5 + index * (fontSize + LABEL_BOX.extraHeight + gap),
  };
}

/** The same label moved by (dx, dy) plan units. */
export function moveLabel(g: LabelSvg, dx: number, dy: number): LabelSvg {
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    x: r(g.x + dx),
    y: r(g.y + dy),
    width: g.width,
    height: g.height,
    textX: r(g.textX + dx),
    textY: r(g.textY + dy),
  };
}
