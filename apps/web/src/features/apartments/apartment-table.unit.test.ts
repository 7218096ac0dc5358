import { describe, expect, it } from 'vitest';
import { defaultProjectSettings, isOnNoPlan, type Apartment, type ProjectSettings } from '@planvy/shared';
import {
  apartmentComparator,
  buildSearchIndex,
  currencySuffix,
  filterApartments,
  formatAmount,
  inBuilding,
  nextSort,
  tableColumns,
} from './apartment-table';

let nextId = 1;
function apartment(fields: Partial<Apartment>): Apartment {
  return {
    id: nextId++,
    project_id: 1,
    building_number_id: null,
    bostad: '',
    rooms: '',
    floor: '',
    square: null,
    price: null,
    fee: null,
    garden_size: null,
    status: 'sale',
    inactive: '0',
    link: '',
    file_name: 'plan.svg',
    description: '',
    info: '[]',
    statistic_count: 0,
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...fields,
  };
}

const settings = (overrides: Partial<ProjectSettings> = {}): ProjectSettings => ({
  ...defaultProjectSettings(),
  ...overrides,
});
const bostads = (list: Apartment[]) => list.map((a) => a.bostad);

describe('buildings (multi_building)', () => {
  it('shows the building column only with multi_building on', () => {
    expect(tableColumns('sale', settings())).not.toContain('building');
    expect(tableColumns('sale', settings({ multi_building: '1' })).slice(0, 3)).toEqual([
      'bostad',
      'building',
      'rooms',
    ]);
  });

  it('sorts by building label in natural order, apartments without one last, and filters by building', () => {
    const labels = new Map([
      [1, 'B 10'],
      [2, 'B 9'],
    ]);
    const list = [
      apartment({ bostad: 'x', building_number_id: null }),
      apartment({ bostad: 'ten', building_number_id: 1 }),
      apartment({ bostad: 'nine', building_number_id: 2 }),
    ];
    const asc = [...list].sort(apartmentComparator({ key: 'building', dir: 'asc' }, settings(), labels));
    expect(bostads(asc)).toEqual(['nine', 'ten', 'x']);
    const desc = [...list].sort(apartmentComparator({ key: 'building', dir: 'desc' }, settings(), labels));
    expect(bostads(desc)).toEqual(['ten', 'nine', 'x']);
    expect(bostads([...inBuilding(list, 1)])).toEqual(['ten']);
    expect(inBuilding(list, null)).toBe(list);
  });
});

describe('tableColumns', () => {
  it('shows every default column for a sale project', () => {
    expect(tableColumns('sale', settings())).toEqual([
      'bostad',
      'rooms',
      'floor',
      'square',
      'price',
      'fee',
      'status',
    ]);
  });

  it('hides the floor for tomter and when hide_floor_column is set', () => {
    expect(tableColumns('tomter', settings())).not.toContain('floor');
    expect(tableColumns('rental', settings({ hide_floor_column: '1' }))).not.toContain('floor');
    expect(tableColumns('rental', settings())).toContain('floor');
  });

  it('hides the fee with hide_fee_column and adds the garden size with use_garden_size', () => {
    const columns = tableColumns('sale', settings({ hide_fee_column: '1', use_garden_size: '1' }));
    expect(columns).not.toContain('fee');
    expect(columns).toEqual(['bostad', 'rooms', 'floor', 'square', 'price', 'garden_size', 'status']);
  });
});

describe('sorting', () => {
  const list = [
    apartment({ bostad: '10', status: 'sold', price: 300 }),
    apartment({ bostad: '2', status: 'sale', price: null }),
    apartment({ bostad: '1', status: 'sold', price: 100 }),
    apartment({ bostad: '3', status: 'reserved', price: 200, inactive: '1' }),
  ];

  it('defaults to status in catalogue order, then bostad', () => {
    expect(bostads([...list].sort(apartmentComparator(null, settings())))).toEqual(['2', '3', '1', '10']);
  });

  it('defaults to bostad when default_sort_order is bostad (natural order, so 2 before 10)', () => {
    const sorted = [...list].sort(apartmentComparator(null, settings({ default_sort_order: 'bostad' })));
    expect(bostads(sorted)).toEqual(['1', '2', '3', '10']);
  });

  it('compares bostad as numbers when bostad_as_integer is set', () => {
    const mixed = [apartment({ bostad: '1.10' }), apartment({ bostad: '1.9' }), apartment({ bostad: '1.2' })];
    const asText = [...mixed].sort(apartmentComparator(null, settings({ default_sort_order: 'bostad' })));
    const asNumber = [...mixed].sort(
      apartmentComparator(null, settings({ default_sort_order: 'bostad', bostad_as_integer: '1' })),
    );
    expect(bostads(asText)).toEqual(['1.2', '1.9', '1.10']);
    expect(bostads(asNumber)).toEqual(['1.10', '1.2', '1.9']);
  });

  it('sorts by a clicked column both ways, empty and hidden prices last', () => {
    const asc = [...list].sort(apartmentComparator({ key: 'price', dir: 'asc' }, settings()));
    const desc = [...list].sort(apartmentComparator({ key: 'price', dir: 'desc' }, settings()));
    // The inactive apartment's price is not shown, so it sorts with the empty ones.
    expect(bostads(asc)).toEqual(['1', '10', '2', '3']);
    expect(bostads(desc)).toEqual(['10', '1', '2', '3']);
  });

  it('cycles a header through ascending, descending and back to the default', () => {
    const first = nextSort(null, 'bostad');
    expect(first).toEqual({ key: 'bostad', dir: 'asc' });
    const second = nextSort(first, 'bostad');
    expect(second).toEqual({ key: 'bostad', dir: 'desc' });
    expect(nextSort(second, 'bostad')).toBeNull();
    expect(nextSort(second, 'price')).toEqual({ key: 'price', dir: 'asc' });
  });
});

