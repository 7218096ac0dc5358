import { STATUS_ALIASES } from './statuses';

/**
 * Apartment ordering, kept free of zod so the widget can import it without the
 * schema library (≈25 KB gzip).
 */

let collator: Intl.Collator | undefined;

/**
 * Natural Swedish order ("2" before "10"). One collator for every comparison:
 * `localeCompare(b, 'sv', …)` builds a new one per call, which made sorting 5,000
 * apartments take about 600 ms instead of a few. Created on first use, so loading
 * the module costs nothing.
 */
export function naturalOrder(a: string, b: string): number {
  collator ??= new Intl.Collator('sv', { numeric: true });
  return collator.compare(a, b);
}

/** Sorts by status (catalogue order) or by bostad, numerically when asked (spec §3 settings). */
export function compareApartments(
  order: string,
  bostadAsInteger: boolean,
): (a: { bostad: string; status: string }, b: { bostad: string; status: string }) => number {
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
