/**
 * Building labels on the stage: drawn with the shared label geometry and elements
 * (packages/shared/src/plan/building-labels.ts), so they stand exactly where the widget
 * shows them, and dragged by admins (the new position goes to the building number).
 */
import {
  boxInRoot,
  buildingZone,
  createLabelElement,
  layoutLabels,
  moveLabel,
  placeLabelElement,
  type LabelGeometry,
  type Point,
} from '@planvy/shared';
import { DRAG_THRESHOLD, setAttrs, svgEl, type PointerHandler } from './svg-dom';
import type { StageView } from './stage-view';

export interface StageLabel {
  id: number;
  text: string;
  /** The stored position, or null when never placed (see layoutLabels). */
  geometry: LabelGeometry | null;
}

interface Drag {
  pointer: number;
  id: number;
  group: SVGGElement;
  start: Point;
  geometry: LabelGeometry;
  moved: boolean;
}

export class StageLabels implements PointerHandler {
  private layer: SVGGElement | null = null;
  private labels: StageLabel[] = [];
  private fontSize = 45;
  private readonly geometries = new Map<number, LabelGeometry>();
  private drag: Drag | null = null;
  draggable = false;

  constructor(
    private readonly stageEl: HTMLElement,
    private readonly view: StageView,
    private readonly root: () => SVGSVGElement | null,
    private readonly onMoved: (id: number, geometry: LabelGeometry) => void,
  ) {}

  /** Adds the labels' layer to a newly loaded plan (above the drawing and any drawn shape); render() fills it. */
  attach(root: SVGSVGElement): SVGGElement {
    this.layer = svgEl('g');
    setAttrs(this.layer, { 'data-pv-ui': '', class: 'pv-labels' });
    root.append(this.layer);
    return this.layer;
  }

  set(labels: StageLabel[], fontSize: number): void {
    this.labels = labels;
    this.fontSize = fontSize;
    this.render();
  }

  render(): void {
    const layer = this.layer;
    const root = this.root();
    if (!layer || !root) return;
    const layout = layoutLabels(
      this.labels.map((l) => ({ id: l.id, text: l.text, placed: l.geometry })),
      this.fontSize,
      this.view.base,
      (id) => {
        const zone = buildingZone(root, id);
        return zone ? boxInRoot(zone, root) : null;
      },
    );
    this.geometries.clear();
    layer.replaceChildren(
      ...this.labels.map((label) => {
        const geometry = layout.get(label.id)!;
        this.geometries.set(label.id, geometry);
        const group = createLabelElement(document, label.id, label.text, this.fontSize, geometry);
        if (this.draggable) group.setAttribute('data-pv-draggable', '');
        return group;
      }),
    );
  }

  /** Where a label is drawn now (tests and the e2e check of a dragged label). */
  position(id: number): LabelGeometry | undefined {
    return this.geometries.get(id);
  }

  pointerDown(e: PointerEvent): boolean {
    const group = e.target instanceof Element ? e.target.closest<SVGGElement>('.pv-label') : null;
    if (!this.draggable || !group) return false;
    const id = Number(group.getAttribute('data-pv-label'));
    const geometry = this.geometries.get(id);
    if (!geometry) return false;
    e.preventDefault();
    this.stageEl.setPointerCapture(e.pointerId);
    group.setAttribute('data-pv-dragging', '');
    this.drag = {
      pointer: e.pointerId,
      id,
      group,
      start: this.view.toPlan(e.clientX, e.clientY),
      geometry,
      moved: false,
    };
    return true;
  }

  pointerMove(e: PointerEvent): void {
    const g = this.drag;
    if (!g) return;
    const p = this.view.toPlan(e.clientX, e.clientY);
    const dx = p.x - g.start.x;
    const dy = p.y - g.start.y;
    if (!g.moved && Math.hypot(dx, dy) * this.view.pxPerUnit() <= DRAG_THRESHOLD) return;
    g.moved = true;
    g.group.setAttribute(
      'transform',
      `translate(${Math.round(dx * 100) / 100} ${Math.round(dy * 100) / 100})`,
    );
  }

  pointerUp(e: PointerEvent): boolean {
    const g = this.drag;
    this.drag = null;
    if (!g) return false;
    g.group.removeAttribute('data-pv-dragging');
    if (!g.moved || e.type === 'pointercancel') {
      placeLabelElement(g.group, g.geometry);
      return true;
    }
    const p = this.view.toPlan(e.clientX, e.clientY);
    const next = moveLabel(g.geometry, p.x - g.start.x, p.y - g.start.y);
    this.geometries.set(g.id, next);
    placeLabelElement(g.group, next);
    this.onMoved(g.id, next);
    return true;
  }
}
