import { SVG_NS } from '@planvy/shared/src/plan/svg-policy';
import type { Box } from './pan-zoom';

/** Where a label's white box and its text sit, in plan units (the admin's label_svg). */
export interface LabelGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
  textX: number;
  textY: number;
  /** 'start' for admin-placed labels; 'middle' when centred on the building's zone. */
  anchor: 'start' | 'middle';
}

export function parseLabelSvg(text: string): LabelGeometry | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    const keys = ['x', 'y', 'width', 'height', 'textX', 'textY'] as const;
    if (!keys.every((k) => typeof v[k] === 'number' && Number.isFinite(v[k]))) return null;
    const n = (k: (typeof keys)[number]) => v[k] as number;
    return {
      x: n('x'),
      y: n('y'),
      width: n('width'),
      height: n('height'),
      textX: n('textX'),
      textY: n('textY'),
      anchor: 'start',
    };
  } catch {
    return null;
  }
}

/**
 * A label box around text centred on (cx, cy). Spec §9 pads the text box by 26 in
 * width and 14 in height; the padding is split evenly so the text sits in the middle.
 * Text width is estimated (0.6 em per character) to avoid a layout read per label.
 */
export function centredLabel(text: string, fontSize: number, cx: number, cy: number): LabelGeometry {
  const width = text.length * fontSize * 0.6 + 26;
  const height = fontSize + 14;
  return {
    x: cx - width / 2,
    y: cy - height / 2,
    width,
    height,
    textX: cx,
    // The baseline sits about a third of an em below the middle for most fonts.
    textY: cy + fontSize * 0.35,
    anchor: 'middle',
  };
}

/**
 * Draws "Hus {label}" boxes over a plan. A label without a stored position is centred on
 * the zone that carries its building number, else stacked in the top-left corner.
 */
export function drawBuildingLabels(
  svg: SVGSVGElement,
  buildings: readonly { id: number; label: string; label_svg: string }[],
  text: (label: string) => string,
  fontSize: number,
  base: Box,
): void {
  svg.querySelector(':scope > .pv-labels')?.remove();
  if (buildings.length === 0) return;
  const doc = svg.ownerDocument;
  const group = doc.createElementNS(SVG_NS, 'g');
  group.setAttribute('class', 'pv-labels');
  group.setAttribute('aria-hidden', 'true');
  let stacked = 0;
  for (const b of buildings) {
    const caption = text(b.label);
    let geometry = parseLabelSvg(b.label_svg);
    if (!geometry) {
      const zone = svg.querySelector(`[data-building-number="${CSS.escape(String(b.id))}"]`);
      const box = zone instanceof SVGGraphicsElement ? zone.getBBox() : null;
      if (box && box.width > 0) {
        geometry = centredLabel(caption, fontSize, box.x + box.width / 2, box.y + box.height / 2);
      } else {
        const g = centredLabel(caption, fontSize, 0, 0);
        const x = base.x + fontSize * 0.5 - g.x;
        const y = base.y + fontSize * 0.5 - g.y + stacked * (g.height + fontSize * 0.4);
        stacked++;
        geometry = { ...g, x: g.x + x, y: g.y + y, textX: g.textX + x, textY: g.textY + y };
      }
    }
    const rect = doc.createElementNS(SVG_NS, 'rect');
    rect.setAttribute('x', String(geometry.x));
    rect.setAttribute('y', String(geometry.y));
    rect.setAttribute('width', String(geometry.width));
    rect.setAttribute('height', String(geometry.height));
    rect.setAttribute('class', 'pv-label-box');
    const label = doc.createElementNS(SVG_NS, 'text');
    label.setAttribute('x', String(geometry.textX));
    label.setAttribute('y', String(geometry.textY));
    label.setAttribute('font-size', String(fontSize));
    label.setAttribute('text-anchor', geometry.anchor);
    label.setAttribute('class', 'pv-label-text');
    // Text only: labels are data, never markup.
    label.textContent = caption;
    group.append(rect, label);
  }
  svg.appendChild(group);
}
