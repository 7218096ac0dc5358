import { describe, expect, it } from 'vitest';
import type { PublicApartment } from '@planvy/shared/public-view';
import {
  buildingOptions,
  countByStatus,
  isAvailable,
  isFiltering,
  matchesFilters,
  NO_FILTERS,
  parseBound,
  roomOptions,
} from './filters';

const a = (fields: Partial<PublicApartment>): PublicApartment => ({
  id: 1,
  bostad: '1',
  rooms: '3',
  floor: '',
  square: 70,
  price: 2_000_000,
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
});

describe('filters', () => {
  it('filters by building, and lists the buildings in natural order', () => {
    const f = { ...NO_FILTERS, building: 'B' };
    expect(isFiltering(f)).toBe(true);
    expect(matchesFilters(a({ building: 'B' }), f)).toBe(true);
    expect(matchesFilters(a({ building: 'A' }), f)).toBe(false);
    expect(matchesFilters(a({ building: null }), f)).toBe(false);
    expect(
      buildingOptions([
        a({ building: 'B 10' }),
        a({ building: null }),
        a({ building: 'B 9' }),
        a({ building: 'B 9' }),
      ]),
    ).toEqual(['B 9', 'B 10']);
  });

  it('matches everything when nothing is set', () => {
    expect(isFiltering(NO_FILTERS)).toBe(false);
    expect(matchesFilters(a({ price: null, square: null }), NO_FILTERS)).toBe(true);
  });

  it('filters by status, rooms, price and size', () => {
    expect(matchesFilters(a({}), { ...NO_FILTERS, statuses: ['sold'] })).toBe(false);
    expect(matchesFilters(a({}), { ...NO_FILTERS, statuses: ['sold', 'sale'] })).toBe(true);
    expect(matchesFilters(a({ rooms: ' 3 ' }), { ...NO_FILTERS, rooms: '3' })).toBe(true);
    expect(matchesFilters(a({}), { ...NO_FILTERS, rooms: '2' })).toBe(false);
    expect(matchesFilters(a({}), { ...NO_FILTERS, priceMin: 2_000_000, priceMax: 2_000_000 })).toBe(true);
    expect(matchesFilters(a({}), { ...NO_FILTERS, priceMax: 1_999_999 })).toBe(false);
    expect(matchesFilters(a({}), { ...NO_FILTERS, sizeMin: 71 })).toBe(false);
  });

  it('drops apartments without a value once a bound is set', () => {
    expect(matchesFilters(a({ price: null }), { ...NO_FILTERS, priceMax: 5_000_000 })).toBe(false);
  });

  it('lists rooms in natural order and counts statuses', () => {
    expect(roomOptions([a({ rooms: '10' }), a({ rooms: '2' }), a({ rooms: '2' }), a({ rooms: '' })])).toEqual(
      ['2', '10'],
    );
    expect([...countByStatus([a({}), a({ status: 'sold' }), a({})])]).toEqual([
      ['sale', 2],
      ['sold', 1],
    ]);
  });

  it('reads bounds the way people type them', () => {
    expect(parseBound('2 500 000')).toBe(2_500_000);
    expect(parseBound('70,5')).toBe(70.5);
    expect(parseBound('')).toBeNull();
    expect(parseBound('abc')).toBeNull();
    expect(parseBound('-5')).toBeNull();
  });
});

describe('only available and favourites', () => {
  const base = {
    id: 1,
    bostad: '1',
    rooms: '2',
    floor: '1',
    square: 50,
    price: 1,
    fee: 1,
    garden_size: null,
    status: 'sale',
    inactive: false,
    link: '',
    description: '',
    info: [],
    plans: [],
    building: null,
  };
  it('counts as available what a buyer can still get, per the status catalogue', () => {
    for (const status of ['sale', 'fs-co-owner', 'sale-etapp-2', 'searchable-residence'])
      expect(isAvailable({ status, inactive: false })).toBe(true);
    for (const status of ['sold', 'reserved', 'preorder', 'upcoming', 'display-home', 'leased', 'unknown'])
      expect(isAvailable({ status, inactive: false })).toBe(false);
    expect(isAvailable({ status: 'sale', inactive: true })).toBe(false);
    expect(matchesFilters({ ...base, status: 'sold' }, { ...NO_FILTERS, available: true })).toBe(false);
    expect(isFiltering({ ...NO_FILTERS, available: true })).toBe(true);
  });
  it('keeps only favourites when asked', () => {
    const f = { ...NO_FILTERS, favourites: true };
    expect(matchesFilters(base, f, new Set([1]))).toBe(true);
    expect(matchesFilters(base, f, new Set([2]))).toBe(false);
    expect(matchesFilters(base, f)).toBe(false);
  });
});
