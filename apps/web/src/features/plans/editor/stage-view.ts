/**
 * What part of the plan the stage shows, and the gestures that move it: pan (drag, middle
 * button, arrows), zoom (wheel, pinch, keys, buttons), fit and "reveal this zone". The
 * arithmetic is the shared view box (packages/shared/src/plan/view-box.ts), with the
 * editor's limits. A gesture is previewed by a CSS transform on the plan's own compositing
 * layer and committed (one viewBox write, one redraw) when it rests.
 */
import {
  boxInRoot,
  boxToPlan,
  clampView,
  EDITOR_VIEW,
  fitOf,
  formatViewBox,
  panBy,
  previewTransform,
  viewForKey,
  wheelZoomFactor,
  zoomAt,
  zoomCentre,
  type Box,
  type Point,
} from '@planvy/shared';
import { distance, round } from './geometry';
import { DRAG_THRESHOLD, type PointerHandler } from './svg-dom';

type Press = { pointer: number; start: Point; view: Box; pxPerUnit: number; panning: boolean };
type Pinch = { startDistance: number; startMidPlan: Point; startMid: Point; view: Box; pxPerUnit: number };

export class StageView implements PointerHandler {
  /** The plan's own box ("fit"). */
  base: Box = { x: 0, y: 0, w: 1000, h: 1000 };
  /** What the viewer sees (the target of a gesture). */
  private view: Box = this.base;
  /** What the plan's viewBox says; differs from `view` while a gesture is previewed by a transform. */
  private drawnView: Box = this.base;
  private commitTimer = 0;
  private press: Press | null = null;
  private pinch: Pinch | null = null;

  constructor(
    private readonly stageEl: HTMLElement,
    private readonly root: () => SVGSVGElement | null,
    /** After the plan is redrawn for a new view (handles are drawn in screen-sized units). */
    private readonly onCommit: () => void,
  ) {}

  /** A newly loaded plan: shows all of it. */
  reset(base: Box): void {
    this.base = base;
    this.drawnView = base;
    this.apply(base);
  }

  zoomBy(factor: number): void {
    this.apply(zoomCentre(this.view, this.base, factor, EDITOR_VIEW));
  }

  fit(): void {
    this.apply(this.base);
  }

  /** Zooms to an element so it fills about a third of the view. */
  reveal(el: Element): void {
    const root = this.root();
    const box = root ? boxInRoot(el, root) : null;
    if (!box) return;
    const aspect = this.base.h / this.base.w;
    const w = Math.max(box.w, box.h / aspect) * 3 || this.base.w;
    const h = w * aspect;
    this.apply({ x: box.x + box.w / 2 - w / 2, y: box.y + box.h / 2 - h / 2, w, h });
  }

  /** Settles a previewed gesture now (handles and shapes are placed by the plan's real transform). */
  settle(): void {
    if (this.commitTimer) this.commit();
  }

  /**
   * Shows `view`. `live` (wheel, pinch, drag) moves the already drawn plan with a CSS
   * transform and redraws it sharp once the gesture has rested; otherwise it is redrawn now.
   */
  private apply(view: Box, live = false): void {
    this.view = clampView(view, this.base, EDITOR_VIEW);
    const root = this.root();
    if (!live || !root) {
      this.commit();
      return;
    }
    const { width, height } = this.boxSize();
    root.style.transformOrigin = '0 0';
    root.style.transform = previewTransform(this.drawnView, this.view, width, height);
    window.clearTimeout(this.commitTimer);
    this.commitTimer = window.setTimeout(() => this.commit(), 160);
  }

  /** Redraws the plan for the current view (one viewBox write) and drops any preview transform. */
  private commit(): void {
    window.clearTimeout(this.commitTimer);
    this.commitTimer = 0;
    const root = this.root();
    if (!root) return;
    root.style.removeProperty('transform');
    root.style.removeProperty('transform-origin');
    root.setAttribute('viewBox', formatViewBox(this.view));
    this.drawnView = this.view;
    this.onCommit();
  }

  // ---------------------------------------------------------------------------
  // Screen ↔ plan (arithmetic, so no layout of the plan)
  // ---------------------------------------------------------------------------

