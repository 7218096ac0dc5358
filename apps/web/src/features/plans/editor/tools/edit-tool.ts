import {
  distance,
  formatPoints,
  MIN_POLYGON_POINTS,
  moveRectCorner,
  moveVertex,
  parsePoints,
  rectCorners,
  removeVertex,
  type Point,
  type RectShape,
} from '../geometry';
import { setAttrs, svgEl } from '../svg-dom';
import type { Tool, ToolHost } from './tool';

type Shape = SVGPolygonElement | SVGRectElement;

/** Screen radius of vertex handles. */
const HANDLE_RADIUS = 6;

export interface EditTool extends Tool {
  readonly selected: Shape | null;
  deselect(): void;
  /** Deletes the selected vertex of the selected polygon (a polygon keeps three). */
  deleteVertex(): boolean;
}

function rectOf(el: SVGRectElement): RectShape {
  const n = (name: string) => parseFloat(el.getAttribute(name) ?? '0') || 0;
  return { x: n('x'), y: n('y'), width: n('width'), height: n('height') };
}

function vertices(el: Shape): Point[] {
  return el.localName === 'polygon'
    ? parsePoints(el.getAttribute('points'))
    : rectCorners(rectOf(el as SVGRectElement));
}

/** Edit: select a rectangle or polygon zone, drag its corners, delete a polygon's corners. */
export function editTool(host: ToolHost): EditTool {
  let target: Shape | null = null;
  let vertex: number | null = null;
  let drag: { pointer: number; index: number; moved: boolean } | null = null;

  const report = () => {
    if (!target) {
      host.selectionChanged(null);
      return;
    }
    const kind = target.localName === 'rect' ? 'rect' : 'polygon';
    const count = kind === 'polygon' ? parsePoints(target.getAttribute('points')).length : 4;
    host.selectionChanged({
      kind,
      vertex,
      canDeleteVertex: kind === 'polygon' && vertex !== null && count > MIN_POLYGON_POINTS,
    });
  };
  const select = (el: Shape | null) => {
    target?.removeAttribute('data-pv-selected');
    target = el;
    vertex = null;
    el?.setAttribute('data-pv-selected', '');
    report();
    host.redrawOverlay();
  };
  const setVertex = (el: Shape, index: number, p: Point) => {
    if (el.localName === 'polygon') {
      el.setAttribute('points', formatPoints(moveVertex(parsePoints(el.getAttribute('points')), index, p)));
      return index;
    }
    const r = moveRectCorner(rectOf(el as SVGRectElement), index, p);
    setAttrs(el, { x: r.x, y: r.y, width: r.width, height: r.height });
    // The dragged corner may now be another corner (dragged past the opposite side).
    const corners = rectCorners(r);
    let nearest = 0;
    corners.forEach((c, i) => {
      if (distance(c, p) < distance(corners[nearest]!, p)) nearest = i;
    });
    return nearest;
  };

  const tool: EditTool = {
    name: 'edit',
    get selected() {
      return target;
    },
    pointerDown(e) {
      const index = e.target instanceof Element ? e.target.getAttribute('data-pv-vertex') : null;
      if (index === null || !target || (e.pointerType === 'mouse' && e.button === 1)) return false;
      e.preventDefault();
      host.stageEl.setPointerCapture(e.pointerId);
      vertex = Number(index);
      drag = { pointer: e.pointerId, index: vertex, moved: false };
      report();
      host.redrawOverlay();
      return true;
    },
    pointerMove(e) {
      if (!drag || !target) return;
      drag.moved = true;
      drag.index = setVertex(target, drag.index, host.toLocal(target, e.clientX, e.clientY));
      vertex = drag.index;
      host.redrawOverlay();
    },
    pointerUp() {
      const g = drag;
      drag = null;
      report();
      if (g?.moved) host.shapeEdited();
      return true;
    },
    click(e) {
      const zone = host.zoneOf(e.target);
      if (zone && (zone.localName === 'polygon' || zone.localName === 'rect')) select(zone as Shape);
      else if (!(e.target instanceof Element && e.target.hasAttribute('data-pv-vertex'))) tool.deselect();
    },
    keyDown(e) {
      if (e.key === 'Escape' && target) {
        tool.deselect();
        return true;
      }
      return (e.key === 'Backspace' || e.key === 'Delete') && tool.deleteVertex();
    },
    deselect() {
      if (target) select(null);
    },
    deleteVertex() {
      if (!target || target.localName !== 'polygon' || vertex === null) return false;
      const next = removeVertex(parsePoints(target.getAttribute('points')), vertex);
      if (!next) return false;
      target.setAttribute('points', formatPoints(next));
      vertex = null;
      report();
      host.redrawOverlay();
      host.shapeEdited();
      return true;
    },
    drawOverlay(overlay, unit) {
      const el = target;
      if (!el || !el.isConnected) return;
      const m = host.localToRoot(el);
      vertices(el).forEach((p, i) => {
        const q = m ? new DOMPoint(p.x, p.y).matrixTransform(m) : p;
        const handle = svgEl('circle');
        setAttrs(handle, {
          class: 'pv-handle',
          cx: q.x,
          cy: q.y,
          r: HANDLE_RADIUS * unit,
          'data-pv-vertex': i,
        });
        if (i === vertex) handle.setAttribute('data-pv-active', '');
        overlay.append(handle);
      });
    },
    cancel() {
      tool.deselect();
    },
  };
  return tool;
}