describe('search', () => {
  const list = [
    apartment({
      bostad: 'A-101',
      rooms: '3 rok',
      floor: '2',
      status: 'sale',
      description: 'Balkong mot söder',
    }),
    apartment({ bostad: 'B-202', rooms: '2 rok', floor: '4', status: 'sold' }),
    apartment({ bostad: 'C-303', rooms: '1 rok', floor: '1', status: 'reserved' }),
  ];

  it('matches bostad, rooms, floor, description and the status label in the UI language', () => {
    const sv = buildSearchIndex(list, 'sale', 'sv');
    expect(bostads([...filterApartments(list, sv, 'b-20')])).toEqual(['B-202']);
    // Words match anywhere: "3" is in C-303's bostad, "rok" in its rooms.
    expect(bostads([...filterApartments(list, sv, '3 rok')])).toEqual(['A-101', 'C-303']);
    expect(bostads([...filterApartments(list, sv, 'floor-less 4')])).toEqual([]);
    expect(bostads([...filterApartments(list, sv, 'SÖDER')])).toEqual(['A-101']);
    expect(bostads([...filterApartments(list, sv, 'såld')])).toEqual(['B-202']);
    const en = buildSearchIndex(list, 'sale', 'en');
    expect(bostads([...filterApartments(list, en, 'booked')])).toEqual(['C-303']);
  });

  it('uses rental labels for rental projects', () => {
    const rental = [apartment({ bostad: 'R1', status: 'sale' })];
    expect(filterApartments(rental, buildSearchIndex(rental, 'rental', 'sv'), 'ledig')).toHaveLength(1);
    expect(filterApartments(rental, buildSearchIndex(rental, 'sale', 'sv'), 'ledig')).toHaveLength(0);
  });

  it('needs every word, keeps the order and returns the list itself for an empty query', () => {
    const index = buildSearchIndex(list, 'sale', 'sv');
    expect(bostads([...filterApartments(list, index, 'rok 4')])).toEqual(['B-202']);
    expect(filterApartments(list, index, '   ')).toBe(list);
    expect(filterApartments(list, index, 'nothing-like-this')).toEqual([]);
  });

  it('filters 5,000 apartments quickly enough for a keystroke', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      apartment({ bostad: String(1000 + i), rooms: `${i % 5} rok`, description: i % 7 ? '' : 'uteplats' }),
    );
    const index = buildSearchIndex(many, 'sale', 'sv');
    expect(filterApartments(many, index, '4999')).toHaveLength(1);
    expect(filterApartments(many, index, 'uteplats')).toHaveLength(715);
  });
});

describe('formatting', () => {
  it('writes amounts with the project currency and a dash for no value', () => {
    expect(formatAmount(1250000, 'sv', currencySuffix('kr'))).toBe('1\u00a0250\u00a0000\u00a0kr');
    expect(formatAmount(1250000, 'en', currencySuffix('sek'))).toBe('1,250,000\u00a0SEK');
    expect(formatAmount(72.5, 'sv', 'm²')).toBe('72,5\u00a0m²');
    expect(formatAmount(null, 'sv', 'kr')).toBe('–');
  });

  it('calls an apartment with an empty file_name (or a list of blanks) on no plan', () => {
    expect(isOnNoPlan(apartment({ file_name: '' }))).toBe(true);
    expect(isOnNoPlan(apartment({ file_name: ' ' }))).toBe(true);
    expect(isOnNoPlan(apartment({ file_name: ' , ' }))).toBe(true);
    expect(isOnNoPlan(apartment({ file_name: 'a.svg,b.svg' }))).toBe(false);
  });
});
