/**
 * The plan on screen: an imperative controller that owns the plan's DOM, so React never
 * re-renders (or even diffs) markup of 10 MB and 5,000 zones. The plan is parsed once
 * per version through the browser guard shared with the widget (its own <style> rules
 * are confined to its root) and inserted into a shadow root inside a paint-contained
 * stage (nothing it paints reaches the app, nor the app's styles it). Zones are coloured in one pass by a data attribute
 * and a generated stylesheet; one delegated listener per event type serves every zone.
 */
import type { LabelSvg } from '@planvy/shared';
import {
  distance,
  formatPoints,
  MIN_POLYGON_POINTS,
  moveRectCorner,
  moveVertex,
  parsePoints,
  polygonArea,
  polygonClick,
  rectCorners,
  rectFromCorners,
  removeVertex,
  round,
  type Point,
  type RectShape,
} from './geometry';
import { defaultLabelOrigin, estimateTextWidth, labelGeometry, moveLabel } from './label-box';
import {
  boxToPlan,
  clampView,
  fitOf,
  formatViewBox,
  panBy,
  parseViewBox,
  previewTransform,
  zoomAt,
  type Box,
} from './view-box';
import {
  isPickableShape,
  markZone,
  markZones,
  parsePlan,
  stripEditorAttributes,
  SVG_NS,
  ZONE_SELECTOR,
  type ZoneContext,
} from './zone-markup';
import { stageStyleSheet } from './zone-styles';

export type StageTool = 'select' | 'rect' | 'polygon' | 'pick' | 'edit';

export interface StageLabel {
  id: number;
  text: string;
  /** The stored position, or null to place it in the plan's top-left corner. */
  geometry: LabelSvg | null;
}

export interface EditSelection {
  kind: 'polygon' | 'rect';
  vertex: number | null;
  canDeleteVertex: boolean;
}

export interface StageCallbacks {
  /** A zone was clicked, or a shape was just drawn or picked (it then has data-temp-id). */
  onZoneActivate: (el: Element) => void;
  /** Shape geometry changed in the edit tool (the plan has unsaved changes). */
  onShapeEdited: () => void;
  onEditSelection: (selection: EditSelection | null) => void;
  /** An admin dropped a building label somewhere new. */
  onLabelMoved: (id: number, geometry: LabelSvg) => void;
  /** Points of the polygon being drawn (0 when none). */
  onDraftChange: (points: number) => void;
  /** Hover text for a zone, or null for none. */
  describeZone: (el: Element) => string | null;
}

type Gesture =
  | { kind: 'press'; pointer: number; start: Point; view: Box; pxPerUnit: number; panning: boolean }
  | {
      kind: 'pinch';
      startDistance: number;
      startMid: Point;
      startMidPlan: Point;
      view: Box;
      pxPerUnit: number;
    }
  | { kind: 'rect'; pointer: number; start: Point; current: Point; startClient: Point }
  | { kind: 'vertex'; pointer: number; index: number; moved: boolean }
  | {
      kind: 'label';
      pointer: number;
      id: number;
      group: SVGGElement;
      start: Point;
      geometry: LabelSvg;
      moved: boolean;
    };

/** Movement (in screen pixels) below which a press is a click, not a drag. */
const DRAG_THRESHOLD = 4;
/** Screen radius of vertex handles and of the "close the polygon" target. */
const HANDLE_RADIUS = 6;
const CLOSE_RADIUS = 10;
/**
 * The root attributes the stage changes for display (style: the transform of a pan or
 * zoom in progress); restored as uploaded when the plan is serialised.
 */
const MANAGED_ROOT_ATTRIBUTES = ['viewBox', 'preserveAspectRatio', 'style'] as const;

const svgEl = <K extends keyof SVGElementTagNameMap>(name: K): SVGElementTagNameMap[K] =>
  document.createElementNS(SVG_NS, name);

function setAttrs(el: Element, attrs: Record<string, string | number>): void {
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
}

export class PlanStage {
  private readonly shadow: ShadowRoot;
  private readonly stageEl: HTMLDivElement;
  private readonly tooltip: HTMLDivElement;
  private readonly resizeObserver: ResizeObserver | undefined;
  private root: SVGSVGElement | null = null;
  private base: Box = { x: 0, y: 0, w: 1000, h: 1000 };
  /** What the viewer sees (the target of a gesture). */
  private view: Box = this.base;
  /** What the plan's viewBox says; differs from `view` while a gesture is previewed by a transform. */
  private drawnView: Box = this.base;
  private commitTimer = 0;
  private originalRoot = new Map<string, string | null>();
  private background: SVGImageElement | null = null;
  private backgroundUrl: string | null = null;
  private labelsLayer: SVGGElement | null = null;
  private overlay: SVGGElement | null = null;
  private tool: StageTool = 'select';
  private editable = false;
  private ctx: ZoneContext = { apartments: new Map(), plans: new Set() };
  private tempCounter = 0;
  /** Shapes the editor drew (removed, not just unmarked, when their popup is dropped). */
  private drawn = new WeakSet<Element>();
  private pointers = new Map<number, Point>();
  private gesture: Gesture | null = null;
  private suppressClick = false;
  private draft: Point[] = [];
  private draftCursor: Point | null = null;
  private editTarget: SVGPolygonElement | SVGRectElement | null = null;
  private editVertex: number | null = null;
  private labels: StageLabel[] = [];
  private fontSize = 45;
  private labelGeometries = new Map<number, LabelSvg>();
  private hoverZone: Element | null = null;

