/**
 * The plan on screen: an imperative controller that owns the plan's DOM, so React never
 * re-renders (or even diffs) markup of 10 MB and 5,000 zones. The plan is parsed once per
 * version through the browser guard shared with the widget and inserted into a shadow root
 * inside a paint-contained stage (nothing it paints reaches the app, nor the app's styles
 * it). Zones are coloured in one pass by a data attribute and a generated stylesheet; one
 * delegated listener per event type serves every zone and hands presses, clicks and keys
 * to their owner: the view (pan, zoom), the building labels, or the current tool.
 *
 * Why ~580 lines: this file is the one owner of the plan's DOM (load, serialise, zone
 * changes, temp shapes) and of the input routing above; the jobs themselves live beside it
 * (stage-view.ts, stage-labels.ts, tools/*). Splitting the routing from the DOM it routes
 * over would make both halves reach into each other's private state.
 */
import {
  applyZoneChanges,
  parseId,
  freshZoneId,
  locateZone,
  parseViewBox,
  zoneStatus,
  type LabelGeometry,
  type LabelLayout,
  type Point,
  type ZoneApartment as ZoneStatusSource,
  type ZoneChanges,
  type ZoneLocator,
} from '@planvy/shared';
import { autopilot, type AutopilotApartment, type AutopilotResult } from '@planvy/shared/plan/autopilot';
import { domGeometry } from '@planvy/shared/plan/dom-geometry';
import {
  measuredOnce,
  pickCandidates,
  shapeWarnings,
  type PlanGeometry,
  type ShapeWarning,
} from '@planvy/shared/plan/shape-pick';
import { StageLabels, type StageLabel } from './stage-labels';
import { StageView } from './stage-view';
import { isStageUi, setAttrs, svgEl, type PointerHandler } from './svg-dom';
import { editTool } from './tools/edit-tool';
import { polygonTool } from './tools/polygon-tool';
import { rectTool } from './tools/rect-tool';
import type { EditSelection, StageTool, Tool, ToolHost } from './tools/tool';
import { pickTool, selectTool, type PickTool } from './tools/zone-tools';
import {
  markZone,
  markZones,
  notPickable,
  parsePlan,
  stripEditorAttributes,
  ZONE_SELECTOR,
  type ZoneContext,
} from './zone-markup';
import { stageStyleSheet } from './zone-styles';

export type { AutopilotResult, EditSelection, ShapeWarning, StageLabel, StageTool };

export interface StageCallbacks {
  /** A zone was clicked, or a shape was just drawn or picked (it then has data-temp-id). */
  onZoneActivate: (el: Element) => void;
  /** Shape geometry changed in the edit tool (the plan has unsaved changes). */
  onShapeEdited: () => void;
  onEditSelection: (selection: EditSelection | null) => void;
  /** An admin moved or resized a building label (what its label_svg becomes). */
  onLabelChanged: (id: number, geometry: LabelGeometry) => void;
  /** Points of the polygon being drawn (0 when none). */
  onDraftChange: (points: number) => void;
  /** The default tool's click landed on a plain shape that could become a zone (null: it did not). */
  onOfferShape: (el: Element | null) => void;
  /** Hover text for a zone, or null for none. */
  describeZone: (el: Element) => string | null;
}

/**
 * The root attributes the stage changes for display (style: the transform of a pan or
 * zoom in progress); restored as uploaded when the plan is serialised.
 */
const MANAGED_ROOT_ATTRIBUTES = ['viewBox', 'preserveAspectRatio', 'style'] as const;

