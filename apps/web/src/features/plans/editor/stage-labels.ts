/**
 * Building labels on the stage: drawn with the shared label geometry and elements
 * (packages/shared/src/plan/building-labels.ts), so they stand exactly where the widget
 * shows them, at the plan's label size (ADR 025). A label never takes a press or a click: the
 * zones under it stay clickable. Admins move a label by its grip (left) and resize it by its
 * corner handle (bottom right); the new place and size go to the building number.
 */
import {
  boxInRoot,
  buildingZone,
  clampLabelScale,
  createLabelElement,
  layoutLabels,
  moveLabel,
  placeLabelElement,
  planLabelFontSize,
  resizeLabel,
  storedLabel,
  type LabelGeometry,
  type LabelLayout,
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
  text: string;
  mode: 'move' | 'resize';
  group: SVGGElement;
  start: Point;
  layout: LabelLayout;
  next: LabelLayout;
  moved: boolean;
}

/** Handle sizes in screen pixels, whatever the zoom. */
const GRIP_RADIUS = 7;
const CORNER_SIZE = 12;

export class StageLabels implements PointerHandler {
  private layer: SVGGElement | null = null;
  private labels: StageLabel[] = [];
  private setting = '45';
  private readonly layouts = new Map<number, LabelLayout>();
  private drag: Drag | null = null;
  draggable = false;

  constructor(
    private readonly stageEl: HTMLElement,
    private readonly view: StageView,
    private readonly root: () => SVGSVGElement | null,
    private readonly onChanged: (id: number, geometry: LabelGeometry) => void,
  ) {}

  /** Adds the labels' layer to a newly loaded plan (above the drawing and any drawn shape); render() fills it. */
  attach(root: SVGSVGElement): SVGGElement {
    this.layer = svgEl('g');
    setAttrs(this.layer, { 'data-pv-ui': '', class: 'pv-labels' });
    root.append(this.layer);
    return this.layer;
  }

  /** The labels of the plan, and settings.label_font_size (the size on a plan 1,000 units wide). */
  set(labels: StageLabel[], labelFontSetting: string): void {
    this.labels = labels;
    this.setting = labelFontSetting;
    this.render();
  }

  /** The plan's label size in its units. */
  private font(): number {
    return planLabelFontSize(this.setting, this.view.base);
  }

  render(): void {
    const layer = this.layer;
    const root = this.root();
    if (!layer || !root) return;
    const layout = layoutLabels(
      this.labels.map((l) => ({ id: l.id, text: l.text, placed: l.geometry })),
      this.font(),
      this.view.base,
      (id) => {
        const zone = buildingZone(root, id);
        return zone ? boxInRoot(zone, root) : null;
      },
    );
    this.layouts.clear();
    layer.replaceChildren(
      ...this.labels.map((label) => {
        const g = layout.get(label.id)!;
        this.layouts.set(label.id, g);
        const group = createLabelElement(layer, label.id, label.text, g);
        if (this.draggable) {
          const grip = svgEl('circle');
          setAttrs(grip, { class: 'pv-label-handle pv-label-grip', 'data-pv-handle': 'move' });
          const corner = svgEl('rect');
          setAttrs(corner, { class: 'pv-label-handle pv-label-corner', 'data-pv-handle': 'resize' });
          group.append(grip, corner);
        }
        return group;
      }),
    );
    this.placeHandles();
  }

  /** Puts every label's handles on its box at their screen size (after a zoom, too). */
  placeHandles(): void {
    if (!this.layer) return;
    for (const group of this.layer.children) {
      const layout = this.layouts.get(Number(group.getAttribute('data-pv-label')));
      if (layout) this.placeHandlesOf(group, layout);
    }
  }

  private placeHandlesOf(group: Element, g: LabelLayout): void {
    const unit = 1 / this.view.pxPerUnit();
    const r = GRIP_RADIUS * unit;
    const s = CORNER_SIZE * unit;
    const grip = group.querySelector('.pv-label-grip');
    if (grip) setAttrs(grip, { cx: g.x, cy: g.y + g.height / 2, r });
    const corner = group.querySelector('.pv-label-corner');
    if (corner)
      setAttrs(corner, { x: g.x + g.width - s / 2, y: g.y + g.height - s / 2, width: s, height: s });
  }

  /** Where a label is drawn now (tests and the e2e check of a dragged label). */
  position(id: number): LabelLayout | undefined {
    return this.layouts.get(id);
  }

  pointerDown(e: PointerEvent): boolean {
    const handle = e.target instanceof Element ? e.target.closest('[data-pv-handle]') : null;
    const group = handle?.closest<SVGGElement>('.pv-label');
    if (!this.draggable || !handle || !group) return false;
    const id = Number(group.getAttribute('data-pv-label'));
    const layout = this.layouts.get(id);
    const label = this.labels.find((l) => l.id === id);
    if (!layout || !label) return false;
    e.preventDefault();
    this.stageEl.setPointerCapture(e.pointerId);
    group.setAttribute('data-pv-dragging', '');
    this.drag = {
      pointer: e.pointerId,
      id,
      text: label.text,
      mode: handle.getAttribute('data-pv-handle') === 'resize' ? 'resize' : 'move',
      group,
      start: this.view.toPlan(e.clientX, e.clientY),
      layout,
      next: layout,
      moved: false,
    };
    return true;
  }

  pointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d) return;
    const p = this.view.toPlan(e.clientX, e.clientY);
    const dx = p.x - d.start.x;
    const dy = p.y - d.start.y;
    if (!d.moved && Math.hypot(dx, dy) * this.view.pxPerUnit() <= DRAG_THRESHOLD) return;
    d.moved = true;
    if (d.mode === 'move') {
      d.next = moveLabel(d.layout, dx, dy);
    } else {
      // The corner moves away from (or towards) the label's centre: the label grows (or shrinks) as much.
      const c = { x: d.layout.x + d.layout.width / 2, y: d.layout.y + d.layout.height / 2 };
      const from = Math.hypot(d.start.x - c.x, d.start.y - c.y) || 1;
      const factor = Math.hypot(p.x - c.x, p.y - c.y) / from;
      d.next = resizeLabel(d.layout, d.text, this.font(), clampLabelScale((d.layout.scale ?? 1) * factor));
    }
    placeLabelElement(d.group, d.next);
    this.placeHandlesOf(d.group, d.next);
  }

  pointerUp(e: PointerEvent): boolean {
    const d = this.drag;
    this.drag = null;
    if (!d) return false;
    d.group.removeAttribute('data-pv-dragging');
    if (!d.moved || e.type === 'pointercancel') {
      placeLabelElement(d.group, d.layout);
      this.placeHandlesOf(d.group, d.layout);
      return d.moved;
    }
    this.layouts.set(d.id, d.next);
    this.onChanged(d.id, storedLabel(d.next));
    return true;
  }
}
