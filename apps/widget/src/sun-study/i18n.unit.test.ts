import { describe, expect, it } from 'vitest';
import { PLAYER_TEXTS, playerText } from './i18n';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('player texts', () => {
  it('has every key in Swedish and English, none empty, with the same placeholders', () => {
    expect(Object.keys(PLAYER_TEXTS.en).sort()).toEqual(Object.keys(PLAYER_TEXTS.sv).sort());
    for (const [key, text] of Object.entries(PLAYER_TEXTS.sv)) {
      const en = PLAYER_TEXTS.en[key as keyof typeof PLAYER_TEXTS.en];
      expect(text.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      expect(placeholders(en), key).toEqual(placeholders(text));
    }
  });

  it('fills placeholders', () => {
    expect(playerText('sv')('stepNamed', { label: '21 juni 09:00', n: 2, total: 5 })).toBe(
      '21 juni 09:00 (2 av 5)',
    );
    expect(playerText('en')('step', { n: 1, total: 3 })).toBe('1 of 3');
  });
});
