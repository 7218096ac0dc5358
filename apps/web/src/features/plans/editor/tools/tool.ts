import type { Box, Point } from '@planvy/shared';
import type { PointerHandler } from '../svg-dom';

export type StageTool = 'select' | 'rect' | 'polygon' | 'pick' | 'edit';

export interface EditSelection {
  kind: 'polygon' | 'rect';
  vertex: number | null;
  canDeleteVertex: boolean;
}

/** What a tool may ask of the stage. */
export interface ToolHost {
  root(): SVGSVGElement | null;
  readonly stageEl: HTMLElement;
  toPlan(clientX: number, clientY: number): Point;
  toLocal(el: SVGGraphicsElement, clientX: number, clientY: number): Point;
  localToRoot(el: SVGGraphicsElement): DOMMatrix | null;
  pxPerUnit(): number;
  /** The zone a pointer event hit, if any (never the stage's own UI). */
  zoneOf(target: EventTarget | null): Element | null;
  /** What a pick at plan point `p` may mean, first choice first (shape-pick.ts: seen, closed, smallest). */
  pickAt(p: Point): Element[];
  /** Gives a picked, unsaved shape back to the drawing (it was not the one meant). */
  unmarkTemp(el: Element): void;
  /** An element's box in plan units (for outlines in the overlay). */
  boxOf(el: Element): Box | null;
  /** Marks a plain shape of the plan as a zone being made (data-temp-id). */
  markTemp(el: Element): void;
  /** Adds a drawn shape above the drawing, marked as a zone being made. */
  addShape(el: SVGElement): void;
  /** Opens the zone's popup (a click, a drawn or picked shape). */
  activate(el: Element): void;
  /** The plan may be edited here (an admin). */
  editable(): boolean;
  /** A plain shape the default tool's click landed on, offered to become a zone (null: none). */
  offer(el: Element | null): void;
  redrawOverlay(): void;
  /** Shape geometry changed (unsaved). */
  shapeEdited(): void;
  selectionChanged(selection: EditSelection | null): void;
  draftChanged(points: number): void;
}

/**
 * One drawing or editing tool. The stage hands it presses it may take (PointerHandler),
 * clicks and keys while it is the current tool, and the overlay to draw its handles on.
 */
export interface Tool extends PointerHandler {
  readonly name: StageTool;
  click(e: MouseEvent): void;
  /** True when the key was the tool's. */
  keyDown(e: KeyboardEvent): boolean;
  /** The pointer moved with no press (a polygon's rubber band). */
  hover?(e: PointerEvent): void;
  /** Draws the tool's handles; `unit` is one screen pixel in plan units. */
  drawOverlay(overlay: SVGGElement, unit: number): void;
  /** Drops whatever is half done (switching tools, a second finger, Escape). */
  cancel(): void;
}

/** A tool that takes no presses (select, pick). */
export const noPress = {
  pointerDown: () => false,
  pointerMove: () => undefined,
  pointerUp: () => false,
};
