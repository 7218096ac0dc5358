import { formatPoints, MIN_POLYGON_POINTS, polygonArea, polygonClick, round, type Point } from '../geometry';
import { setAttrs, svgEl } from '../svg-dom';
import type { Tool, ToolHost } from './tool';

/** Screen radius of the "close the polygon" target, and of the points drawn so far. */
const CLOSE_RADIUS = 10;
const POINT_RADIUS = 4;

export interface PolygonTool extends Tool {
  /** Ends the polygon (Enter, double-click, the first point); false when it cannot close yet. */
  close(): boolean;
  /** Removes the last point. */
  undo(): void;
  readonly drafting: boolean;
}

/** Polygon: a click adds a point; the first point, Enter or a double-click closes it. */
export function polygonTool(host: ToolHost): PolygonTool {
  let draft: Point[] = [];
  let cursor: Point | null = null;
  const changed = () => {
    host.draftChanged(draft.length);
    host.redrawOverlay();
  };
  const tool: PolygonTool = {
    name: 'polygon',
    get drafting() {
      return draft.length > 0;
    },
    pointerDown: () => false,
    pointerMove: () => undefined,
    pointerUp: () => false,
    hover(e) {
      if (draft.length === 0) return;
      cursor = host.toPlan(e.clientX, e.clientY);
      host.redrawOverlay();
    },
    click(e) {
      const p = host.toPlan(e.clientX, e.clientY);
      const onClose = e.target instanceof Element && e.target.hasAttribute('data-pv-close');
      const action = onClose ? 'close' : polygonClick(draft, p, CLOSE_RADIUS / host.pxPerUnit());
      if (action === 'close') tool.close();
      else if (action === 'add') {
        draft = [...draft, { x: round(p.x), y: round(p.y) }];
        cursor = null;
        changed();
      }
    },
    keyDown(e) {
      switch (e.key) {
        case 'Escape':
          if (draft.length === 0) return false;
          tool.cancel();
          return true;
        case 'Enter':
          return tool.close();
        case 'Backspace':
        case 'Delete':
          if (draft.length === 0) return false;
          tool.undo();
          return true;
        default:
          return false;
      }
    },
    close() {
      if (draft.length < MIN_POLYGON_POINTS || polygonArea(draft) === 0) return false;
      const polygon = svgEl('polygon');
      setAttrs(polygon, { points: formatPoints(draft), fill: '#adb5bd', stroke: '#343a40' });
      tool.cancel();
      host.addShape(polygon);
      host.activate(polygon);
      return true;
    },
    undo() {
      if (draft.length === 0) return;
      draft = draft.slice(0, -1);
      changed();
    },
    cancel() {
      const had = draft.length > 0;
      draft = [];
      cursor = null;
      if (had) changed();
    },
    drawOverlay(overlay, unit) {
      if (draft.length === 0) return;
      const points = cursor ? [...draft, cursor] : draft;
      const shape = svgEl('polygon');
      setAttrs(shape, { class: 'pv-draft', points: formatPoints(points) });
      const line = svgEl('polyline');
      setAttrs(line, { class: 'pv-draft-line', points: formatPoints(points) });
      overlay.append(shape, line);
      draft.forEach((p, i) => {
        const dot = svgEl('circle');
        const first = i === 0 && draft.length >= MIN_POLYGON_POINTS;
        setAttrs(dot, {
          class: first ? 'pv-handle pv-handle-first' : 'pv-draft-point',
          cx: p.x,
          cy: p.y,
          r: (first ? CLOSE_RADIUS : POINT_RADIUS) * unit,
        });
        if (first) dot.setAttribute('data-pv-close', '');
        overlay.append(dot);
      });
    },
  };
  return tool;
}
