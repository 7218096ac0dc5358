import type { TABLE_FIELDS } from '@planvy/shared/apartment-fields';
import type { PublicApartment } from '@planvy/shared/public-view';

import { compareApartments as compareDefault, naturalOrder } from '@planvy/shared/apartment-order';
import { pricePerSquare } from './price-per-square';

/** The list's default order is the shared one (spec §3 default_sort_order, bostad_as_integer). */
export { compareDefault, naturalOrder };

/** A list column: a catalogue field (the building by its label), or the price per m² worked out from two. */
export type SortKey =
  Exclude<(typeof TABLE_FIELDS)[number], 'building_number_id'> | 'building' | 'price_per_m2';
export interface SortState {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** Numeric when both sides read as numbers ("3", "2.5"), else natural text order. */
function compareText(a: string, b: string): number {
  const na = Number(a.replace(',', '.'));
  const nb = Number(b.replace(',', '.'));
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return naturalOrder(a, b);
}

/**
 * Sorts a copy. Without a column the project's default order applies; with one, the
 * default order breaks ties. Missing values (no price, empty floor) always go last.
 */
export function sortApartments(
  list: readonly PublicApartment[],
  sort: SortState | null,
  settings: { default_sort_order?: string; bostad_as_integer?: string },
): PublicApartment[] {
  const base = compareDefault(settings.default_sort_order ?? 'status', settings.bostad_as_integer === '1');
  if (!sort) return [...list].sort(base);
  const sign = sort.dir === 'asc' ? 1 : -1;
  const key = sort.key;
  if (key === 'status' || key === 'bostad') {
    const primary = compareDefault(key, settings.bostad_as_integer === '1');
    return [...list].sort((a, b) => sign * primary(a, b) || base(a, b));
  }
  const value = (a: PublicApartment) => (key === 'price_per_m2' ? pricePerSquare(a) : a[key]);
  return [...list].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const emptyA = va === null || va === '';
    const emptyB = vb === null || vb === '';
    if (emptyA || emptyB) return emptyA === emptyB ? base(a, b) : emptyA ? 1 : -1;
    const c =
      typeof va === 'number' && typeof vb === 'number' ? va - vb : compareText(String(va), String(vb));
    return sign * c || base(a, b);
  });
}