  private boxSize(): { left: number; top: number; width: number; height: number } {
    const r = this.stageEl.getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width || 1, height: r.height || 1 };
  }

  /** Screen pixels per plan unit at the current zoom. */
  pxPerUnit(): number {
    const { width, height } = this.boxSize();
    return fitOf(this.view, width, height).scale;
  }

  /** A client point in the root's (the viewBox's) units. */
  toPlan(clientX: number, clientY: number): Point {
    const box = this.boxSize();
    return boxToPlan(this.view, box.width, box.height, clientX - box.left, clientY - box.top);
  }

  /** A client point in an element's own coordinates (it may sit in transformed groups). */
  toLocal(el: SVGGraphicsElement, clientX: number, clientY: number): Point {
    const m = el.getScreenCTM();
    if (!m) return this.toPlan(clientX, clientY);
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: round(p.x), y: round(p.y) };
  }

  /** Maps an element's own coordinates into the root's (where the overlay draws). */
  localToRoot(el: SVGGraphicsElement): DOMMatrix | null {
    const rootM = this.root()?.getScreenCTM();
    const elM = el.getScreenCTM();
    return rootM && elM ? rootM.inverse().multiply(elM) : null;
  }

  // ---------------------------------------------------------------------------
  // Gestures: a press that becomes a pan, two fingers, the wheel and keys
  // ---------------------------------------------------------------------------

  /** Any press no tool took: a click, or a pan once it moves (the middle button pans at once). */
  pointerDown(e: PointerEvent): boolean {
    const middle = e.pointerType === 'mouse' && e.button === 1;
    this.press = {
      pointer: e.pointerId,
      start: { x: e.clientX, y: e.clientY },
      view: this.view,
      pxPerUnit: this.pxPerUnit(),
      panning: middle,
    };
    if (middle) {
      e.preventDefault();
      this.startPan(e.pointerId);
    }
    return true;
  }

  pointerMove(e: PointerEvent): void {
    const p = this.press;
    if (!p) return;
    const dx = e.clientX - p.start.x;
    const dy = e.clientY - p.start.y;
    if (!p.panning && Math.hypot(dx, dy) > DRAG_THRESHOLD) {
      p.panning = true;
      this.startPan(e.pointerId);
    }
    if (p.panning)
      this.apply(panBy(p.view, this.base, dx / p.pxPerUnit, dy / p.pxPerUnit, EDITOR_VIEW), true);
  }

  pointerUp(): boolean {
    const p = this.press;
    this.press = null;
    this.stageEl.classList.remove('pv-panning');
    if (!p?.panning) return false;
    this.commit();
    return true;
  }

  private startPan(pointer: number): void {
    this.stageEl.setPointerCapture(pointer);
    this.stageEl.classList.add('pv-panning');
  }

  startPinch(a: Point, b: Point): void {
    this.press = null;
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    this.pinch = {
      startDistance: Math.max(1, distance(a, b)),
      startMid: mid,
      startMidPlan: this.toPlan(mid.x, mid.y),
      view: this.view,
      pxPerUnit: this.pxPerUnit(),
    };
  }

  get pinching(): boolean {
    return this.pinch !== null;
  }

  movePinch(a: Point, b: Point): void {
    const g = this.pinch;
    if (!g) return;
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const zoomed = zoomAt(
      g.view,
      this.base,
      distance(a, b) / g.startDistance,
      g.startMidPlan.x,
      g.startMidPlan.y,
      EDITOR_VIEW,
    );
    const px = g.pxPerUnit * (g.view.w / zoomed.w);
    this.apply(
      panBy(zoomed, this.base, (mid.x - g.startMid.x) / px, (mid.y - g.startMid.y) / px, EDITOR_VIEW),
      true,
    );
  }

  endPinch(): void {
    this.pinch = null;
    this.commit();
  }

  wheel(e: WheelEvent): void {
    const p = this.toPlan(e.clientX, e.clientY);
    this.apply(
      zoomAt(this.view, this.base, wheelZoomFactor(e.deltaY, e.deltaMode), p.x, p.y, EDITOR_VIEW),
      true,
    );
  }

  /** +, -, 0 and the arrows; false for any other key. */
  key(key: string): boolean {
    const next = viewForKey(key, this.view, this.base, EDITOR_VIEW);
    if (!next) return false;
    this.apply(next);
    return true;
  }

  dispose(): void {
    window.clearTimeout(this.commitTimer);
  }
}
