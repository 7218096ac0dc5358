import { describe, expect, it } from 'vitest';
import {
  boxToPlan,
  clampView,
  EDITOR_VIEW,
  fitOf,
  formatViewBox,
  panBy,
  parseViewBox,
  previewTransform,
  scaleOf,
  VIEWER_VIEW,
  viewForKey,
  wheelZoomFactor,
  zoomAt,
  zoomCentre,
  ZOOM_STEP,
} from './view-box';

const base = { x: 0, y: 0, w: 1000, h: 500 };

describe('view box', () => {
  it('zooms keeping the point under the pointer in place, in both apps', () => {
    for (const limits of [EDITOR_VIEW, VIEWER_VIEW]) {
      const view = zoomAt(base, base, 2, 250, 100, limits);
      expect(scaleOf(view, base)).toBe(2);
      // (250, 100) is at the same share of the view as before: 25 % across, 20 % down.
      expect((250 - view.x) / view.w).toBeCloseTo(0.25);
      expect((100 - view.y) / view.h).toBeCloseTo(0.2);
    }
  });

  it('keeps the scale within each app’s limits', () => {
    expect(scaleOf(zoomAt(base, base, 1000, 500, 250, EDITOR_VIEW), base)).toBe(EDITOR_VIEW.maxScale);
    expect(scaleOf(zoomAt(base, base, 0.001, 500, 250, EDITOR_VIEW), base)).toBe(EDITOR_VIEW.minScale);
    expect(scaleOf(zoomAt(base, base, 1000, 500, 250, VIEWER_VIEW), base)).toBe(VIEWER_VIEW.maxScale);
    // The widget never shows less than the whole plan, and then exactly the plan.
    expect(zoomAt(zoomAt(base, base, 3, 900, 400, VIEWER_VIEW), base, 0.001, 10, 10, VIEWER_VIEW)).toEqual(
      base,
    );
  });

  it('the editor pans until the view’s centre reaches the plan’s edge (room to draw there)', () => {
    const zoomed = zoomAt(base, base, 4, 500, 250, EDITOR_VIEW);
    expect(panBy(zoomed, base, 100, 0, EDITOR_VIEW).x).toBeCloseTo(zoomed.x - 100);
    const far = panBy(zoomed, base, 10_000, 10_000, EDITOR_VIEW);
    expect(far.x + far.w / 2).toBe(0);
    expect(far.y + far.h / 2).toBe(0);
  });

  it('the widget pans until the view’s edge reaches the plan’s edge, never beyond', () => {
    const zoomed = zoomAt(base, base, 4, 500, 250, VIEWER_VIEW);
    const far = panBy(zoomed, base, 10_000, 10_000, VIEWER_VIEW);
    expect(far).toMatchObject({ x: 0, y: 0 });
    const other = panBy(zoomed, base, -10_000, -10_000, VIEWER_VIEW);
    expect(other.x + other.w).toBe(1000);
    expect(other.y + other.h).toBe(500);
  });

  it('clamps a view to the plan’s aspect', () => {
    expect(clampView({ x: 0, y: 0, w: 500, h: 999 }, base, EDITOR_VIEW).h).toBe(250);
  });

  it('steps with keys and buttons, and the wheel by its delta and unit', () => {
    expect(scaleOf(zoomCentre(base, base, ZOOM_STEP, VIEWER_VIEW), base)).toBeCloseTo(ZOOM_STEP);
    expect(viewForKey('0', zoomCentre(base, base, 3, EDITOR_VIEW), base, EDITOR_VIEW)).toEqual(base);
    const zoomed = zoomCentre(base, base, 2, EDITOR_VIEW);
    expect(viewForKey('ArrowLeft', zoomed, base, EDITOR_VIEW)!.x).toBeCloseTo(zoomed.x - zoomed.w * 0.1);
    expect(viewForKey('x', zoomed, base, EDITOR_VIEW)).toBeNull();
    expect(wheelZoomFactor(-100, 0)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100, 0)).toBeLessThan(1);
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48, 0));
  });

  it('reads viewBox, else plain width and height, else nothing; writes it rounded', () => {
    expect(parseViewBox('0 0 800 600', null, null)).toEqual({ x: 0, y: 0, w: 800, h: 600 });
    expect(parseViewBox('-10,-5,20,10', null, null)).toEqual({ x: -10, y: -5, w: 20, h: 10 });
    expect(parseViewBox(null, '800px', '600')).toEqual({ x: 0, y: 0, w: 800, h: 600 });
    expect(parseViewBox('0 0 0 0', '100%', '100%')).toBeNull();
    expect(formatViewBox({ x: 1 / 3, y: 0, w: 10, h: 2.00049 })).toBe('0.333 0 10 2');
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
    const target = zoomAt(base, base, 3, 250, 100, EDITOR_VIEW);
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
