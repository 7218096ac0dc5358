import { describe, expect, it } from 'vitest';
import { labelSvgSchema } from '@planvy/shared';
import { defaultLabelOrigin, LABEL_BOX, labelGeometry, moveLabel, parseLabelSvg } from './label-box';

describe('building label box (spec §9)', () => {
  it('is the text plus 26 wide and the font size plus 14 high, text 6 from the top', () => {
    const g = labelGeometry(100, 200, 120, 45);
    expect(g).toMatchObject({ x: 100, y: 200, width: 146, height: 59 });
    expect(g.textX).toBe(100 + LABEL_BOX.padLeft);
    // The baseline: 6 of padding plus the text's ascent.
    expect(g.textY).toBeCloseTo(200 + 6 + 45 * 0.8);
    // The text sits in the middle horizontally: equal room on both sides.
    expect(g.textX - g.x).toBe(g.x + g.width - (g.textX + 120));
  });

  it('is valid label_svg for the API', () => {
    expect(labelSvgSchema.safeParse(labelGeometry(1.234, 2, 50.5, 45)).success).toBe(true);
  });

  it('moves box and text together', () => {
    const g = labelGeometry(0, 0, 100, 40);
    expect(moveLabel(g, 10, -5)).toEqual({
      ...g,
      x: 10,
      y: -5,
      textX: g.textX + 10,
      textY: g.textY - 5,
    });
  });

  it('reads stored positions and treats malformed ones as never placed', () => {
    const g = labelGeometry(5, 6, 7, 8);
    expect(parseLabelSvg(JSON.stringify(g))).toEqual(g);
    expect(parseLabelSvg('')).toBeNull();
    expect(parseLabelSvg('{"x":1}')).toBeNull();
    expect(parseLabelSvg('not json')).toBeNull();
  });

  it('stacks unplaced labels down the top-left corner without overlap', () => {
    const base = { x: 10, y: 20, w: 1000, h: 1000 };
    const first = defaultLabelOrigin(base, 0, 45);
    const second = defaultLabelOrigin(base, 1, 45);
    expect(first.x).toBe(second.x);
    expect(second.y - first.y).toBeGreaterThan(45 + LABEL_BOX.extraHeight);
    expect(first.x).toBeGreaterThan(base.x);
  });
});
