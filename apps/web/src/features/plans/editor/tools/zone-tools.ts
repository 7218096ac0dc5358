import { readZone } from '@planvy/shared';
import { stepOut } from '@planvy/shared/plan/shape-pick';
import { DRAG_THRESHOLD, setAttrs, svgEl } from '../svg-dom';
import { noPress, type Tool, type ToolHost } from './tool';

/**
 * Select: a click on a zone opens its popup. For an admin, a click on a room that is no zone yet
 * offers it (the pick tool's first choice there) to become one.
 */
export function selectTool(host: ToolHost): Tool {
  return {
    name: 'select',
    ...noPress,
    click(e) {
      const zone = host.zoneOf(e.target);
      if (zone) {
        host.offer(null);
        host.activate(zone);
        return;
      }
      host.offer(host.editable() ? (host.pickAt(host.toPlan(e.clientX, e.clientY))[0] ?? null) : null);
    },
    keyDown: () => false,
    drawOverlay: () => undefined,
    cancel: () => undefined,
  };
}

export interface PickTool extends Tool {
  /** Trades the shape just picked for the next one around it (a repeated click, Alt, the popup's button). */
  stepOut(): boolean;
}

/**
 * Pick: a click on a zone opens it; anywhere else it makes the first choice under the click a
 * zone (ADR 029: the smallest closed shape a buyer sees, not the topmost element, which on real
 * plans is a lamp's invisible glow or a bed). Clicking the same spot again, or Alt, steps out to
 * the shape or group around it. The shape under the pointer is outlined before the click.
 */
export function pickTool(host: ToolHost): PickTool {
  let last: { x: number; y: number; chain: Element[]; picked: Element } | null = null;
  let hovered: Element | null = null;
  let hoverFrame = 0;

  const pick = (el: Element) => {
    host.markTemp(el);
    host.activate(el);
  };
  const tool: PickTool = {
    name: 'pick',
    ...noPress,
    hover(e) {
      // One measurement per frame however fast the pointer moves.
      if (hoverFrame) return;
      const { clientX, clientY } = e;
      hoverFrame = requestAnimationFrame(() => {
        hoverFrame = 0;
        const next = host.zoneOf(e.target) ? null : (host.pickAt(host.toPlan(clientX, clientY))[0] ?? null);
        if (next === hovered) return;
        hovered = next;
        host.redrawOverlay();
      });
    },
    click(e) {
      // The same spot again (the popup may have been closed in between): the shape around it.
      const again =
        last !== null &&
        Math.hypot(e.clientX - last.x, e.clientY - last.y) <= DRAG_THRESHOLD &&
        last.picked.isConnected &&
        readZone(last.picked).kind === null;
      if (again) {
        tool.stepOut();
        return;
      }
      last = null;
      const zone = host.zoneOf(e.target);
      if (zone) {
        host.activate(zone);
        return;
      }
      const chain = host.pickAt(host.toPlan(e.clientX, e.clientY));
      const first = chain[0];
      if (!first) return;
      last = { x: e.clientX, y: e.clientY, chain, picked: first };
      hovered = null;
      host.redrawOverlay();
      pick(first);
    },
    stepOut() {
      if (!last?.picked.isConnected || readZone(last.picked).kind !== null) return false;
      const next = stepOut(last.chain, last.picked);
      if (!next || next === last.picked) return false;
      host.unmarkTemp(last.picked);
      last.picked = next;
      pick(next);
      return true;
    },
    keyDown(e) {
      return e.key === 'Alt' && tool.stepOut();
    },
    drawOverlay(overlay) {
      const box = hovered?.isConnected ? host.boxOf(hovered) : null;
      if (!box) return;
      const outline = svgEl('rect');
      setAttrs(outline, { class: 'pv-pick-hover', x: box.x, y: box.y, width: box.w, height: box.h });
      overlay.append(outline);
    },
    cancel() {
      cancelAnimationFrame(hoverFrame);
      hoverFrame = 0;
      last = null;
      if (hovered) {
        hovered = null;
        host.redrawOverlay();
      }
    },
  };
  return tool;
}
