import { describe, expect, it } from 'vitest';
import { currencyLabel, formatArea, formatMoney } from './format';

describe('format', () => {
  it('formats money with the project currency in the visitor language', () => {
    expect(formatMoney(2_450_000, 'kr', 'sv')).toMatch(/^2\s450\s000 kr$/);
    expect(formatMoney(2_450_000, 'sek', 'en')).toBe('2,450,000 SEK');
    expect(formatMoney(null, 'kr', 'sv')).toBeNull();
    expect(currencyLabel('SEK')).toBe('SEK');
    expect(currencyLabel('anything')).toBe('kr');
  });

  it('formats areas with at most one decimal', () => {
    expect(formatArea(55.55, 'sv')).toBe('55,6 m²');
    expect(formatArea(72, 'en')).toBe('72 m²');
    expect(formatArea(null, 'en')).toBeNull();
  });
});
