import { describe, expect, it } from 'vitest';
import type { PublicApartment } from '@planvy/shared/public-view';
import { sortApartments } from './apartment-order';

function apartment(id: number, fields: Partial<PublicApartment> = {}): PublicApartment {
  return {
    id,
    bostad: String(id),
    rooms: '',
    floor: '',
    square: null,
    price: null,
    fee: null,
    garden_size: null,
    status: 'sale',
    inactive: false,
    link: '',
    description: '',
    info: [],
    plans: [],
    building: null,
    ...fields,
  };
}

const bostads = (list: PublicApartment[]) => list.map((a) => a.bostad);

describe('sortApartments', () => {
  const list = [
    apartment(1, { bostad: '10', status: 'sold', price: 300, rooms: '3' }),
    apartment(2, { bostad: '2', status: 'sale', price: null, rooms: '2' }),
    apartment(3, { bostad: '1', status: 'reserved', price: 100, rooms: '10' }),
  ];

  it('uses the project default without a column', () => {
    expect(bostads(sortApartments(list, null, { default_sort_order: 'status' }))).toEqual(['2', '1', '10']);
    expect(
      bostads(sortApartments(list, null, { default_sort_order: 'bostad', bostad_as_integer: '1' })),
    ).toEqual(['1', '2', '10']);
  });

  it('sorts a column both ways with missing values last', () => {
    expect(bostads(sortApartments(list, { key: 'price', dir: 'asc' }, {}))).toEqual(['1', '10', '2']);
    expect(bostads(sortApartments(list, { key: 'price', dir: 'desc' }, {}))).toEqual(['10', '1', '2']);
  });

  it('sorts text columns that hold numbers numerically', () => {
    expect(bostads(sortApartments(list, { key: 'rooms', dir: 'asc' }, {}))).toEqual(['2', '10', '1']);
  });

  it('does not change the list it is given', () => {
    const copy = [...list];
    sortApartments(list, { key: 'price', dir: 'asc' }, {});
    expect(list).toEqual(copy);
  });
});
