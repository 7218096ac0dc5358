import { describe, expect, it } from 'vitest';
import { clampView, MAX_SCALE, panBy, parseViewBox, scaleOf, zoomAt } from './pan-zoom';

const base = { x: 0, y: 0, w: 400, h: 300 };

describe('pan and zoom', () => {
  it('zooms about a point, keeping that point in place', () => {
    const v = zoomAt(base, base, 2, 100, 75);
    expect(v).toEqual({ x: 50, y: 37.5, w: 200, h: 150 });
    // The point's relative position in the view is unchanged.
    expect((100 - v.x) / v.w).toBeCloseTo(100 / 400);
  });

  it('never zooms out past the whole plan nor in past the maximum', () => {
    expect(zoomAt(base, base, 0.2, 10, 10)).toEqual(base);
    const deep = zoomAt(base, base, 1000, 200, 150);
    expect(scaleOf(deep, base)).toBe(MAX_SCALE);
  });

  it('pans by plan units and keeps the view centre on the plan', () => {
    const v = zoomAt(base, base, 2, 200, 150);
    expect(panBy(v, base, 10, -5)).toEqual({ x: v.x - 10, y: v.y + 5, w: v.w, h: v.h });
    const far = panBy(v, base, -10_000, -10_000);
    expect(far.x + far.w / 2).toBe(400);
    expect(far.y + far.h / 2).toBe(300);
    expect(clampView({ ...base, x: 50 }, base)).toEqual(base);
  });

  it('reads viewBox, or plain width and height, but not percentages', () => {
    expect(parseViewBox('0 0 10 20', null, null)).toEqual({ x: 0, y: 0, w: 10, h: 20 });
    expect(parseViewBox('-5,-5,10,10', null, null)).toEqual({ x: -5, y: -5, w: 10, h: 10 });
    expect(parseViewBox(null, '800px', '600')).toEqual({ x: 0, y: 0, w: 800, h: 600 });
    expect(parseViewBox(null, '100%', '100%')).toBeNull();
    expect(parseViewBox('0 0 0 10', null, null)).toBeNull();
  });
});
