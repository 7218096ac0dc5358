import { rectFromCorners, type Point } from '../geometry';
import { DRAG_THRESHOLD, setAttrs, svgEl } from '../svg-dom';
import type { Tool, ToolHost } from './tool';

/** Rectangle: drag from corner to corner; the new shape opens its popup. */
export function rectTool(host: ToolHost): Tool {
  let drag: { pointer: number; start: Point; current: Point; startClient: Point } | null = null;
  return {
    name: 'rect',
    pointerDown(e) {
      if (e.pointerType === 'mouse' && e.button === 1) return false;
      e.preventDefault();
      host.stageEl.setPointerCapture(e.pointerId);
      const start = host.toPlan(e.clientX, e.clientY);
      drag = { pointer: e.pointerId, start, current: start, startClient: { x: e.clientX, y: e.clientY } };
      return true;
    },
    pointerMove(e) {
      if (!drag) return;
      drag.current = host.toPlan(e.clientX, e.clientY);
      host.redrawOverlay();
    },
    pointerUp(e) {
      const g = drag;
      drag = null;
      host.redrawOverlay();
      if (!g) return false;
      const moved = Math.hypot(e.clientX - g.startClient.x, e.clientY - g.startClient.y) > DRAG_THRESHOLD;
      const r = rectFromCorners(g.start, host.toPlan(e.clientX, e.clientY));
      if (e.type === 'pointercancel' || !moved || r.width === 0 || r.height === 0) return true;
      const rect = svgEl('rect');
      setAttrs(rect, {
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
        fill: '#adb5bd',
        stroke: '#343a40',
      });
      host.addShape(rect);
      host.activate(rect);
      return true;
    },
    click: () => undefined,
    keyDown(e) {
      if (e.key !== 'Escape' || !drag) return false;
      this.cancel();
      return true;
    },
    drawOverlay(overlay) {
      if (!drag) return;
      const r = rectFromCorners(drag.start, drag.current);
      const rect = svgEl('rect');
      setAttrs(rect, { class: 'pv-draft', x: r.x, y: r.y, width: r.width, height: r.height });
      overlay.append(rect);
    },
    cancel() {
      if (!drag) return;
      drag = null;
      host.draftChanged(0);
      host.redrawOverlay();
    },
  };
}
