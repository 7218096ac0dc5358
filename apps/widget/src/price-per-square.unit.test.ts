import { describe, expect, it } from 'vitest';
import { pricePerSquare } from './price-per-square';

describe('pricePerSquare', () => {
  it('rounds price over area to whole units', () => {
    expect(pricePerSquare({ price: 2_450_000, square: 55.5, inactive: false })).toBe(44144);
  });
  it('is null without a price or an area, for inactive apartments and for rent', () => {
    expect(pricePerSquare({ price: null, square: 50, inactive: false })).toBeNull();
    expect(pricePerSquare({ price: 1_000_000, square: null, inactive: false })).toBeNull();
    expect(pricePerSquare({ price: 1_000_000, square: 0, inactive: false })).toBeNull();
    expect(pricePerSquare({ price: 1_000_000, square: 50, inactive: true })).toBeNull();
    expect(pricePerSquare({ price: 9000, square: 50, inactive: false }, true)).toBeNull();
  });
});
