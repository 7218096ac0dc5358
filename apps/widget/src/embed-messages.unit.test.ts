import { describe, expect, it } from 'vitest';
import { isBandMessage, isHeightMessage, visibleBand } from './embed-messages';

describe('isHeightMessage', () => {
  it('accepts only a sane height message', () => {
    expect(isHeightMessage({ type: 'planvy:height', height: 812 })).toBe(true);
    expect(isHeightMessage({ type: 'planvy:height', height: 812, title: 'Kv. Eken' })).toBe(true);
    expect(isHeightMessage({ type: 'planvy:height', height: 812, title: 'x'.repeat(201) })).toBe(false);
    expect(isHeightMessage({ type: 'planvy:height', height: 812, title: 5 })).toBe(false);
    expect(isHeightMessage({ type: 'planvy:height', height: '812' })).toBe(false);
    expect(isHeightMessage({ type: 'planvy:height', height: 0 })).toBe(false);
    expect(isHeightMessage({ type: 'planvy:height', height: Infinity })).toBe(false);
    expect(isHeightMessage({ type: 'planvy:height', height: 1e9 })).toBe(false);
    expect(isHeightMessage({ type: 'other', height: 100 })).toBe(false);
    expect(isHeightMessage(null)).toBe(false);
  });
});

describe('isBandMessage', () => {
  it('accepts a band of whole or fractional pixels, the empty band included', () => {
    expect(isBandMessage({ type: 'planvy:band', top: 1200, height: 800 })).toBe(true);
    expect(isBandMessage({ type: 'planvy:band', top: 0, height: 0 })).toBe(true);
    expect(isBandMessage({ type: 'planvy:band', top: 12.5, height: 640.25 })).toBe(true);
  });

  it('refuses anything else: other types, missing, negative, huge or non-numeric values', () => {
    for (const data of [
      null,
      'planvy:band',
      [1, 2],
      { type: 'planvy:height', top: 0, height: 800 },
      { type: 'planvy:band', top: 0 },
      { type: 'planvy:band', height: 800 },
      { type: 'planvy:band', top: -1, height: 800 },
      { type: 'planvy:band', top: 0, height: -800 },
      { type: 'planvy:band', top: '0', height: 800 },
      { type: 'planvy:band', top: 0, height: NaN },
      { type: 'planvy:band', top: Infinity, height: 800 },
      { type: 'planvy:band', top: 0, height: 1e6 },
    ])
      expect(isBandMessage(data), JSON.stringify(data)).toBe(false);
  });
});

describe('visibleBand', () => {
  // A 3,000 px frame in an 800 px viewport.
  const band = (frameTop: number) => visibleBand(frameTop, 3000, 800);

  it('is the top of the frame while the frame starts on screen', () => {
    expect(band(0)).toEqual({ top: 0, height: 800 });
    expect(band(300)).toEqual({ top: 0, height: 500 });
  });

  it('follows the viewport down the frame as the host page scrolls', () => {
    expect(band(-1200)).toEqual({ top: 1200, height: 800 });
    expect(band(-2500)).toEqual({ top: 2500, height: 500 });
  });

  it('is empty while the frame is below or above the viewport', () => {
    expect(band(800)).toEqual({ top: 0, height: 0 });
    expect(band(2000)).toEqual({ top: 0, height: 0 });
    expect(band(-3000)).toEqual({ top: 3000, height: 0 });
    expect(band(-5000)).toEqual({ top: 3000, height: 0 });
  });

  it('is the whole frame when the frame is shorter than the viewport', () => {
    expect(visibleBand(100, 500, 844)).toEqual({ top: 0, height: 500 });
  });

  it('gives whole pixels', () => {
    expect(visibleBand(-100.4, 3000, 800.6)).toEqual({ top: 100, height: 801 });
  });
});
