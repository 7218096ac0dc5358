import { describe, expect, it } from 'vitest';
import { thumbnailBox } from './thumbnail-box';

const plan = { x: 0, y: 0, w: 1000, h: 600 };

describe('thumbnailBox', () => {
  it('frames one zone with a margin of its larger side', () => {
    expect(thumbnailBox([{ x: 400, y: 200, w: 100, h: 50 }], plan)).toEqual({
      x: 385,
      y: 185,
      w: 130,
      h: 80,
    });
  });

  it('frames every zone of an apartment drawn in parts', () => {
    const box = thumbnailBox(
      [
        { x: 100, y: 100, w: 50, h: 50 },
        { x: 250, y: 120, w: 50, h: 80 },
      ],
      plan,
      0,
    );
    expect(box).toEqual({ x: 100, y: 100, w: 200, h: 100 });
  });

  it('stays within the plan, also for a plan whose view box does not start at 0', () => {
    expect(thumbnailBox([{ x: 0, y: 0, w: 100, h: 100 }], plan)).toEqual({ x: 0, y: 0, w: 115, h: 115 });
    const shifted = { x: -50, y: -20, w: 200, h: 100 };
    expect(thumbnailBox([{ x: 100, y: 50, w: 60, h: 40 }], shifted)).toEqual({ x: 91, y: 41, w: 59, h: 39 });
  });

  it('gives nothing for an apartment without a zone or with one outside the plan', () => {
    expect(thumbnailBox([], plan)).toBeNull();
    expect(thumbnailBox([{ x: 2000, y: 0, w: 10, h: 10 }], plan)).toBeNull();
  });
});
