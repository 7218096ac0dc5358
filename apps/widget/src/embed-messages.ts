/**
 * The messages between embed.js on the host page and the widget in its frame, in one place so
 * both sides read the same shapes (ADR 024). Each side posts only to the other's exact origin,
 * never "*", and checks the origin, the sender and the shape of what it receives.
 */

/** Widget → host: how tall the widget's content is, so the frame fits it. */
export const HEIGHT_MESSAGE = 'planvy:height';
/** Host → widget: which band of the frame is on screen in the host page. */
export const BAND_MESSAGE = 'planvy:band';

/** No real page is this tall; anything beyond is a forged or broken message. */
const MAX_PX = 100_000;

export interface HeightMessage {
  type: typeof HEIGHT_MESSAGE;
  height: number;
  /** The project name, so the host page's iframe gets a meaningful title. */
  title?: string;
}

/**
 * The part of the frame the buyer sees: `top` px below the frame's top edge and `height` px
 * tall, in the frame's CSS pixels. The widget places every overlay inside it.
 */
export interface Band {
  top: number;
  height: number;
}

export interface BandMessage extends Band {
  type: typeof BAND_MESSAGE;
}

const isRecord = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null;
const isPx = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < MAX_PX;

export function isHeightMessage(data: unknown): data is HeightMessage {
  return (
    isRecord(data) &&
    data.type === HEIGHT_MESSAGE &&
    isPx(data.height) &&
    data.height > 0 &&
    (data.title === undefined || (typeof data.title === 'string' && data.title.length <= 200))
  );
}

export function isBandMessage(data: unknown): data is BandMessage {
  return isRecord(data) && data.type === BAND_MESSAGE && isPx(data.top) && isPx(data.height);
}

/**
 * The band of a frame that lies in the host's viewport. The frame's top edge is `frameTop` px
 * below the top of the viewport (negative once scrolled past), the frame is `frameHeight` px
 * tall and the viewport `viewportHeight`. Whole pixels; height 0 when the frame is off screen.
 */
export function visibleBand(frameTop: number, frameHeight: number, viewportHeight: number): Band {
  const clamp = (v: number) => Math.min(Math.max(v, 0), Math.max(frameHeight, 0));
  const top = Math.round(clamp(-frameTop));
  const bottom = Math.round(clamp(viewportHeight - frameTop));
  return { top, height: Math.max(0, bottom - top) };
}
