import { describe, expect, it } from 'vitest';
import { defaultProjectSettings, type PublicView } from '@planvy/shared';
import { listColumns } from './list-columns';
import { createWidget } from './widget';

function view(type: PublicView['project']['type'], settings: Record<string, string> = {}): PublicView {
  return {
    project: { id: 1, name: 'P', type },
    settings: { ...defaultProjectSettings(), ...settings },
    styles: [],
    plans: [],
    apartments: [],
    buildings: [],
    sun_study: [],
  };
}

const apartment = {
  id: 1,
  bostad: 'A1',
  rooms: '3',
  floor: '2',
  square: 72.5,
  price: 3_150_000,
  fee: 4100,
  garden_size: 40,
  status: 'sale',
  inactive: false,
  link: '',
  description: '',
  info: [],
  plans: [],
  building: null,
};

const keys = (v: PublicView) => listColumns(createWidget(v, 'sv')).map((c) => c.key);

describe('list columns', () => {
  it('shows every column by default except garden size and building', () => {
    expect(keys(view('sale'))).toEqual([
      'bostad',
      'rooms',
      'floor',
      'square',
      'price',
      'price_per_m2',
      'fee',
      'status',
    ]);
  });

  it('shows the building with multi_building on', () => {
    const v = view('sale', { multi_building: '1' });
    expect(keys(v)).toEqual([
      'bostad',
      'building',
      'rooms',
      'floor',
      'square',
      'price',
      'price_per_m2',
      'fee',
      'status',
    ]);
    const column = listColumns(createWidget(v, 'sv')).find((c) => c.key === 'building')!;
    expect(column.label).toBe('Hus');
    expect(column.cell({ ...apartment, building: 'B' })).toBe('B');
    expect(column.cell(apartment)).toBe('–');
  });

  it('follows hide_floor_column, hide_fee_column and use_garden_size', () => {
    expect(
      keys(view('sale', { hide_floor_column: '1', hide_fee_column: '1', use_garden_size: '1' })),
    ).toEqual(['bostad', 'rooms', 'square', 'garden_size', 'price', 'price_per_m2', 'status']);
  });

  it('has a price per m² column for sales, rounded and formatted, and none for rentals', () => {
    const column = listColumns(createWidget(view('sale'), 'sv')).find((c) => c.key === 'price_per_m2')!;
    expect(column.cell({ ...apartment, price: 2_450_000, square: 55.5 })).toBe('44\u00a0144 kr');
    expect(column.cell({ ...apartment, price: null, square: 55.5 })).toBe('–');
    const en = listColumns(createWidget(view('sale'), 'en')).find((c) => c.key === 'price_per_m2')!;
    expect(en.label).toBe('Price/m²');
    expect(en.cell({ ...apartment, price: 2_450_000, square: 55.5 })).toBe('44,144 kr');
    expect(keys(view('rental'))).not.toContain('price_per_m2');
  });

  it('names plot columns for tomter and never shows their floor', () => {
    const columns = listColumns(createWidget(view('tomter'), 'sv'));
    expect(columns.map((c) => c.label).slice(0, 2)).toEqual(['Fastighetsbeteckning', 'Tomtnr']);
    expect(columns.some((c) => c.key === 'floor')).toBe(false);
    // A plot has no fee.
    expect(columns.some((c) => c.key === 'fee')).toBe(false);
  });

  it('formats cells with the project currency and shows rent per month for rentals', () => {
    const sale = listColumns(createWidget(view('sale', { currency: 'sek' }), 'sv'));
    expect(sale.find((c) => c.key === 'price')!.cell(apartment)).toMatch(/^3\s150\s000 SEK$/);
    expect(sale.find((c) => c.key === 'square')!.cell(apartment)).toBe('72,5 m²');
    const rental = listColumns(createWidget(view('rental'), 'en'));
    const rent = rental.find((c) => c.key === 'price')!;
    expect(rent.label).toBe('Rent');
    expect(rent.cell(apartment)).toBe('3,150,000 kr/month');
    expect(rental.find((c) => c.key === 'status')!.cell(apartment)).toBe('Available');
    expect(rent.cell({ ...apartment, price: null })).toBe('–');
  });

  it('names an apartment by bostad, status and rooms', () => {
    expect(createWidget(view('sale'), 'sv').apartmentName(apartment)).toBe('Bostad A1, Till salu, 3 rum');
    expect(createWidget(view('tomter'), 'en').apartmentName(apartment)).toBe(
      'Property designation A1, For sale, Plot no. 3',
    );
    expect(createWidget(view('sale'), 'en').apartmentName({ ...apartment, rooms: '' })).toBe(
      'Unit A1, For sale',
    );
  });
});
