/**
 * The browser's `PlanGeometry` (ADR 029): boxes from the layout (`boxInRoot`: getBBox carried
 * to the plan root's units), insides from `isPointInFill` (the fill area whatever the fill
 * paints, so an outline drawn with `fill: none` still has an inside), paint from computed style
 * (so a class in the plan's own style sheet counts as much as an attribute). The plan must be in
 * a rendered document. Browser-only; the editor and the autopilot benchmark use it.
 */
import { boxInRoot } from './building-labels';
import type { PaintStyle, PlanGeometry } from './shape-pick';

const number = (value: string, fallback: number) => {
  const n = parseFloat(value);
  return Number.isFinite(n) ? n : fallback;
};

export function domGeometry(root: SVGSVGElement): PlanGeometry {
  return {
    box: (el) => boxInRoot(el, root),
    contains(el, p) {
      if (!('isPointInFill' in el)) return false;
      const shape = el as SVGGeometryElement;
      const rootM = root.getScreenCTM();
      const elM = shape.getScreenCTM();
      if (!rootM || !elM) return false;
      // Plan units → the shape's own units: up to the screen through the root, down through the shape.
      const local = new DOMPoint(p.x, p.y).matrixTransform(elM.inverse().multiply(rootM));
      try {
        return shape.isPointInFill(local);
      } catch {
        return false;
      }
    },
    elementsAt(p) {
      const m = root.getScreenCTM();
      if (!m) return [];
      const c = new DOMPoint(p.x, p.y).matrixTransform(m);
      // The plan's own document or shadow root: the editor shows plans in a shadow root.
      const scope = root.getRootNode() as Document | ShadowRoot;
      return scope.elementsFromPoint(c.x, c.y).filter((el) => el !== root && root.contains(el));
    },
    style(el): PaintStyle {
      const s = getComputedStyle(el);
      return {
        display: s.display,
        visibility: s.visibility,
        opacity: number(s.opacity, 1),
        fill: s.fill,
        fillOpacity: number(s.fillOpacity, 1),
        stroke: s.stroke,
        strokeOpacity: number(s.strokeOpacity, 1),
        strokeWidth: number(s.strokeWidth, 1),
      };
    },
  };
}
