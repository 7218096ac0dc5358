/**
 * Live availability (ADR 015): the rules of what the public event stream sends (its shape is
 * live-events.ts). Zod-free, since the widget imports it.
 */
import { withShownAmounts } from './apartment-fields';
import type { LiveApartment } from './live-events';

/** The fields a live event carries, from a stored apartment (inactive hides prices, as in the view). */
export function liveApartment(a: {
  id: number;
  status: string;
  inactive: boolean;
  price: number | null;
  fee: number | null;
}): LiveApartment {
  return withShownAmounts({ id: a.id, status: a.status, inactive: a.inactive, price: a.price, fee: a.fee });
}

/** True when what a buyer sees of the apartment differs between a and b. */
export function liveChanged(a: LiveApartment, b: LiveApartment): boolean {
  return a.status !== b.status || a.inactive !== b.inactive || a.price !== b.price || a.fee !== b.fee;
}
