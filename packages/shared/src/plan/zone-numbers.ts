/**
 * Apartment numbers drawn on their zones (the project setting `show_zone_numbers`, ADR 025):
 * each apartment's bostad in the middle of its zone's box, as large as fits the box and never
 * larger than the plan's building labels, so a buyer can read the plan without hovering. The
 * widget's server and its browser path draw the same elements from the same layout.
 */
import {
  estimateTextWidth,
  LABEL_FONT_FAMILY,
  LABEL_FONT_WEIGHT,
  type DrawnElement,
} from './building-labels';
import type { Box } from './view-box';

export interface ZoneNumberLayout {
  x: number;
  y: number;
  fontSize: number;
}

/** A number's font at most this share of the plan's label font. */
const MAX_OF_LABEL = 0.6;
/** The text fills at most this share of the zone's width and height. */
const FILL_WIDTH = 0.8;
const FILL_HEIGHT = 0.5;
/** Below this share of its largest size, a number would be too small to read: it is left out. */
const MIN_OF_MAX = 0.15;

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Where `text` goes on a zone with box `box` (plan units), on a plan whose label font is
 * `labelFont`; null when the zone is too small for it to be read.
 */
export function zoneNumberLayout(box: Box, text: string, labelFont: number): ZoneNumberLayout | null {
  const ems = estimateTextWidth(text, 1);
  if (!text || ems <= 0 || !(box.w > 0) || !(box.h > 0)) return null;
  const max = labelFont * MAX_OF_LABEL;
  const fontSize = Math.min(max, (box.w * FILL_WIDTH) / ems, box.h * FILL_HEIGHT);
  if (fontSize < max * MIN_OF_MAX) return null;
  // The baseline a third of an em below the middle centres a line of digits and capitals.
  return {
    x: round(box.x + box.w / 2),
    y: round(box.y + box.h / 2 + fontSize * 0.35),
    fontSize: round(fontSize),
  };
}

/** The group that holds a plan's numbers (under its labels). Decorative: the zone itself is named. */
export const ZONE_NUMBERS_GROUP: DrawnElement = ['g', { class: 'pv-nums', 'aria-hidden': 'true' }];
/** The group that holds a plan's building labels. Decorative: building zones are named "Hus A". */
export const LABELS_GROUP: DrawnElement = ['g', { class: 'pv-labels', 'aria-hidden': 'true' }];

/** One number: `<text class="pv-num">{bostad}</text>` (the text is data, never markup). */
export function zoneNumberPart(text: string, n: ZoneNumberLayout): DrawnElement {
  return [
    'text',
    {
      class: 'pv-num',
      x: String(n.x),
      y: String(n.y),
      'font-size': String(n.fontSize),
      'font-family': LABEL_FONT_FAMILY,
      'font-weight': String(LABEL_FONT_WEIGHT),
      'text-anchor': 'middle',
    },
    text,
  ];
}
