import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ONLY_APARTMENT_FIELDS,
  AMOUNT_FIELDS,
  APARTMENT_FIELDS,
  CSV_FIELDS,
  csvKeyOfHeader,
  HIDDEN_WHEN_INACTIVE,
  isColumnShown,
  isFieldShown,
  normaliseCsvHeader,
  PUBLIC_FIELDS,
  shownValue,
  TABLE_FIELDS,
  withShownAmounts,
} from './apartment-fields';
import { apartmentFieldsSchema } from './apartments';
import { defaultProjectSettings } from './projects';
import { publicApartmentSchema } from './public-view';
import { APARTMENT_LINK_MESSAGE } from './web-links';

describe('apartment field catalogue', () => {
  it('has one entry per field, and every field but the zone links has Swedish and English CSV headers', () => {
    const keys = APARTMENT_FIELDS.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(APARTMENT_FIELDS.filter((f) => !('csv' in f)).map((f) => f.key)).toEqual(['file_name']);
    for (const c of CSV_FIELDS) {
      expect(c.sv.trim(), c.key).not.toBe('');
      expect(c.en.trim(), c.key).not.toBe('');
    }
  });

  it('writes the CSV columns of today, in their order', () => {
    expect(CSV_FIELDS.map((c) => c.sv)).toEqual([
      'Bostad',
      'Rum',
      'Våning',
      'Boarea',
      'Pris',
      'Avgift',
      'Trädgård',
      'Status',
      'Inaktiv',
      'Husnummer',
      'Länk',
      'Beskrivning',
      'Informationsfiler',
    ]);
    expect(CSV_FIELDS.map((c) => c.en)).toEqual([
      'Unit',
      'Rooms',
      'Floor',
      'Area',
      'Price',
      'Fee',
      'Garden size',
      'Status',
      'Inactive',
      'Building number',
      'Link',
      'Description',
      'Info files',
    ]);
  });

  it('resolves every header and alias to exactly one column', () => {
    const owners = new Map<string, Set<string>>();
    for (const c of CSV_FIELDS) {
      for (const name of [c.key, c.sv, c.en, ...(c.aliases ?? [])]) {
        const set = owners.get(normaliseCsvHeader(name)) ?? new Set();
        set.add(c.key);
        owners.set(normaliseCsvHeader(name), set);
        expect(csvKeyOfHeader(name)).toBe(c.key);
      }
    }
    for (const [name, set] of owners) expect([...set], name).toHaveLength(1);
  });

  it('reads the headers and aliases people already use', () => {
    const expected: Record<string, string> = {
      fastighetsbeteckning: 'bostad',
      'Tomt NR': 'rooms',
      kvm: 'square',
      square: 'square',
      Size: 'square',
      Trädgårdsstorlek: 'garden_size',
      garden_size: 'garden_size',
      ' building-number ': 'building_number',
      Husnummer: 'building_number',
      INFORMATIONSFILER: 'info',
      // Issue 22: what Swedish spreadsheets call them.
      Tomtnr: 'rooms',
      'Tomt nr.': 'rooms',
      'Boarea (m²)': 'square',
      'Pris (kr)': 'price',
      'Lgh nr': 'bostad',
      Lägenhet: 'bostad',
      Månadsavgift: 'fee',
      Vån: 'floor',
      Hus: 'building_number',
      'Building no.': 'building_number',
    };
    for (const [header, key] of Object.entries(expected)) expect(csvKeyOfHeader(header), header).toBe(key);
    expect(csvKeyOfHeader('building_number_id')).toBeUndefined();
    expect(csvKeyOfHeader('Colour')).toBeUndefined();
  });

  it('derives the lists that were written out by hand before', () => {
    expect(AMOUNT_FIELDS).toEqual(['square', 'price', 'fee', 'garden_size']);
    expect(ADMIN_ONLY_APARTMENT_FIELDS).toEqual(['building_number_id', 'file_name']);
    expect(HIDDEN_WHEN_INACTIVE).toEqual(['price', 'fee']);
    expect(TABLE_FIELDS).toEqual([
      'bostad',
      'rooms',
      'floor',
      'square',
      'price',
      'fee',
      'garden_size',
      'status',
      'building_number_id',
    ]);
  });

  it('validates exactly the catalogue fields, and sends buyers exactly its public ones', () => {
    expect(Object.keys(apartmentFieldsSchema.shape).sort()).toEqual(
      APARTMENT_FIELDS.map((f) => f.key).sort(),
    );
    expect(PUBLIC_FIELDS.map((f) => f.name).sort()).toEqual(
      Object.keys(publicApartmentSchema.shape)
        // price_before is derived from the price history, not a field of the catalogue.
        .filter((k) => k !== 'id' && k !== 'price_before')
        .sort(),
    );
  });

  it('keeps the schema messages of each kind', () => {
    const issues = (input: Record<string, unknown>) =>
      Object.fromEntries(
        (apartmentFieldsSchema.safeParse(input).error?.issues ?? []).map((i) => [
          String(i.path[0]),
          i.message,
        ]),
      );
    expect(
      issues({
        square: 'many',
        price: -1,
        status: 'gone',
        inactive: 'maybe',
        info: 'x',
        link: 'javascript:1',
      }),
    ).toMatchObject({
      square: 'Must be a number',
      price: 'Must not be negative',
      status: 'Unknown status',
      inactive: 'Must be 1 or 0',
      info: 'Must be a list of {url}',
    });
    expect(issues({ link: 'javascript:alert(1)' }).link).toBe(APARTMENT_LINK_MESSAGE);
    expect(issues({ bostad: 'x'.repeat(101), description: 'x'.repeat(10_000) })).toEqual({
      bostad: expect.any(String),
    });
    expect(
      apartmentFieldsSchema.parse({ garden_size: '1 250,5', building_number_id: '7', inactive: true }),
    ).toEqual({
      garden_size: 1250.5,
      building_number_id: 7,
      inactive: '1',
    });
  });

  it('shows each field where today it shows', () => {
    const settings = (on: Record<string, string> = {}) => ({ ...defaultProjectSettings(), ...on });
    expect(isFieldShown('floor', 'tomter', settings())).toBe(false);
    expect(isFieldShown('floor', 'sale', settings({ hide_floor_column: '1' }))).toBe(true);
    expect(isColumnShown('floor', 'sale', settings({ hide_floor_column: '1' }))).toBe(false);
    expect(isColumnShown('floor', 'rental', settings())).toBe(true);
    expect(isColumnShown('fee', 'sale', settings({ hide_fee_column: '1' }))).toBe(false);
    expect(isFieldShown('fee', 'sale', settings({ hide_fee_column: '1' }))).toBe(true);
    expect(isColumnShown('garden_size', 'sale', settings())).toBe(false);
    expect(isColumnShown('garden_size', 'tomter', settings({ use_garden_size: '1' }))).toBe(true);
    expect(isColumnShown('building_number_id', 'sale', settings())).toBe(false);
    expect(isColumnShown('building_number_id', 'sale', settings({ multi_building: '1' }))).toBe(true);
    expect(isColumnShown('price', 'tomter', settings())).toBe(true);
  });

  it('hides price and fee of an inactive apartment, in either form inactive travels in', () => {
    for (const inactive of [true, '1'] as const) {
      const a = { inactive, price: 100, fee: 10, square: 50 };
      expect([shownValue(a, 'price'), shownValue(a, 'fee'), shownValue(a, 'square')]).toEqual([
        null,
        null,
        50,
      ]);
      expect(withShownAmounts(a)).toEqual({ inactive, price: null, fee: null, square: 50 });
    }
    for (const inactive of [false, '0'] as const) {
      const a = { inactive, price: 100, fee: 10 };
      expect([shownValue(a, 'price'), shownValue(a, 'fee')]).toEqual([100, 10]);
      expect(withShownAmounts(a)).toBe(a);
    }
  });

  it('stays free of zod, so the widget can import it', () => {
    const source = readFileSync(new URL('./apartment-fields.ts', import.meta.url), 'utf8');
    const imports = source.split('\n').filter((line) => line.startsWith('import '));
    expect(imports.length).toBeGreaterThan(0);
    // Types from anywhere; values only from the zod-free flags module.
    for (const line of imports) expect(line).toMatch(/^import type |^import \{ isOn \} from '\.\/flags';$/);
  });
});
