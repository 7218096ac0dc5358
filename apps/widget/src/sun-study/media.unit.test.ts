import { describe, expect, it } from 'vitest';
import type { PublicSunStudy } from '@planvy/shared/public-view';
import { imageSources, swipeDirection } from './media';

const item = (sources: PublicSunStudy['sources']): PublicSunStudy => ({
  id: 1,
  label: '21 juni 09:00',
  kind: 'image',
  url: '/projects/1/sunstudy/1/h/a.jpg',
  type: 'image/jpeg',
  width: 2000,
  height: 1000,
  sources,
});

describe('imageSources', () => {
  it('offers WebP in a <source> and the original format in the <img>, narrowest first', () => {
    const s = imageSources(
      item([
        { url: '/w1280.webp', width: 1280, type: 'image/webp' },
        { url: '/w320.jpg', width: 320, type: 'image/jpeg' },
        { url: '/w320.webp', width: 320, type: 'image/webp' },
        { url: '/w1280.jpg', width: 1280, type: 'image/jpeg' },
      ]),
    );
    expect(s).toEqual({
      webp: '/w320.webp 320w, /w1280.webp 1280w',
      srcset: '/w320.jpg 320w, /w1280.jpg 1280w',
      src: '/w1280.jpg',
    });
  });

  it('uses the WebP copies in the <img> when the upload was WebP, and the upload itself without copies', () => {
    expect(imageSources(item([{ url: '/a.webp', width: 300, type: 'image/webp' }]))).toEqual({
      webp: null,
      srcset: '/a.webp 300w',
      src: '/a.webp',
    });
    expect(imageSources(item([]))).toEqual({ webp: null, srcset: '', src: '/projects/1/sunstudy/1/h/a.jpg' });
  });
});

describe('swipeDirection', () => {
  it('reads a clear horizontal move as a swipe: left is next (-1), right is previous (1)', () => {
    expect(swipeDirection(-120, 10)).toBe(-1);
    expect(swipeDirection(80, -20)).toBe(1);
  });

  it('ignores short moves and mostly vertical ones, which scroll the page', () => {
    expect(swipeDirection(-30, 0)).toBe(0);
    expect(swipeDirection(-60, 50)).toBe(0);
    expect(swipeDirection(0, 300)).toBe(0);
  });
});
