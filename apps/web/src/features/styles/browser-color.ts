import { isColor, parseColor, type Rgba } from '@planvy/shared';

let context: CanvasRenderingContext2D | null | undefined;

/**
 * A CSS colour as RGBA for the contrast check. Numeric forms are parsed directly; colour
 * names go through the browser's own parser (a canvas fill style reads back as hex or
 * rgba()). Null when the value is not a colour the editor accepts.
 */
export function resolveColor(value: string): Rgba | null {
  const parsed = parseColor(value);
  if (parsed || !isColor(value.trim())) return parsed;
  context ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return null;
  context.fillStyle = '#000000';
  context.fillStyle = value.trim();
  return parseColor(String(context.fillStyle));
}
