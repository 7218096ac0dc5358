import { isPickableShape } from '../zone-markup';
import { noPress, type Tool, type ToolHost } from './tool';

/** Select: a click on a zone opens its popup. */
export function selectTool(host: ToolHost): Tool {
  return {
    name: 'select',
    ...noPress,
    click(e) {
      const zone = host.zoneOf(e.target);
      if (zone) host.activate(zone);
    },
    keyDown: () => false,
    drawOverlay: () => undefined,
    cancel: () => undefined,
  };
}

/** Pick: a click on a zone opens it; on a plain shape of the drawing, makes it a zone. */
export function pickTool(host: ToolHost): Tool {
  return {
    name: 'pick',
    ...noPress,
    click(e) {
      const zone = host.zoneOf(e.target);
      if (zone) {
        host.activate(zone);
        return;
      }
      const target = e.target instanceof Element ? e.target : null;
      const root = host.root();
      if (target && root?.contains(target) && isPickableShape(target)) {
        host.markTemp(target);
        host.activate(target);
      }
    },
    keyDown: () => false,
    drawOverlay: () => undefined,
    cancel: () => undefined,
  };
}