  constructor(
    readonly host: HTMLElement,
    private callbacks: StageCallbacks,
  ) {
    // React StrictMode mounts twice on one element: reuse the shadow root.
    this.shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = stageStyleSheet();
    this.stageEl = document.createElement('div');
    this.stageEl.className = 'pv-stage pv-tool-select';
    this.stageEl.tabIndex = 0;
    this.stageEl.setAttribute('role', 'application');
    this.tooltip = document.createElement('div');
    this.tooltip.className = 'pv-tooltip';
    this.tooltip.hidden = true;
    this.shadow.replaceChildren(style, this.stageEl, this.tooltip);

    this.stageEl.addEventListener('pointerdown', this.onPointerDown);
    this.stageEl.addEventListener('pointermove', this.onPointerMove);
    this.stageEl.addEventListener('pointerup', this.onPointerUp);
    this.stageEl.addEventListener('pointercancel', this.onPointerUp);
    this.stageEl.addEventListener('pointerleave', this.onPointerLeave);
    this.stageEl.addEventListener('click', this.onClick);
    this.stageEl.addEventListener('dblclick', this.onDoubleClick);
    this.stageEl.addEventListener('wheel', this.onWheel, { passive: false });
    this.stageEl.addEventListener('keydown', this.onKeyDown);
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => this.renderOverlay());
      this.resizeObserver.observe(this.stageEl);
    }
  }

  setCallbacks(callbacks: StageCallbacks): void {
    this.callbacks = callbacks;
  }

  setAriaLabel(label: string): void {
    this.stageEl.setAttribute('aria-label', label);
  }

  /** The plan's root element (for tests and the benchmark); null before a plan is loaded. */
  get svg(): SVGSVGElement | null {
    return this.root;
  }

  // ---------------------------------------------------------------------------
  // Loading and saving
  // ---------------------------------------------------------------------------

  /** Parses and shows a plan; throws PlanParseError when it is not readable SVG. */
  load(markup: string, ctx: ZoneContext): void {
    const parsed = parsePlan(markup);
    this.cancelDraft();
    this.deselect();
    this.hideTooltip();
    const root = document.adoptNode(parsed);
    this.originalRoot = new Map(MANAGED_ROOT_ATTRIBUTES.map((name) => [name, root.getAttribute(name)]));
    this.stageEl.replaceChildren(root);
    this.root = root;
    this.ctx = ctx;
    markZones(root, ctx);

    const box = parseViewBox(
      root.getAttribute('viewBox'),
      root.getAttribute('width'),
      root.getAttribute('height'),
    );
    this.base = box ?? this.measure(root);
    root.setAttribute('preserveAspectRatio', 'xMidYMid meet');

    this.background = null;
    this.labelsLayer = svgEl('g');
    setAttrs(this.labelsLayer, { 'data-pv-ui': '', class: 'pv-labels' });
    this.overlay = svgEl('g');
    setAttrs(this.overlay, { 'data-pv-ui': '', class: 'pv-overlay' });
    root.append(this.labelsLayer, this.overlay);
    this.setBackground(this.backgroundUrl);
    this.drawnView = this.base;
    this.applyView(this.base);
    this.renderLabels();
  }

  /** The plan as it will be saved: the stage's own elements and attributes removed. */
  serialize(): string {
    const root = this.root;
    if (!root) throw new Error('No plan is loaded');
    const ui = Array.from(root.children).filter((el) => el.hasAttribute('data-pv-ui'));
    const places = ui.map((el) => ({ el, next: el.nextSibling }));
    ui.forEach((el) => el.remove());
    const current = new Map(MANAGED_ROOT_ATTRIBUTES.map((name) => [name, root.getAttribute(name)]));
    const restore = (values: Map<string, string | null>) => {
      for (const [name, value] of values) {
        if (value === null) root.removeAttribute(name);
        else root.setAttribute(name, value);
      }
    };
    restore(this.originalRoot);
    try {
      return stripEditorAttributes(new XMLSerializer().serializeToString(root));
    } finally {
      restore(current);
      // Put the UI back where it was, last first so every "next sibling" exists again.
      for (let i = places.length - 1; i >= 0; i--) {
        const { el, next } = places[i]!;
        root.insertBefore(el, next && next.parentNode === root ? next : null);
      }
    }
  }

  /** A plan without a usable viewBox or size: its drawing's bounding box. */
  private measure(root: SVGSVGElement): Box {
    try {
      const b = root.getBBox();
      if (b.width > 0 && b.height > 0) return { x: b.x, y: b.y, w: b.width, h: b.height };
    } catch {
      // Not rendered (hidden tab): fall through.
    }
    return { x: 0, y: 0, w: 1000, h: 1000 };
  }

  setBackground(url: string | null): void {
    this.backgroundUrl = url;
    const root = this.root;
    if (!root) return;
    this.background?.remove();
    this.background = null;
    // Only same-origin paths: the name comes from the API, but it still ends up in markup.
    if (!url || !url.startsWith('/') || url.startsWith('//')) return;
    const image = svgEl('image');
    setAttrs(image, {
      'data-pv-ui': '',
      class: 'pv-bg',
      href: url,
      x: this.base.x,
      y: this.base.y,
      width: this.base.w,
      height: this.base.h,
      preserveAspectRatio: 'xMidYMid meet',
      'aria-hidden': 'true',
    });
    root.insertBefore(image, root.firstChild);
    this.background = image;
  }

  // ---------------------------------------------------------------------------
  // Zones
  // ---------------------------------------------------------------------------

  /** Colours every zone from the apartments list (one pass). */
  recolour(ctx: ZoneContext): void {
    if (ctx === this.ctx) return;
    this.ctx = ctx;
    if (this.root) markZones(this.root, ctx);
  }

  /** Re-marks one element after its zone attributes changed. */
  refreshZone(el: Element): void {
    markZone(el, this.ctx);
  }

  /** Drops an unsaved temporary shape: a drawn one is removed, a picked one is left as it was. */
  dropTemp(el: Element): void {
    if (!el.hasAttribute('data-temp-id')) return;
    if (this.drawn.has(el)) {
      if (this.editTarget === el) this.deselect();
      el.remove();
      return;
    }
    el.removeAttribute('data-temp-id');
    markZone(el, this.ctx);
  }

  /** Removes a shape from the plan (the edit tool's Delete shape). */
  removeShape(el: Element): void {
    if (this.editTarget === el) this.deselect();
    el.remove();
  }

  /** Every zone of the plan, in document order. */
  zones(): Element[] {
    return this.root ? Array.from(this.root.querySelectorAll('[data-pv-state]')) : [];
  }

  /** Zooms to a zone (it fills about a third of the view) and highlights it for a moment. */
  reveal(el: Element): void {
    if (!this.root || !(el instanceof SVGGraphicsElement) || !el.isConnected) return;
    let box: DOMRect;
    try {
      box = el.getBBox();
    } catch {
      return;
    }
    const m = this.localToRoot(el);
    const corners = [
      [box.x, box.y],
      [box.x + box.width, box.y],
      [box.x, box.y + box.height],
      [box.x + box.width, box.y + box.height],
    ].map(([x, y]) => (m ? new DOMPoint(x, y).matrixTransform(m) : { x: x!, y: y! }));
    const xs = corners.map((c) => c.x);
    const ys = corners.map((c) => c.y);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const aspect = this.base.h / this.base.w;
    const w = Math.max(maxX - minX, (maxY - minY) / aspect) * 3 || this.base.w;
    const h = w * aspect;
    this.applyView({ x: (minX + maxX) / 2 - w / 2, y: (minY + maxY) / 2 - h / 2, w, h });
    if (el !== this.editTarget) {
      el.setAttribute('data-pv-selected', '');
      window.setTimeout(() => {
        if (el !== this.editTarget) el.removeAttribute('data-pv-selected');
      }, 1600);
    }
  }

  zoneCount(): number {
    return this.root ? this.root.querySelectorAll('[data-pv-state]').length : 0;
  }

  private makeTemp(el: Element): void {
    el.setAttribute('data-temp-id', `t${++this.tempCounter}`);
    markZone(el, this.ctx);
  }

  /** The zone a pointer event hit, if any (never the stage's own UI). */
  private zoneOf(target: EventTarget | null): Element | null {
    if (!(target instanceof Element) || !this.root) return null;
    const zone = target.closest(ZONE_SELECTOR);
    if (!zone || !this.root.contains(zone) || zone.closest('[data-pv-ui]')) return null;
    return zone;
  }

  /** Inserts a drawn shape above the drawing but below the stage's labels and handles. */
  private insertShape(el: SVGElement): void {
    this.root?.insertBefore(el, this.labelsLayer);
    this.drawn.add(el);
    this.makeTemp(el);
  }

  // ---------------------------------------------------------------------------
  // Tools
  // ---------------------------------------------------------------------------

  setEditable(editable: boolean): void {
    this.editable = editable;
    this.stageEl.classList.toggle('pv-readonly', !editable);
    if (!editable) this.setTool('select');
    this.renderLabels();
  }

  setTool(tool: StageTool): void {
    if (!this.editable && tool !== 'select') tool = 'select';
    if (tool === this.tool) return;
    this.cancelDraft();
    if (tool !== 'edit') this.deselect();
    this.stageEl.classList.remove(`pv-tool-${this.tool}`);
    this.tool = tool;
    this.stageEl.classList.add(`pv-tool-${tool}`);
  }

  getTool(): StageTool {
    return this.tool;
  }

  /** Ends the polygon being drawn (Enter, double-click, the first point); false when it cannot close. */
  closePolygon(): boolean {
    if (this.tool !== 'polygon' || this.draft.length < MIN_POLYGON_POINTS || polygonArea(this.draft) === 0) {
      return false;
    }
    const polygon = svgEl('polygon');
    setAttrs(polygon, { points: formatPoints(this.draft), fill: '#adb5bd', stroke: '#343a40' });
    this.cancelDraft();
    this.insertShape(polygon);
    this.callbacks.onZoneActivate(polygon);
    return true;
  }

  cancelDraft(): void {
    const hadDraft = this.draft.length > 0 || this.gesture?.kind === 'rect';
    this.draft = [];
    this.draftCursor = null;
    if (this.gesture?.kind === 'rect') this.gesture = null;
    if (hadDraft) this.callbacks.onDraftChange(0);
    this.renderOverlay();
  }

  /** Removes the last point of the polygon being drawn. */
  undoPoint(): void {
    if (this.draft.length === 0) return;
    this.draft = this.draft.slice(0, -1);
    this.callbacks.onDraftChange(this.draft.length);
    this.renderOverlay();
  }

  private select(el: SVGPolygonElement | SVGRectElement | null): void {
    this.editTarget?.removeAttribute('data-pv-selected');
    this.editTarget = el;
    this.editVertex = null;
    el?.setAttribute('data-pv-selected', '');
    this.reportSelection();
    this.renderOverlay();
  }

  deselect(): void {
    if (this.editTarget) this.select(null);
  }

  /** The shape selected by the edit tool. */
  get selectedShape(): Element | null {
    return this.editTarget;
  }

  private reportSelection(): void {
    const el = this.editTarget;
    if (!el) {
      this.callbacks.onEditSelection(null);
      return;
    }
    const kind = el.localName === 'rect' ? 'rect' : 'polygon';
    const count = kind === 'polygon' ? parsePoints(el.getAttribute('points')).length : 4;
    this.callbacks.onEditSelection({
      kind,
      vertex: this.editVertex,
      canDeleteVertex: kind === 'polygon' && this.editVertex !== null && count > MIN_POLYGON_POINTS,
    });
  }

  /** Deletes the selected vertex of the selected polygon (a polygon keeps three). */
  deleteVertex(): boolean {
    const el = this.editTarget;
    if (!el || el.localName !== 'polygon' || this.editVertex === null) return false;
    const next = removeVertex(parsePoints(el.getAttribute('points')), this.editVertex);
    if (!next) return false;
    el.setAttribute('points', formatPoints(next));
    this.editVertex = null;
    this.reportSelection();
    this.renderOverlay();
    this.callbacks.onShapeEdited();
    return true;
  }

  private shapeVertices(el: SVGPolygonElement | SVGRectElement): Point[] {
    if (el.localName === 'polygon') return parsePoints(el.getAttribute('points'));
    return rectCorners(this.rectOf(el as SVGRectElement));
  }

  private rectOf(el: SVGRectElement): RectShape {
    const n = (name: string) => parseFloat(el.getAttribute(name) ?? '0') || 0;
    return { x: n('x'), y: n('y'), width: n('width'), height: n('height') };
  }

  private setVertex(el: SVGPolygonElement | SVGRectElement, index: number, p: Point): void {
    if (el.localName === 'polygon') {
      el.setAttribute('points', formatPoints(moveVertex(parsePoints(el.getAttribute('points')), index, p)));
    } else {
      const r = moveRectCorner(this.rectOf(el as SVGRectElement), index, p);
      setAttrs(el, { x: r.x, y: r.y, width: r.width, height: r.height });
      // The dragged corner may now be another corner (dragged past the opposite side).
      const corners = rectCorners(r);
      let nearest = 0;
      corners.forEach((c, i) => {
        if (distance(c, p) < distance(corners[nearest]!, p)) nearest = i;
      });
      this.editVertex = nearest;
    }
  }

  // ---------------------------------------------------------------------------
  // View
  // ---------------------------------------------------------------------------

  zoomBy(factor: number): void {
    const c = { x: this.view.x + this.view.w / 2, y: this.view.y + this.view.h / 2 };
    this.applyView(zoomAt(this.view, this.base, factor, c.x, c.y));
  }

  fit(): void {
    this.applyView(this.base);
  }

  /**
   * Shows `view`. `live` (wheel, pinch, drag) moves the already drawn plan with a CSS
   * transform and redraws it sharp once the gesture has rested; otherwise it is redrawn now.
   */
  private applyView(view: Box, live = false): void {
    this.view = clampView(view, this.base);
    const root = this.root;
    if (!live || !root) {
      this.commitView();
      return;
    }
    const { width, height } = this.boxSize();
    root.style.transformOrigin = '0 0';
    root.style.transform = previewTransform(this.drawnView, this.view, width, height);
    window.clearTimeout(this.commitTimer);
    this.commitTimer = window.setTimeout(() => this.commitView(), 160);
  }

  /** Redraws the plan for the current view (one viewBox write) and drops any preview transform. */
  private commitView(): void {
    window.clearTimeout(this.commitTimer);
    this.commitTimer = 0;
    const root = this.root;
    if (!root) return;
    root.style.removeProperty('transform');
    root.style.removeProperty('transform-origin');
    root.setAttribute('viewBox', formatViewBox(this.view));
    this.drawnView = this.view;
    this.renderOverlay();
  }

  private boxSize(): { left: number; top: number; width: number; height: number } {
    const r = this.stageEl.getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width || 1, height: r.height || 1 };
  }

  /** Screen pixels per plan unit at the current zoom. */
  private pxPerUnit(): number {
    const { width, height } = this.boxSize();
    return fitOf(this.view, width, height).scale;
  }

  /** A client point in the root's (the viewBox's) units; pure arithmetic, so no layout of the plan. */
  private toPlan(clientX: number, clientY: number): Point {
    const box = this.boxSize();
    return boxToPlan(this.view, box.width, box.height, clientX - box.left, clientY - box.top);
  }

  /** A client point in an element's own coordinates (it may sit in transformed groups). */
  private toLocal(el: SVGGraphicsElement, clientX: number, clientY: number): Point {
    const m = el.getScreenCTM();
    if (!m) return this.toPlan(clientX, clientY);
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: round(p.x), y: round(p.y) };
  }

  /** Maps an element's own coordinates into the root's (where the overlay draws). */
  private localToRoot(el: SVGGraphicsElement): DOMMatrix | null {
    const rootM = this.root?.getScreenCTM();
    const elM = el.getScreenCTM();
    return rootM && elM ? rootM.inverse().multiply(elM) : null;
  }

  // ---------------------------------------------------------------------------
  // Overlay: drafts and handles
  // ---------------------------------------------------------------------------

  private renderOverlay(): void {
    const overlay = this.overlay;
    if (!overlay || !this.root) return;
    overlay.replaceChildren();
    const unit = 1 / this.pxPerUnit();
    const gesture = this.gesture;

    if (gesture?.kind === 'rect') {
      const r = rectFromCorners(gesture.start, gesture.current);
      const rect = svgEl('rect');
      setAttrs(rect, { class: 'pv-draft', x: r.x, y: r.y, width: r.width, height: r.height });
      overlay.append(rect);
    }

    if (this.draft.length > 0) {
      const points = this.draftCursor ? [...this.draft, this.draftCursor] : this.draft;
      const shape = svgEl('polygon');
      setAttrs(shape, { class: 'pv-draft', points: formatPoints(points) });
      const line = svgEl('polyline');
      setAttrs(line, { class: 'pv-draft-line', points: formatPoints(points) });
      overlay.append(shape, line);
      this.draft.forEach((p, i) => {
        const dot = svgEl('circle');
        const first = i === 0 && this.draft.length >= MIN_POLYGON_POINTS;
        setAttrs(dot, {
          class: first ? 'pv-handle pv-handle-first' : 'pv-draft-point',
          cx: p.x,
          cy: p.y,
          r: (first ? CLOSE_RADIUS : HANDLE_RADIUS - 2) * unit,
        });
        if (first) dot.setAttribute('data-pv-close', '');
        overlay.append(dot);
      });
    }

    const el = this.editTarget;
    if (el && el.isConnected) {
      const m = this.localToRoot(el);
      this.shapeVertices(el).forEach((p, i) => {
        const q = m ? new DOMPoint(p.x, p.y).matrixTransform(m) : p;
        const handle = svgEl('circle');
        setAttrs(handle, {
          class: 'pv-handle',
          cx: q.x,
          cy: q.y,
          r: HANDLE_RADIUS * unit,
          'data-pv-vertex': i,
        });
        if (i === this.editVertex) handle.setAttribute('data-pv-active', '');
        overlay.append(handle);
      });
    }
  }

  // ---------------------------------------------------------------------------
  // Building labels
  // ---------------------------------------------------------------------------

  setLabels(labels: StageLabel[], fontSize: number): void {
    this.labels = labels;
    this.fontSize = fontSize;
    this.renderLabels();
  }

  private renderLabels(): void {
    const layer = this.labelsLayer;
    if (!layer) return;
    layer.replaceChildren();
    this.labelGeometries.clear();
    let unplaced = 0;
    for (const label of this.labels) {
      const group = svgEl('g');
      setAttrs(group, { class: 'pv-label', 'data-pv-label': label.id });
      if (this.editable) group.setAttribute('data-pv-draggable', '');
      const rect = svgEl('rect');
      const text = svgEl('text');
      text.setAttribute('font-size', String(this.fontSize));
      // Text only: labels are data, never markup.
      text.textContent = label.text;
      group.append(rect, text);
      layer.append(group);
      let width = 0;
      try {
        width = text.getComputedTextLength();
      } catch {
        // Not rendered: estimate below.
      }
      if (!(width > 0)) width = estimateTextWidth(label.text, this.fontSize);
      const origin = label.geometry ?? defaultLabelOrigin(this.base, unplaced++, this.fontSize);
      const geometry = labelGeometry(origin.x, origin.y, width, this.fontSize);
      this.placeLabel(group, geometry);
      this.labelGeometries.set(label.id, geometry);
    }
  }

  private placeLabel(group: SVGGElement, g: LabelSvg): void {
    const [rect, text] = [group.firstElementChild, group.lastElementChild];
    if (rect) setAttrs(rect, { x: g.x, y: g.y, width: g.width, height: g.height, rx: 4 });
    if (text) setAttrs(text, { x: g.textX, y: g.textY });
    group.removeAttribute('transform');
  }

  /** Where a label is drawn now (tests and the e2e check of a dragged label). */
  labelPosition(id: number): LabelSvg | undefined {
    return this.labelGeometries.get(id);
  }

  // ---------------------------------------------------------------------------
  // Events (one delegated listener per type for the whole plan)
  // ---------------------------------------------------------------------------

  private onPointerDown = (e: PointerEvent): void => {
    if (!this.root) return;
    if (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 1) return;
    this.stageEl.focus({ preventScroll: true });
    this.hideTooltip();
    // Handles and shapes are placed by the plan's real transform, so settle any preview first.
    if (this.commitTimer) this.commitView();
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });

    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()] as [Point, Point];
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      if (this.gesture?.kind === 'rect') this.cancelDraft();
      this.gesture = {
        kind: 'pinch',
        startDistance: Math.max(1, distance(a, b)),
        startMid: mid,
        startMidPlan: this.toPlan(mid.x, mid.y),
        view: this.view,
        pxPerUnit: this.pxPerUnit(),
      };
      this.suppressClick = true;
      return;
    }
    if (this.pointers.size > 2) return;

    const target = e.target instanceof Element ? e.target : null;
    const middle = e.pointerType === 'mouse' && e.button === 1;

    const labelGroup = target?.closest<SVGGElement>('.pv-label');
    if (!middle && this.editable && labelGroup) {
      const id = Number(labelGroup.getAttribute('data-pv-label'));
      const geometry = this.labelGeometries.get(id);
      if (geometry) {
        e.preventDefault();
        this.stageEl.setPointerCapture(e.pointerId);
        labelGroup.setAttribute('data-pv-dragging', '');
        this.gesture = {
          kind: 'label',
          pointer: e.pointerId,
          id,
          group: labelGroup,
          start: this.toPlan(e.clientX, e.clientY),
          geometry,
          moved: false,
        };
        return;
      }
    }

    const vertex = target?.getAttribute('data-pv-vertex');
    if (!middle && this.tool === 'edit' && vertex != null && this.editTarget) {
      e.preventDefault();
      this.stageEl.setPointerCapture(e.pointerId);
      this.editVertex = Number(vertex);
      this.gesture = { kind: 'vertex', pointer: e.pointerId, index: Number(vertex), moved: false };
      this.reportSelection();
      this.renderOverlay();
      return;
    }

    if (!middle && this.tool === 'rect') {
      e.preventDefault();
      this.stageEl.setPointerCapture(e.pointerId);
      const start = this.toPlan(e.clientX, e.clientY);
      this.gesture = {
        kind: 'rect',
        pointer: e.pointerId,
        start,
        current: start,
        startClient: { x: e.clientX, y: e.clientY },
      };
      return;
    }

    this.gesture = {
      kind: 'press',
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
  };

  private startPan(pointer: number): void {
    this.stageEl.setPointerCapture(pointer);
    this.stageEl.classList.add('pv-panning');
  }

  private onPointerMove = (e: PointerEvent): void => {
    if (this.pointers.has(e.pointerId)) this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = this.gesture;

    if (g?.kind === 'pinch') {
      const [a, b] = [...this.pointers.values()];
      if (!a || !b) return;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const factor = distance(a, b) / g.startDistance;
      const zoomed = zoomAt(g.view, this.base, factor, g.startMidPlan.x, g.startMidPlan.y);
      const px = g.pxPerUnit * (g.view.w / zoomed.w);
      this.applyView(
        panBy(zoomed, this.base, (mid.x - g.startMid.x) / px, (mid.y - g.startMid.y) / px),
        true,
      );
      return;
    }
    if (g && 'pointer' in g && g.pointer !== e.pointerId) return;

    switch (g?.kind) {
      case 'press': {
        const dx = e.clientX - g.start.x;
        const dy = e.clientY - g.start.y;
        if (!g.panning && Math.hypot(dx, dy) > DRAG_THRESHOLD) {
          g.panning = true;
          this.startPan(e.pointerId);
        }
        if (g.panning) this.applyView(panBy(g.view, this.base, dx / g.pxPerUnit, dy / g.pxPerUnit), true);
        return;
      }
      case 'rect':
        g.current = this.toPlan(e.clientX, e.clientY);
        this.renderOverlay();
        return;
      case 'vertex': {
        const el = this.editTarget;
        if (!el) return;
        g.moved = true;
        this.setVertex(el, g.index, this.toLocal(el, e.clientX, e.clientY));
        if (el.localName === 'rect' && this.editVertex !== null) g.index = this.editVertex;
        this.renderOverlay();
        return;
      }
      case 'label': {
        const p = this.toPlan(e.clientX, e.clientY);
        const dx = p.x - g.start.x;
        const dy = p.y - g.start.y;
        if (!g.moved && Math.hypot(dx, dy) * this.pxPerUnit() <= DRAG_THRESHOLD) return;
        g.moved = true;
        g.group.setAttribute('transform', `translate(${round(dx)} ${round(dy)})`);
        return;
      }
      default:
        break;
    }

    if (this.tool === 'polygon' && this.draft.length > 0) {
      this.draftCursor = this.toPlan(e.clientX, e.clientY);
      this.renderOverlay();
    }
    this.updateTooltip(e);
  };

  private onPointerUp = (e: PointerEvent): void => {
    this.pointers.delete(e.pointerId);
    const g = this.gesture;
    if (g?.kind === 'pinch') {
      if (this.pointers.size === 0) {
        this.gesture = null;
        this.commitView();
      }
      return;
    }
    if (!g || ('pointer' in g && g.pointer !== e.pointerId)) return;
    this.gesture = null;
    this.stageEl.classList.remove('pv-panning');
    if (this.stageEl.hasPointerCapture?.(e.pointerId)) this.stageEl.releasePointerCapture(e.pointerId);

    switch (g.kind) {
      case 'press':
        if (g.panning) {
          this.suppressClick = true;
          this.commitView();
        }
        return;
      case 'rect': {
        this.suppressClick = true;
        const moved = Math.hypot(e.clientX - g.startClient.x, e.clientY - g.startClient.y) > DRAG_THRESHOLD;
        const r = rectFromCorners(g.start, this.toPlan(e.clientX, e.clientY));
        this.renderOverlay();
        if (e.type === 'pointercancel' || !moved || r.width === 0 || r.height === 0) return;
        const rect = svgEl('rect');
        setAttrs(rect, {
          x: r.x,
          y: r.y,
          width: r.width,
          height: r.height,
          fill: '#adb5bd',
          stroke: '#343a40',
        });
        this.insertShape(rect);
        this.callbacks.onZoneActivate(rect);
        return;
      }
      case 'vertex':
        this.suppressClick = true;
        this.reportSelection();
        if (g.moved) this.callbacks.onShapeEdited();
        return;
      case 'label': {
        this.suppressClick = true;
        g.group.removeAttribute('data-pv-dragging');
        if (!g.moved || e.type === 'pointercancel') {
          this.placeLabel(g.group, g.geometry);
          return;
        }
        const p = this.toPlan(e.clientX, e.clientY);
        const next = moveLabel(g.geometry, p.x - g.start.x, p.y - g.start.y);
        this.labelGeometries.set(g.id, next);
        this.placeLabel(g.group, next);
        this.callbacks.onLabelMoved(g.id, next);
        return;
      }
    }
  };

  private onPointerLeave = (): void => {
    this.hideTooltip();
    if (this.draftCursor) {
      this.draftCursor = null;
      this.renderOverlay();
    }
  };

  private onClick = (e: MouseEvent): void => {
    // A plan's own links never navigate away from the editor (the guard made them safe to follow).
    if (e.target instanceof Element && e.target.closest('a')) e.preventDefault();
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    if (!this.root) return;
    switch (this.tool) {
      case 'rect':
        return;
      case 'polygon': {
        const p = this.toPlan(e.clientX, e.clientY);
        const onClose = e.target instanceof Element && e.target.hasAttribute('data-pv-close');
        const action = onClose ? 'close' : polygonClick(this.draft, p, CLOSE_RADIUS / this.pxPerUnit());
        if (action === 'close') this.closePolygon();
        else if (action === 'add') {
          this.draft = [...this.draft, { x: round(p.x), y: round(p.y) }];
          this.draftCursor = null;
          this.callbacks.onDraftChange(this.draft.length);
          this.renderOverlay();
        }
        return;
      }
      case 'edit': {
        const zone = this.zoneOf(e.target);
        if (zone && (zone.localName === 'polygon' || zone.localName === 'rect')) {
          this.select(zone as SVGPolygonElement | SVGRectElement);
        } else if (!(e.target instanceof Element && e.target.hasAttribute('data-pv-vertex'))) {
          this.deselect();
        }
        return;
      }
      case 'pick': {
        const zone = this.zoneOf(e.target);
        if (zone) {
          this.callbacks.onZoneActivate(zone);
          return;
        }
        const target = e.target instanceof Element ? e.target : null;
        if (target && this.root.contains(target) && isPickableShape(target)) {
          this.makeTemp(target);
          this.callbacks.onZoneActivate(target);
        }
        return;
      }
      case 'select': {
        const zone = this.zoneOf(e.target);
        if (zone) this.callbacks.onZoneActivate(zone);
        return;
      }
    }
  };

  private onDoubleClick = (e: MouseEvent): void => {
    if (this.tool === 'polygon') {
      e.preventDefault();
      this.closePolygon();
    }
  };

  private onWheel = (e: WheelEvent): void => {
    if (!this.root) return;
    e.preventDefault();
    // Lines (Firefox) and pages are much bigger steps than pixels.
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    const factor = Math.exp(-e.deltaY * unit * 0.0015);
    const p = this.toPlan(e.clientX, e.clientY);
    this.applyView(zoomAt(this.view, this.base, factor, p.x, p.y), true);
    if (this.draftCursor) {
      this.draftCursor = this.toPlan(e.clientX, e.clientY);
      this.renderOverlay();
    }
  };

  private onKeyDown = (e: KeyboardEvent): void => {
    const step = 0.1;
    switch (e.key) {
      case 'Escape':
        if (this.draft.length > 0 || this.gesture?.kind === 'rect') this.cancelDraft();
        else if (this.editTarget) this.deselect();
        else return;
        break;
      case 'Enter':
        if (this.tool !== 'polygon' || !this.closePolygon()) return;
        break;
      case 'Backspace':
      case 'Delete':
        if (this.tool === 'polygon' && this.draft.length > 0) this.undoPoint();
        else if (!this.deleteVertex()) return;
        break;
      case '+':
      case '=':
        this.zoomBy(1.25);
        break;
      case '-':
      case '_':
        this.zoomBy(0.8);
        break;
      case '0':
        this.fit();
        break;
      case 'ArrowLeft':
        this.applyView(panBy(this.view, this.base, this.view.w * step, 0));
        break;
      case 'ArrowRight':
        this.applyView(panBy(this.view, this.base, -this.view.w * step, 0));
        break;
      case 'ArrowUp':
        this.applyView(panBy(this.view, this.base, 0, this.view.h * step));
        break;
      case 'ArrowDown':
        this.applyView(panBy(this.view, this.base, 0, -this.view.h * step));
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  private updateTooltip(e: PointerEvent): void {
    if (e.pointerType !== 'mouse' || this.gesture) return;
    const zone = this.zoneOf(e.target);
    if (zone !== this.hoverZone) {
      this.hoverZone = zone;
      const text = zone ? this.callbacks.describeZone(zone) : null;
      this.tooltip.textContent = text ?? '';
      this.tooltip.hidden = !text;
    }
    if (!this.tooltip.hidden) {
      const box = this.host.getBoundingClientRect();
      this.tooltip.style.left = `${e.clientX - box.left}px`;
      this.tooltip.style.top = `${e.clientY - box.top}px`;
    }
  }

  private hideTooltip(): void {
    this.hoverZone = null;
    this.tooltip.hidden = true;
  }

  dispose(): void {
    window.clearTimeout(this.commitTimer);
    this.resizeObserver?.disconnect();
    this.stageEl.removeEventListener('pointerdown', this.onPointerDown);
    this.stageEl.removeEventListener('pointermove', this.onPointerMove);
    this.stageEl.removeEventListener('pointerup', this.onPointerUp);
    this.stageEl.removeEventListener('pointercancel', this.onPointerUp);
    this.stageEl.removeEventListener('pointerleave', this.onPointerLeave);
    this.stageEl.removeEventListener('click', this.onClick);
    this.stageEl.removeEventListener('dblclick', this.onDoubleClick);
    this.stageEl.removeEventListener('wheel', this.onWheel);
    this.stageEl.removeEventListener('keydown', this.onKeyDown);
    this.shadow.replaceChildren();
    this.root = null;
  }
}