export class PlanStage {
  private readonly shadow: ShadowRoot;
  private readonly stageEl: HTMLDivElement;
  private readonly tooltip: HTMLDivElement;
  private readonly resizeObserver: ResizeObserver | undefined;
  private root: SVGSVGElement | null = null;
  private originalRoot = new Map<string, string | null>();
  private background: SVGImageElement | null = null;
  private backgroundUrl: string | null = null;
  private labelsLayer: SVGGElement | null = null;
  private overlay: SVGGElement | null = null;
  private editable = false;
  private ctx: ZoneContext = { apartments: new Map(), plans: new Set() };
  private tempCounter = 0;
  /** Shapes drawn here since the last load or full save (removed, not just unmarked, when dropped). */
  private drawn = new WeakSet<Element>();
  private readonly pointers = new Map<number, { x: number; y: number }>();
  /** Whoever took the current press. */
  private pressOwner: PointerHandler | null = null;
  private suppressClick = false;
  private hoverZone: Element | null = null;
  private readonly view: StageView;
  private readonly labels: StageLabels;
  private readonly tools: {
    select: Tool;
    pick: PickTool;
    rect: Tool;
    polygon: ReturnType<typeof polygonTool>;
    edit: ReturnType<typeof editTool>;
  };
  private tool: Tool;
  /** The plan's layout, measured once per element until the drawing changes (ADR 029). */
  private measured: { geometry: PlanGeometry } | null = null;

  constructor(
    readonly host: HTMLElement,
    private callbacks: StageCallbacks,
    /** Where geometry comes from: the browser's layout; tests under jsdom pass a stand-in. */
    private readonly geometrySource: (root: SVGSVGElement) => PlanGeometry = domGeometry,
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

    this.view = new StageView(
      this.stageEl,
      () => this.root,
      () => this.renderOverlay(),
    );
    this.labels = new StageLabels(
      this.stageEl,
      this.view,
      () => this.root,
      (id, g) => this.callbacks.onLabelChanged(id, g),
    );
    const host_ = this.toolHost();
    this.tools = {
      select: selectTool(host_),
      pick: pickTool(host_),
      rect: rectTool(host_),
      polygon: polygonTool(host_),
      edit: editTool(host_),
    };
    this.tool = this.tools.select;

    for (const [type, listener] of this.listeners())
      this.stageEl.addEventListener(
        type,
        listener as EventListener,
        type === 'wheel' ? { passive: false } : undefined,
      );
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
    this.tool.cancel();
    this.hideTooltip();
    const root = document.adoptNode(parsed);
    this.originalRoot = new Map(MANAGED_ROOT_ATTRIBUTES.map((name) => [name, root.getAttribute(name)]));
    this.stageEl.replaceChildren(root);
    this.root = root;
    this.ctx = ctx;
    this.drawn = new WeakSet();
    this.measured = null;
    markZones(root, ctx);
    root.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    this.background = null;
    this.labelsLayer = this.labels.attach(root);
    this.overlay = svgEl('g');
    setAttrs(this.overlay, { 'data-pv-ui': '', class: 'pv-overlay' });
    root.append(this.overlay);
    this.view.reset(
      parseViewBox(root.getAttribute('viewBox'), root.getAttribute('width'), root.getAttribute('height')) ??
        this.measure(root),
    );
    this.setBackground(this.backgroundUrl);
    this.labels.render();
  }

