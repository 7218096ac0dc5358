import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  BLACK,
  contrastRatio,
  deltaE2000,
  DISTINCT_DELTA_E,
  parseColor,
  readableText,
  toHex,
  WHITE,
  zoneColour,
} from './color-contrast';

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

  it('reads the CSS colour names and transparent', () => {
    expect(parseColor('red')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(parseColor(' RebeccaPurple ')).toEqual({ r: 102, g: 51, b: 153, a: 1 });
    expect(parseColor('transparent')?.a).toBe(0);
  });

  it('refuses keywords and nonsense', () => {
    for (const v of [
      'inherit',
      'currentcolor',
      'constructor',
      '__proto__',
      '#12',
      'rgb(1,2)',
      'rgb(a,b,c)',
      '',
    ])
      expect(parseColor(v)).toBeNull();
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

describe('readableText', () => {
  it('keeps a chosen text colour that reads, and otherwise takes black or white', () => {
    expect(readableText(c('#803c3c'), c('#ffffff'))).toEqual(c('#ffffff'));
    expect(readableText(c('#803c3c'), c('#5a2020'))).toBe(WHITE);
    expect(readableText(c('#ffff66'), c('#ffffff'))).toBe(BLACK);
    expect(readableText(c('#10b74d'))).toBe(BLACK);
    // Translucent fills are drawn over white.
    expect(readableText(c('rgba(0, 0, 0, 0.1)'))).toBe(BLACK);
  });

  it('reaches AA on every fill', () => {
    for (let v = 0; v < 256; v++) {
      const fill = { r: v, g: v, b: v, a: 1 };
      expect(contrastRatio(readableText(fill), fill)).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });
});

describe('deltaE2000', () => {
  it('is 0 for one colour and 100 from black to white', () => {
    expect(deltaE2000(c('#803c3c'), c('#803c3c'))).toBe(0);
    expect(deltaE2000(BLACK, WHITE)).toBeCloseTo(100, 0);
    expect(deltaE2000(c('#aa4e4e'), c('#10b74d'))).toBeCloseTo(deltaE2000(c('#10b74d'), c('#aa4e4e')), 6);
  });

  it("finds the spec's booked and sold nearly the same at zone opacity, and sold apart from for sale", () => {
    const plan = c('#f4f5f7');
    const zone = (hex: string) => zoneColour(c(hex), 0.55, plan);
    expect(deltaE2000(zone('#aa4e4e'), zone('#803c3c'))).toBeLessThan(DISTINCT_DELTA_E);
    expect(deltaE2000(zone('#10b74d'), zone('#803c3c'))).toBeGreaterThan(DISTINCT_DELTA_E);
    // Fully opaque they are further apart than at zone opacity.
    expect(deltaE2000(c('#aa4e4e'), c('#803c3c'))).toBeGreaterThan(
      deltaE2000(zone('#aa4e4e'), zone('#803c3c')),
    );
  });
});

describe('zoneColour and toHex', () => {
  it('paints the fill at the zone opacity over the background', () => {
    expect(toHex(zoneColour(c('#000000'), 0.5, WHITE))).toBe('#808080');
    expect(toHex(zoneColour(c('#ff0000'), 1, WHITE))).toBe('#ff0000');
    expect(toHex(zoneColour(c('rgba(255, 0, 0, 0)'), 1, c('#0000ff')))).toBe('#0000ff');
  });
});
