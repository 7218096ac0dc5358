import { describe, expect, it } from 'vitest';
import type { ImportRow } from '@planvy/shared';
import { importColumns, importValueText, type ImportValueFormat } from './import-values';

const sv: ImportValueFormat = { type: 'sale', lang: 'sv', currency: 'kr', yes: 'Ja', no: 'Nej' };
const row = (values: ImportRow['values']): ImportRow => ({
  line: 2,
  bostad: '1',
  kind: 'new',
  changes: [],
  values,
  before: {},
  missing_building_number: null,
  errors: {},
});

describe('import preview values', () => {
  it('shows the fields any row writes, in the CSV column order', () => {
    const rows = [row({ status: 'sold', floor: '2' }), row({ price: 1, building_number_id: 'A' })];
    expect(importColumns(rows)).toEqual(['floor', 'price', 'status', 'building_number_id']);
  });

  it('writes values as the table does: amounts with units, statuses by label, flags in words', () => {
    const text = (field: string, value: ImportRow['values'][string], format = sv) =>
      importValueText(field, value, format).replace(/\u00a0/g, ' ');
    expect(text('price', 1995000)).toBe('1 995 000 kr');
    expect(text('square', 70.5)).toBe('70,5 m²');
    expect(text('status', 'sold')).toBe('Såld');
    expect(text('status', 'sale', { ...sv, type: 'rental', lang: 'en' })).toBe('Available');
    expect(text('inactive', true)).toBe('Ja');
    expect(text('info', ['https://x.se/a.pdf', 'https://x.se/b.pdf'])).toBe(
      'https://x.se/a.pdf, https://x.se/b.pdf',
    );
    expect(text('floor', '')).toBe('–');
    expect(text('fee', null)).toBe('–');
    expect(text('building_number_id', 'Hus 2')).toBe('Hus 2');
  });
});
