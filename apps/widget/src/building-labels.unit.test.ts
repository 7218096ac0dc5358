import { describe, expect, it } from 'vitest';
import { centredLabel, parseLabelSvg } from './building-labels';

describe('building labels', () => {
  it('reads the admin-placed position', () => {
    expect(parseLabelSvg('{"x":10,"y":20,"width":80,"height":40,"textX":34,"textY":46}')).toEqual({
      x: 10,
      y: 20,
      width: 80,
      height: 40,
      textX: 34,
      textY: 46,
      anchor: 'start',
    });
  });

  it('ignores a missing or malformed position', () => {
    expect(parseLabelSvg('')).toBeNull();
    expect(parseLabelSvg('{"x":1}')).toBeNull();
    expect(parseLabelSvg('{"x":"1","y":2,"width":3,"height":4,"textX":5,"textY":6}')).toBeNull();
    expect(parseLabelSvg('not json')).toBeNull();
  });

  it('centres a default label on a point, padded 26 wide and 14 high (spec §9)', () => {
    const g = centredLabel('Hus A', 20, 100, 50);
    expect(g.width).toBeCloseTo(5 * 20 * 0.6 + 26);
    expect(g.height).toBe(34);
    expect(g.x + g.width / 2).toBeCloseTo(100);
    expect(g.y + g.height / 2).toBeCloseTo(50);
    expect(g.anchor).toBe('middle');
  });
});
