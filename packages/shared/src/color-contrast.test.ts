import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor } from './color-contrast';

const c = (v: string) => parseColor(v)!;

describe('parseColor', () => {
  it('reads hex, rgb and hsl forms', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('#00000080')?.a).toBeCloseTo(0.5, 2);
    expect(parseColor('rgb(10, 20, 30)')).toEqual({ r: 10, g: 20, b: 30, a: 1 });
    expect(parseColor('rgba(10 20 30 / 50%)')).toEqual({ r: 10, g: 20, b: 30, a: 0.5 });
    expect(parseColor('rgb(100%, 0%, 0%)')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    const green = c('hsl(120, 100%, 25%)');
    expect([Math.round(green.r), Math.round(green.g), Math.round(green.b)]).toEqual([0, 128, 0]);
    expect(parseColor('hsla(0deg 100% 50% / 0.25)')?.a).toBe(0.25);
  });

  it('leaves names and nonsense to the caller', () => {
    for (const v of ['red', 'inherit', '#12', 'rgb(1,2)', 'rgb(a,b,c)', '']) expect(parseColor(v)).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('follows WCAG 2', () => {
    expect(contrastRatio(c('#000'), c('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(c('#fff'), c('#fff'))).toBeCloseTo(1, 5);
    expect(contrastRatio(c('#767676'), c('#fff'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(c('#777777'), c('#fff'))).toBeLessThan(4.5);
  });

  it('composites translucent colours', () => {
    // Half-transparent black text on white reads as mid grey.
    expect(contrastRatio(c('rgba(0,0,0,0.5)'), c('#fff'))).toBeCloseTo(
      contrastRatio(c('#808080'), c('#fff')),
      1,
    );
    // A fully transparent background is the white page.
    expect(contrastRatio(c('#000'), c('rgba(0,0,0,0)'))).toBeCloseTo(21, 5);
  });
});
