import type { PublicSunStudy } from '@planvy/shared/public-view';

/** The player is the dialog's width: the whole screen on phones, at most 1,100 px on desktops. */
export const PLAYER_SIZES = '(min-width: 1140px) 1100px, 100vw';

export interface ImageSources {
  /** WebP copies for a <source>, when the upload had another format too. */
  webp: string | null;
  /** srcset of the <img>: the upload's own format, or WebP when that is all there is. */
  srcset: string;
  /** The <img> src for browsers without srcset: the widest copy of the fallback format. */
  src: string;
}

const srcset = (list: PublicSunStudy['sources']) => list.map((s) => `${s.url} ${s.width}w`).join(', ');

/** What <picture> needs for one sun-study image; the browser picks the width it needs. */
export function imageSources(item: PublicSunStudy): ImageSources {
  const sorted = [...item.sources].sort((a, b) => a.width - b.width);
  const webp = sorted.filter((s) => s.type === 'image/webp');
  const other = sorted.filter((s) => s.type !== 'image/webp');
  const fallback = other.length ? other : webp;
  return {
    webp: other.length && webp.length ? srcset(webp) : null,
    srcset: srcset(fallback),
    src: fallback[fallback.length - 1]?.url ?? item.url,
  };
}

/**
 * A horizontal swipe: -1 (to the left, so the next item), 1 (to the right, the previous)
 * or 0 when the finger moved too little or mostly up and down (the page scrolls then).
 */
export function swipeDirection(dx: number, dy: number, threshold = 40): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? -1 : 1;
}
