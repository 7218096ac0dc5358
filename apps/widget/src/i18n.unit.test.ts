import { describe, expect, it } from 'vitest';
import { CALC_DICTIONARIES } from './calculator/calc-i18n';
import { INTEREST_DICTIONARIES } from './components/interest-i18n';
import { DICTIONARIES, translator } from './i18n';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each([
  ['the widget', DICTIONARIES],
  ['the cost calculator', CALC_DICTIONARIES],
  ['the interest form', INTEREST_DICTIONARIES],
] as const)('dictionaries of %s', (_, DICTIONARIES) => {
  it('Swedish and English have the same keys, none empty', () => {
    const sv = Object.keys(DICTIONARIES.sv).sort();
    const en = Object.keys(DICTIONARIES.en).sort();
    expect(en).toEqual(sv);
    for (const lang of ['sv', 'en'] as const) {
      for (const [key, text] of Object.entries(DICTIONARIES[lang]))
        expect(text.trim(), `${lang}.${key}`).not.toBe('');
    }
  });

  it('every text has the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(DICTIONARIES.sv)) {
      expect(placeholders(DICTIONARIES.en[key as keyof typeof DICTIONARIES.en]), key).toEqual(
        placeholders(text),
      );
    }
  });
});

describe('translator', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translator('sv')('showing', { shown: 3, total: 12 })).toBe('Visar 3 av 12');
    expect(translator('en')('building', { label: 'B' })).toBe('Building B');
    expect(translator('sv')('building')).toBe('Hus {label}');
  });
});
