import { describe, expect, it } from 'vitest';
import {
  boxToPlan,
  clampView,
  fitOf,
  MAX_SCALE,
  MIN_SCALE,
  panBy,
  parseViewBox,
  previewTransform,
  scaleOf,
  zoomAt,
} from './view-box';

const base = { x: 0, y: 0, w: 1000, h: 500 };

describe('view box', () => {
  it('zooms keeping the point under the pointer in place', () => {
    const view = zoomAt(base, base, 2, 250, 100);
    expect(scaleOf(view, base)).toBe(2);
    // (250, 100) is at the same share of the view as before: 25 % across, 20 % down.
    expect((250 - view.x) / view.w).toBeCloseTo(0.25);
    expect((100 - view.y) / view.h).toBeCloseTo(0.2);
  });

  it('keeps the scale within its limits', () => {
    expect(scaleOf(zoomAt(base, base, 1000, 500, 250), base)).toBe(MAX_SCALE);
    expect(scaleOf(zoomAt(base, base, 0.001, 500, 250), base)).toBe(MIN_SCALE);
  });

  it('pans, but never so far that the centre leaves the plan', () => {
    const zoomed = zoomAt(base, base, 4, 500, 250);
    const moved = panBy(zoomed, base, 100, 0);
    expect(moved.x).toBeCloseTo(zoomed.x - 100);
    const far = panBy(zoomed, base, 10_000, 10_000);
    expect(far.x + far.w / 2).toBe(0);
    expect(far.y + far.h / 2).toBe(0);
  });

  it('clamps a view to the same aspect as the plan', () => {
    expect(clampView({ x: 0, y: 0, w: 500, h: 999 }, base).h).toBe(250);
  });

  it('reads viewBox, else plain width and height, else nothing', () => {
    expect(parseViewBox('0 0 800 600', null, null)).toEqual({ x: 0, y: 0, w: 800, h: 600 });
    expect(parseViewBox('-10,-5,20,10', null, null)).toEqual({ x: -10, y: -5, w: 20, h: 10 });
    expect(parseViewBox(null, '800px', '600')).toEqual({ x: 0, y: 0, w: 800, h: 600 });
    expect(parseViewBox('0 0 0 0', '100%', '100%')).toBeNull();
  });
});

describe('screen and plan', () => {
  // A 1000 × 500 plan in an 800 × 600 box: 0.8 px per unit, letterboxed 100 px top and bottom.
  it('fits the view into its box as "xMidYMid meet" does', () => {
    expect(fitOf(base, 800, 600)).toEqual({ scale: 0.8, x: 0, y: 100 });
    expect(boxToPlan(base, 800, 600, 400, 300)).toEqual({ x: 500, y: 250 });
    expect(boxToPlan(base, 800, 600, 0, 100)).toEqual({ x: 0, y: 0 });
  });

  it('previews a zoom with a transform that puts every plan point where the new view will draw it', () => {
    const target = zoomAt(base, base, 3, 250, 100);
    const [, tx, ty, k] = /translate\((.+)px, (.+)px\) scale\((.+)\)/
      .exec(previewTransform(base, target, 800, 600))!
      .map(Number);
    for (const p of [
      { x: 250, y: 100 },
      { x: 600, y: 300 },
    ]) {
      const from = fitOf(base, 800, 600);
      const screen = { x: from.x + (p.x - base.x) * from.scale, y: from.y + (p.y - base.y) * from.scale };
      const moved = { x: tx! + k! * screen.x, y: ty! + k! * screen.y };
      const back = boxToPlan(target, 800, 600, moved.x, moved.y);
      expect(back.x).toBeCloseTo(p.x);
      expect(back.y).toBeCloseTo(p.y);
    }
  });
});
