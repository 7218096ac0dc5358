import { describe, expect, it } from 'vitest';
import { APARTMENT_FIELDS, CSV_FIELDS } from '@planvy/shared';
import en from '../../locales/en/apartments.json';
import sv from '../../locales/sv/apartments.json';

describe('apartment field labels', () => {
  it('names every catalogue field the form edits and every CSV column, in Swedish and English', () => {
    const names = [
      ...APARTMENT_FIELDS.filter((f) => f.kind !== 'plans').map((f) => f.key),
      ...CSV_FIELDS.map((c) => c.key),
    ];
    for (const labels of [sv.fields, en.fields]) {
      for (const name of names) expect((labels as Record<string, string>)[name], name).toBeTruthy();
    }
  });
});
