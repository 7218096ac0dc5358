import type { PublicApartment } from '@planvy/shared/public-view';

/**
 * Price per square metre, rounded to whole currency units; null when the price or the area
 * is unknown (inactive apartments carry no price at all). Rent is a monthly figure, not a
 * price, so rental projects show none.
 */
export function pricePerSquare(
  a: Pick<PublicApartment, 'price' | 'square' | 'inactive'>,
  isRental = false,
): number | null {
  if (isRental || a.inactive || a.price === null || a.square === null) return null;
  if (!Number.isFinite(a.price) || !Number.isFinite(a.square) || a.price <= 0 || a.square <= 0) return null;
  return Math.round(a.price / a.square);
}
