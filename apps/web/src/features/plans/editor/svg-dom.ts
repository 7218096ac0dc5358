import { SVG_NS } from '@planvy/shared/plan/svg-policy';

/** Creates an SVG element in the page's document (the stage's own UI, drawn shapes). */
export const svgEl = <K extends keyof SVGElementTagNameMap>(name: K): SVGElementTagNameMap[K] =>
  document.createElementNS(SVG_NS, name);

export function setAttrs(el: Element, attrs: Record<string, string | number>): void {
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
}

/** The stage's own elements inside the plan (background, labels, handles): never part of a save. */
export const isStageUi = (el: Element): boolean => el.hasAttribute('data-pv-ui');

/** Movement (in screen pixels) below which a press is a click, not a drag. */
export const DRAG_THRESHOLD = 4;

/** One press on the stage, from pointerdown to pointerup (a tool's drawing, a label drag, a pan). */
export interface PointerHandler {
  /** Takes the press (true), or leaves it to the next handler. */
  pointerDown(e: PointerEvent): boolean;
  /** While this handler has the press. */
  pointerMove(e: PointerEvent): void;
  /** Ends the press; true when it was a drag, so the click that follows is swallowed. */
  pointerUp(e: PointerEvent): boolean;
}
