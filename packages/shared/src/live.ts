/**
 * Live availability (ADR 015): what the public event stream of a project sends. Zod-free,
 * since the widget imports it. Only what the widget shows, never anything personal.
 */
import { withShownAmounts } from './apartment-fields';

/** One apartment as it changed; price and fee are null for an inactive apartment, as in the public view. */
export interface LiveApartment {
  id: number;
  status: string;
  inactive: boolean;
  price: number | null;
  fee: number | null;
}

/** `apartments`: these apartments changed. `view`: refetch the view (with If-None-Match). */
export type LiveEvent = { type: 'apartments'; apartments: LiveApartment[] } | { type: 'view'; etag?: string };

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
