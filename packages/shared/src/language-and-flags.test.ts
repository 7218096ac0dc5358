import { describe, expect, it } from 'vitest';
import { isOn } from './flags';
import { isLanguage, languageOf } from './language';

describe('languageOf', () => {
  it('reads sv and en in any case, and anything else as Swedish', () => {
    expect(['sv', 'en', 'EN', 'Sv'].map(languageOf)).toEqual(['sv', 'en', 'en', 'sv']);
    for (const v of ['de', 'en-GB', '', null, undefined, 1, ['en']]) expect(languageOf(v)).toBe('sv');
  });

  it('takes only the exact codes as languages', () => {
    expect([isLanguage('sv'), isLanguage('en'), isLanguage('EN'), isLanguage('')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('isOn', () => {
  it("is on only for '1'", () => {
    const flags: Record<string, string> = { a: '1', b: '0', c: 'true', d: '' };
    expect(['a', 'b', 'c', 'd', 'missing'].map((name) => isOn(flags, name))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
