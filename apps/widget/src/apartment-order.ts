import type { PublicApartment } from '@planvy/shared/src/public-view';
import { STATUS_ALIASES } from '@planvy/shared/src/statuses';

let collator: Intl.Collator | undefined;

/**
 * One collator for every comparison: `localeCompare(b, 'sv', …)` builds a new one per
 * call, which made sorting 1,000 apartments take hundreds of milliseconds on a phone.
 * Created on first use, not at start-up, where it would delay the first plan.
 */
export function naturalOrder(a: string, b: string): number {
  collator ??= new Intl.Collator('sv', { numeric: true });
  return collator.compare(a, b);
}

/**
 * The default order of the list (spec §3 default_sort_order, bostad_as_integer).
 * This mirrors `compareApartments` in @planvy/shared/src/apartments, which cannot be
 * imported here because that module pulls zod (≈25 KB gzip) into the widget bundle;
 * a unit test keeps the two in agreement.
 */
export function compareDefault(
  order: string,
  bostadAsInteger: boolean,
): (a: Pick<PublicApartment, 'bostad' | 'status'>, b: Pick<PublicApartment, 'bostad' | 'status'>) => number {
  const byBostad = (a: { bostad: string }, b: { bostad: string }) => {
    if (bostadAsInteger) {
      const na = parseFloat(a.bostad);
      const nb = parseFloat(b.bostad);
      if (!Number.isNaN(na) && !Number.isNaN(nb) && na !== nb) return na - nb;
    }
    return naturalOrder(a.bostad, b.bostad);
  };
  if (order === 'bostad') return byBostad;
  const rank = new Map<string, number>(STATUS_ALIASES.map((s, i) => [s, i]));
  return (a, b) => (rank.get(a.status) ?? 99) - (rank.get(b.status) ?? 99) || byBostad(a, b);
}

export type SortKey = 'bostad' | 'rooms' | 'floor' | 'square' | 'garden_size' | 'price' | 'fee' | 'status';
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
  return [...list].sort((a, b) => {
    const va = a[key];
    const vb = b[key];
    const emptyA = va === null || va === '';
    const emptyB = vb === null || vb === '';
    if (emptyA || emptyB) return emptyA === emptyB ? base(a, b) : emptyA ? 1 : -1;
    const c =
      typeof va === 'number' && typeof vb === 'number' ? va - vb : compareText(String(va), String(vb));
    return sign * c || base(a, b);
  });
}