  /**
   * The plan as it will be saved: every apartment zone's data-status and data-inactive
   * written from `apartments` (the database's values), the stage's own elements and
   * attributes removed.
   */
  serialize(
    apartments: ReadonlyMap<number, Pick<ZoneStatusSource, 'status' | 'inactive'>> = new Map(),
  ): string {
    const root = this.root;
    if (!root) throw new Error('No plan is loaded');
    for (const el of root.querySelectorAll('[data-bostad]')) {
      const id = el.getAttribute('id');
      const apartmentId = parseId(id);
      const apartment = apartmentId !== undefined ? apartments.get(apartmentId) : undefined;
      if (apartment) applyZoneChanges(el, zoneStatus(apartment));
    }
    const ui = Array.from(root.children).filter(isStageUi);
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

  /** After a full save: the drawn shapes are part of the stored plan now. */
  markSaved(): void {
    this.drawn = new WeakSet();
  }

  /** A plan without a usable viewBox or size: its drawing's bounding box. */
  private measure(root: SVGSVGElement) {
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
    const base = this.view.base;
    const image = svgEl('image');
    setAttrs(image, {
      'data-pv-ui': '',
      class: 'pv-bg',
      href: url,
      x: base.x,
      y: base.y,
      width: base.w,
      height: base.h,
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

  /** Changes a zone's attributes (a popup's edit, or what the server stored) and re-marks it. */
  changeZone(el: Element, changes: ZoneChanges): void {
    el.removeAttribute('data-temp-id');
    applyZoneChanges(el, changes);
    markZone(el, this.ctx);
    if (changes['data-building-number'] !== undefined) this.labels.render();
  }

  /** Gives a link zone without an id a fresh `zone-link-…` (the server's check report knows zones by id). */
  ensureLinkId(el: Element): void {
    if (!this.root || el.getAttribute('id')) return;
    const taken = new Set(Array.from(this.root.querySelectorAll('[id]'), (e) => e.getAttribute('id')!));
    el.setAttribute('id', freshZoneId(taken));
  }

  /** Where a zone is in the stored plan (for a zone edit), or null for a shape drawn since the last save. */
  locate(el: Element): ZoneLocator | null {
    if (!this.root || this.drawn.has(el) || !this.root.contains(el)) return null;
    return locateZone(el, this.root, isStageUi);
  }

  /** Drops an unsaved temporary shape: a drawn one is removed, a picked one is left as it was. */
  dropTemp(el: Element): void {
    if (!el.hasAttribute('data-temp-id')) return;
    if (this.drawn.has(el)) {
      this.removeShape(el);
      return;
    }
    el.removeAttribute('data-temp-id');
    markZone(el, this.ctx);
  }

  /** Removes a shape from the plan (the edit tool's Delete shape). */
  removeShape(el: Element): void {
    if (this.tools.edit.selected === el) this.tools.edit.deselect();
    el.remove();
    this.measured = null;
  }

  // ---------------------------------------------------------------------------
  // Picking and the autopilot (ADR 029)
  // ---------------------------------------------------------------------------

  private geometry(): { geometry: PlanGeometry } | null {
    if (!this.root) return null;
    this.measured ??= { geometry: measuredOnce(this.geometrySource(this.root)) };
    return this.measured;
  }

  /**
   * What a pick at plan point `p` may mean, first choice first. In pick mode every shape is hit
   * inside and on its outline (zone-styles.ts), so the browser's hit test names the candidates.
   */
  pickAt(p: Point): Element[] {
    const m = this.geometry();
    if (!m || !this.root) return [];
    return pickCandidates(this.root, p, m.geometry, { skip: notPickable });
  }

  /** What speaks against making `el` a zone: shown before it is saved. */
  shapeWarnings(el: Element): ShapeWarning[] {
    const root = this.root;
    if (!root || !root.contains(el)) return [];
    // Measured as drawn, not as the editor colours a zone being made (its fill wins with !important).
    const state = el.getAttribute('data-pv-state');
    el.removeAttribute('data-pv-state');
    try {
      return shapeWarnings(el, root, this.geometrySource(root));
    } finally {
      if (state !== null) el.setAttribute('data-pv-state', state);
    }
  }

  /** Trades the shape just picked for the one around it; false when there is none. */
  stepOut(): boolean {
    return this.tool === this.tools.pick && this.tools.pick.stepOut();
  }

  /** Proposes zones for the apartments not on this plan yet; changes nothing. */
  autopilot<A extends AutopilotApartment>(apartments: readonly A[]): AutopilotResult<A> | null {
    const m = this.geometry();
    if (!m || !this.root) return null;
    return autopilot(this.root, apartments, m.geometry, {
      skip: (el) => el.closest('[data-pv-ui], [data-temp-id]') !== null,
    });
  }

  /** Lights shapes (the autopilot's proposals) until called again; an empty list puts them out. */
  lightShapes(shapes: readonly Element[]): void {
    if (!this.root) return;
    for (const el of Array.from(this.root.querySelectorAll('[data-pv-proposed]')))
      el.removeAttribute('data-pv-proposed');
    for (const el of shapes) el.setAttribute('data-pv-proposed', '');
  }

  /** Every zone of the plan, in document order. */
  zones(): Element[] {
    return this.root ? Array.from(this.root.querySelectorAll('[data-pv-state]')) : [];
  }

  zoneCount(): number {
    return this.root ? this.root.querySelectorAll('[data-pv-state]').length : 0;
  }

  /** Zooms to a zone and highlights it for a moment. */
  reveal(el: Element): void {
    if (!this.root || !el.isConnected) return;
    this.view.reveal(el);
    if (el === this.tools.edit.selected) return;
    el.setAttribute('data-pv-selected', '');
    window.setTimeout(() => {
      if (el !== this.tools.edit.selected) el.removeAttribute('data-pv-selected');
    }, 1600);
  }

  private toolHost(): ToolHost {
    return {
      root: () => this.root,
      stageEl: this.stageEl,
      toPlan: (x, y) => this.view.toPlan(x, y),
      toLocal: (el, x, y) => this.view.toLocal(el, x, y),
      localToRoot: (el) => this.view.localToRoot(el),
      pxPerUnit: () => this.view.pxPerUnit(),
      zoneOf: (target) => this.zoneOf(target),
      pickAt: (p) => this.pickAt(p),
      unmarkTemp: (el) => this.dropTemp(el),
      boxOf: (el) => this.geometry()?.geometry.box(el) ?? null,
      markTemp: (el) => this.markTemp(el),
      addShape: (el) => {
        // Above the drawing, below the stage's labels and handles.
        this.root?.insertBefore(el, this.labelsLayer);
        this.drawn.add(el);
        this.measured = null;
        this.markTemp(el);
      },
      activate: (el) => this.callbacks.onZoneActivate(el),
      editable: () => this.editable,
      offer: (el) => this.callbacks.onOfferShape(el),
      redrawOverlay: () => this.renderOverlay(),
      shapeEdited: () => {
        this.measured = null;
        this.callbacks.onShapeEdited();
      },
      selectionChanged: (s) => this.callbacks.onEditSelection(s),
      draftChanged: (n) => this.callbacks.onDraftChange(n),
    };
  }

  private markTemp(el: Element): void {
    el.setAttribute('data-temp-id', `t${++this.tempCounter}`);
    markZone(el, this.ctx);
  }

  private zoneOf(target: EventTarget | null): Element | null {
    if (!(target instanceof Element) || !this.root) return null;
    const zone = target.closest(ZONE_SELECTOR);
    if (!zone || !this.root.contains(zone) || zone.closest('[data-pv-ui]')) return null;
    return zone;
  }

  // ---------------------------------------------------------------------------
  // Tools and view
  // ---------------------------------------------------------------------------

  setEditable(editable: boolean): void {
    this.editable = editable;
    this.stageEl.classList.toggle('pv-readonly', !editable);
    if (!editable) this.setTool('select');
    this.labels.draggable = editable;
    this.labels.render();
  }

  /** Makes a plain shape of the plan a zone being made, as the pick tool does, and opens it. */
  makeZone(el: Element): void {
    if (!this.editable || !el.isConnected || !this.root?.contains(el)) return;
    this.markTemp(el);
    this.callbacks.onZoneActivate(el);
  }

  setTool(name: StageTool): void {
    if (!this.editable && name !== 'select') name = 'select';
    if (name === this.tool.name) return;
    this.tool.cancel();
    this.stageEl.classList.remove(`pv-tool-${this.tool.name}`);
    this.tool = this.tools[name];
    this.stageEl.classList.add(`pv-tool-${name}`);
    this.renderOverlay();
  }

  getTool(): StageTool {
    return this.tool.name;
  }

  closePolygon(): boolean {
    return this.tool === this.tools.polygon && this.tools.polygon.close();
  }

  cancelDraft(): void {
    if (this.tool === this.tools.polygon || this.tool === this.tools.rect) this.tool.cancel();
  }

  undoPoint(): void {
    this.tools.polygon.undo();
  }

  deleteVertex(): boolean {
    return this.tools.edit.deleteVertex();
  }

  deselect(): void {
    this.tools.edit.deselect();
  }

  /** The shape selected by the edit tool. */
  get selectedShape(): Element | null {
    return this.tools.edit.selected;
  }

  zoomBy(factor: number): void {
    this.view.zoomBy(factor);
  }

  fit(): void {
    this.view.fit();
  }

  private renderOverlay(): void {
    const overlay = this.overlay;
    if (!overlay || !this.root) return;
    overlay.replaceChildren();
    this.tool.drawOverlay(overlay, 1 / this.view.pxPerUnit());
    this.labels.placeHandles();
  }

  // ---------------------------------------------------------------------------
  // Building labels
  // ---------------------------------------------------------------------------

  /** The plan's building labels, at settings.label_font_size (ADR 025: relative to the plan's width). */
  setLabels(labels: StageLabel[], labelFontSetting: string): void {
    this.labels.set(labels, labelFontSetting);
  }

  /** Where a label is drawn now (tests and the e2e check of a dragged label). */
  labelPosition(id: number): LabelLayout | undefined {
    return this.labels.position(id);
  }

  // ---------------------------------------------------------------------------
  // Events (one delegated listener per type for the whole plan)
  // ---------------------------------------------------------------------------

  private listeners(): [string, (e: never) => void][] {
    return [
      ['pointerdown', this.onPointerDown],
      ['pointermove', this.onPointerMove],
      ['pointerup', this.onPointerUp],
      ['pointercancel', this.onPointerUp],
      ['pointerleave', this.onPointerLeave],
      ['click', this.onClick],
      ['dblclick', this.onDoubleClick],
      ['wheel', this.onWheel],
      ['keydown', this.onKeyDown],
    ];
  }

  private onPointerDown = (e: PointerEvent): void => {
    if (!this.root) return;
    if (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 1) return;
    this.stageEl.focus({ preventScroll: true });
    this.hideTooltip();
    this.view.settle();
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 2) {
      // A second finger: whatever the first one started becomes a pinch.
      if (this.pressOwner === this.tools.rect) this.tools.rect.cancel();
      this.pressOwner = null;
      const [a, b] = [...this.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      this.view.startPinch(a, b);
      this.suppressClick = true;
      return;
    }
    if (this.pointers.size > 2) return;
    const owners: PointerHandler[] = [this.labels, this.tool, this.view];
    this.pressOwner = owners.find((owner) => owner.pointerDown(e)) ?? null;
  };

  private onPointerMove = (e: PointerEvent): void => {
    if (this.pointers.has(e.pointerId)) this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.view.pinching) {
      const [a, b] = [...this.pointers.values()];
      if (a && b) this.view.movePinch(a, b);
      return;
    }
    if (this.pressOwner) {
      this.pressOwner.pointerMove(e);
      return;
    }
    this.tool.hover?.(e);
    this.updateTooltip(e);
  };

  private onPointerUp = (e: PointerEvent): void => {
    if (!this.pointers.delete(e.pointerId)) return;
    if (this.view.pinching) {
      if (this.pointers.size === 0) this.view.endPinch();
      return;
    }
    const owner = this.pressOwner;
    this.pressOwner = null;
    if (this.stageEl.hasPointerCapture?.(e.pointerId)) this.stageEl.releasePointerCapture(e.pointerId);
    if (owner?.pointerUp(e)) this.suppressClick = true;
  };

  private onPointerLeave = (): void => {
    this.hideTooltip();
  };

  private onClick = (e: MouseEvent): void => {
    // A plan's own links never navigate away from the editor (the guard made them safe to follow).
    if (e.target instanceof Element && e.target.closest('a')) e.preventDefault();
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    if (this.root) this.tool.click(e);
  };

  private onDoubleClick = (e: MouseEvent): void => {
    if (this.tool === this.tools.polygon) {
      e.preventDefault();
      this.tools.polygon.close();
    }
  };

  private onWheel = (e: WheelEvent): void => {
    if (!this.root) return;
    e.preventDefault();
    this.view.wheel(e);
  };

  private onKeyDown = (e: KeyboardEvent): void => {
    if (!this.tool.keyDown(e) && !this.view.key(e.key)) return;
    e.preventDefault();
    e.stopPropagation();
  };

  private updateTooltip(e: PointerEvent): void {
    if (e.pointerType !== 'mouse') return;
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
    this.view.dispose();
    this.resizeObserver?.disconnect();
    for (const [type, listener] of this.listeners())
      this.stageEl.removeEventListener(type, listener as EventListener);
    this.shadow.replaceChildren();
    this.root = null;
  }
}
