import { describe, expect, it } from 'vitest';
import { adjustedPrice, previewPriceChange } from './price-adjust';

describe('adjustedPrice', () => {
  it('raises by a percentage and rounds to the nearest step', () => {
    // 2 495 000 × 1.03 = 2 569 850 → nearest 10 000 is 2 570 000.
    expect(adjustedPrice(2_495_000, { field: 'price', kind: 'percent', value: 3, round_to: 10000 })).toBe(
      2_570_000,
    );
    // 2 495 000 × 0.95 = 2 370 250 → nearest 1 000 is 2 370 000.
    expect(adjustedPrice(2_495_000, { field: 'price', kind: 'percent', value: -5, round_to: 1000 })).toBe(
      2_370_000,
    );
  });

  it('adds an amount, sets one, never goes below zero, and leaves no value as none', () => {
    expect(adjustedPrice(3_500, { field: 'fee', kind: 'amount', value: 150, round_to: 1 })).toBe(3_650);
    expect(adjustedPrice(100_000, { field: 'price', kind: 'amount', value: -250_000, round_to: 1 })).toBe(0);
    expect(adjustedPrice(null, { field: 'price', kind: 'percent', value: 10, round_to: 1 })).toBeNull();
    expect(adjustedPrice(null, { field: 'price', kind: 'set', value: 1_995_000, round_to: 1000 })).toBe(
      1_995_000,
    );
  });
});

describe('previewPriceChange', () => {
  it('lists every apartment before and after, and which would change', () => {
    const preview = previewPriceChange(
      [
        { id: 1, price: 1_000_000, fee: 3000 },
        { id: 2, price: null, fee: 2000 },
        { id: 3, price: 999_999, fee: null },
      ],
      { field: 'price', kind: 'percent', value: 0, round_to: 1000 },
    );
    expect(preview.rows).toEqual([
      { id: 1, before: 1_000_000, after: 1_000_000 },
      { id: 2, before: null, after: null },
      { id: 3, before: 999_999, after: 1_000_000 },
    ]);
    expect(preview.changed.map((r) => r.id)).toEqual([3]);
  });
});
