import type { PublicApartment } from '@planvy/shared/public-view';
import { isAvailableStatus } from '@planvy/shared/statuses';
import { naturalOrder } from './apartment-order';

export interface Filters {
  /** Status aliases to show; empty shows every status. */
  statuses: string[];
  /** A rooms value to match exactly; empty matches all. */
  rooms: string;
  /** A building (its label) to match exactly; empty matches all (multi_building). */
  building: string;
  priceMin: number | null;
  priceMax: number | null;
  sizeMin: number | null;
  sizeMax: number | null;
  /** Only what a buyer can still get: an available status and not inactive. */
  available: boolean;
  /** Only the visitor's favourites (kept on this device). */
  favourites: boolean;
}

export const NO_FILTERS: Filters = {
  statuses: [],
  rooms: '',
  building: '',
  priceMin: null,
  priceMax: null,
  sizeMin: null,
  sizeMax: null,
  available: false,
  favourites: false,
};

export function isFiltering(f: Filters): boolean {
  return (
    f.statuses.length > 0 ||
    f.rooms !== '' ||
    f.building !== '' ||
    f.priceMin !== null ||
    f.priceMax !== null ||
    f.sizeMin !== null ||
    f.sizeMax !== null ||
    f.available ||
    f.favourites
  );
}

/** A bound filters out apartments without that value: an unknown price is not "under 3 M". */
function within(value: number | null, min: number | null, max: number | null): boolean {
  if (min === null && max === null) return true;
  if (value === null) return false;
  return (min === null || value >= min) && (max === null || value <= max);
}

/** An apartment a buyer can still get (statuses.ts says which statuses those are). */
export function isAvailable(a: Pick<PublicApartment, 'status' | 'inactive'>): boolean {
  return !a.inactive && isAvailableStatus(a.status);
}

const NONE: ReadonlySet<number> = new Set();

export function matchesFilters(
  a: PublicApartment,
  f: Filters,
  favourites: ReadonlySet<number> = NONE,
): boolean {
  return (
    (!f.available || isAvailable(a)) &&
    (!f.favourites || favourites.has(a.id)) &&
    (f.statuses.length === 0 || f.statuses.includes(a.status)) &&
    (f.rooms === '' || a.rooms.trim() === f.rooms) &&
    (f.building === '' || a.building === f.building) &&
    within(a.price, f.priceMin, f.priceMax) &&
    within(a.square, f.sizeMin, f.sizeMax)
  );
}

/** The distinct rooms values present, in natural order, for the rooms filter. */
export function roomOptions(list: readonly PublicApartment[]): string[] {
  const values = new Set<string>();
  for (const a of list) if (a.rooms.trim() !== '') values.add(a.rooms.trim());
  // Numbers compare as numbers; the collator (costly to create) only for other text.
  return [...values].sort((a, b) => {
    const na = Number(a);
    const nb = Number(b);
    return Number.isFinite(na) && Number.isFinite(nb) ? na - nb : naturalOrder(a, b);
  });
}

/** The buildings apartments are in, in natural order, for the building filter. */
export function buildingOptions(list: readonly PublicApartment[]): string[] {
  const values = new Set<string>();
  for (const a of list) if (a.building) values.add(a.building);
  return [...values].sort(naturalOrder);
}

/** "2 500 000", "2,5" and "" from a number input; empty or invalid means no bound. */
export function parseBound(text: string): number | null {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (compact === '') return null;
  const n = Number(compact);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Counts per status alias, for the legend. */
export function countByStatus(list: readonly PublicApartment[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of list) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return counts;
}
