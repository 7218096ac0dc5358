import { isOn } from '@planvy/shared/flags';
import type { PublicApartment, PublicPlan, PublicView } from '@planvy/shared/public-view';
import {
  boxInRoot,
  buildingLabelText,
  buildingZone,
  drawnElement,
  labelParts,
  layoutLabels,
  parseLabelSvg,
  planLabelFontSize,
  type DrawnElement,
} from '@planvy/shared/plan/building-labels';
import type { Box } from '@planvy/shared/plan/view-box';
import {
  LABELS_GROUP,
  ZONE_NUMBERS_GROUP,
  zoneNumberLayout,
  zoneNumberPart,
} from '@planvy/shared/plan/zone-numbers';
import type { PreparedPlan, ZoneContext } from './plan-zones';

/**
 * What the widget draws over a plan (ADR 025): the building labels of the plan and, with
 * `show_zone_numbers`, each apartment's number on its zone, as element names and attributes.
 * The server puts them into the page's plan (server.tsx, through the same HTML check as the
 * plan) and the browser into plans it prepares itself (`drawOverlay`); the boxes come from the
 * markup there and from the layout here, so both draw the same. In the browser this is a chunk
 * of its own, loaded for a plan that has labels or numbers and that the server has not drawn.
 */

/** An element to draw and its children (or its text). */
export type OverlayNode = [element: DrawnElement, children: OverlayNode[]];

export interface OverlayInput {
  buildings: PublicPlan['buildings'];
  settings: Pick<PublicView['settings'], 'label_font_size' | 'show_zone_numbers'>;
  /** The plan's own box (its viewBox). */
  base: Box;
  /** The box of building `id`'s zone in plan units, or null when the plan has none. */
  buildingBox: (id: number) => Box | null;
  /** Every apartment zone: its apartment and how to get its box in plan units. */
  zones: Iterable<[PublicApartment, () => Box | null]>;
}

/** The groups to append to the plan's root, numbers under labels; none when there is nothing to draw. */
export function planOverlay(input: OverlayInput): OverlayNode[] {
  const font = planLabelFontSize(input.settings.label_font_size, input.base);
  const out: OverlayNode[] = [];
  if (isOn(input.settings, 'show_zone_numbers')) {
    const numbers: OverlayNode[] = [];
    for (const [apartment, box] of input.zones) {
      const b = apartment.bostad.trim() ? box() : null;
      const n = b && zoneNumberLayout(b, apartment.bostad.trim(), font);
      if (n) numbers.push([zoneNumberPart(apartment.bostad.trim(), n), []]);
    }
    if (numbers.length > 0) out.push([ZONE_NUMBERS_GROUP, numbers]);
  }
  if (input.buildings.length > 0) {
    const labels = input.buildings.map((b) => ({
      id: b.id,
      text: buildingLabelText(b.label),
      placed: parseLabelSvg(b.label_svg),
    }));
    const layout = layoutLabels(labels, font, input.base, input.buildingBox);
    out.push([
      LABELS_GROUP,
      labels.map((l): OverlayNode => {
        const [group, rect, text] = labelParts(l.id, l.text, layout.get(l.id)!);
        return [
          group,
          [
            [rect, []],
            [text, []],
          ],
        ];
      }),
    ]);
  }
  return out;
}

/** The text of everything drawn (what the server's HTML check depends on beside the plan). */
export function overlayText(nodes: OverlayNode[]): string {
  return nodes.map(([[, , text], children]) => `${text ?? ''}\u0000${overlayText(children)}`).join('\u0001');
}

/**
 * Draws over a plan in the page what the server draws into its page's plan: the building labels
 * (the same places and sizes as in the admin editor) and, with show_zone_numbers, the
 * apartments' numbers. Reads the layout of the zones it needs, once per plan.
 */
export function drawOverlay(
  p: PreparedPlan,
  buildings: PublicPlan['buildings'],
  settings: PublicView['settings'],
  ctx: ZoneContext,
): void {
  const svg = p.svg;
  svg.querySelectorAll(':scope > .pv-labels, :scope > .pv-nums').forEach((g) => g.remove());
  const zones: [PublicApartment, () => Box | null][] = [];
  p.zones.forEach((els, id) => {
    const a = ctx.apartments.get(id);
    if (a) for (const el of els) zones.push([a, () => boxInRoot(el, svg)]);
  });
  const nodes = planOverlay({
    buildings,
    settings,
    base: p.base,
    buildingBox: (id) => {
      const zone = buildingZone(svg, id);
      return zone ? boxInRoot(zone, svg) : null;
    },
    zones,
  });
  const build = ([part, children]: OverlayNode): Element => drawnElement(svg, part, children.map(build));
  svg.append(...nodes.map(build));
}
