/**
 * A mass price change (issue 24): one rule applied to several apartments' price or fee. The
 * back-office previews it with this function and the server applies the same function, so
 * what was previewed is what is saved. Zod-free, so any app may import it.
 */

export const PRICE_ADJUST_FIELDS = ['price', 'fee'] as const;
export type PriceAdjustField = (typeof PRICE_ADJUST_FIELDS)[number];
/** By a percentage (−90…+500), by an amount in kronor (±), or to one amount. */
export const PRICE_ADJUST_KINDS = ['percent', 'amount', 'set'] as const;
export type PriceAdjustKind = (typeof PRICE_ADJUST_KINDS)[number];
/** Round the result to the nearest of these (1: whole kronor). */
export const PRICE_ROUNDINGS = [1, 100, 1000, 5000, 10000] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

export interface PriceAdjustment {
  field: PriceAdjustField;
  kind: PriceAdjustKind;
  value: number;
  round_to: PriceRounding;
}

/**
 * The new value, or null when the rule does not apply: a percentage or an amount needs a
 * value to start from, so an apartment without one keeps none. A result below zero is zero.
 */
export function adjustedPrice(current: number | null, a: PriceAdjustment): number | null {
  let next: number;
  if (a.kind === 'set') next = a.value;
  else if (current === null) return null;
  else next = a.kind === 'percent' ? current * (1 + a.value / 100) : current + a.value;
  return Math.max(0, Math.round(next / a.round_to) * a.round_to);
}

export interface PricePreviewRow {
  id: number;
  before: number | null;
  after: number | null;
}

/** The preview: each apartment's value before and after; `changed` are those that would change. */
export function previewPriceChange(
  apartments: readonly ({ id: number } & Record<PriceAdjustField, number | null>)[],
  a: PriceAdjustment,
): { rows: PricePreviewRow[]; changed: PricePreviewRow[] } {
  const rows = apartments.map((apt) => {
    const before = apt[a.field];
    const after = adjustedPrice(before, a);
    return { id: apt.id, before, after: after ?? before };
  });
  return { rows, changed: rows.filter((r) => r.after !== r.before) };
}
