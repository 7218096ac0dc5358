import { z } from 'zod';
import { MAX_WISHES } from './allocation';
import { idField } from './ids';
import { RELEASE_STATES } from './release-states';

/**
 * A buyer's ranked wishes in a release (ADR 041): what the widget sends with the interest form,
 * what Min sida changes, and what the public view says about an open wish window.
 */

/** Apartment ids, first choice first; the release's own limit (max_wishes) is checked by the server. */
export const wishListField = z
  .array(idField)
  .max(MAX_WISHES.max)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'An apartment is named twice' });

/** Per apartment of an open release with show_demand on: aggregated, never who. */
export const releaseDemandSchema = z.object({
  apartment_id: z.number().int(),
  /** Confirmed people with it as their first choice. */
  first_choice: z.number().int(),
  /** The best (lowest) place in the project's queue among those who wished it; null outside queue mode. */
  best_queue: z.number().int().nullable(),
});
export type ReleaseDemand = z.infer<typeof releaseDemandSchema>;

/** The public view's `release`: present while a release takes wishes (wishes_open, not paused). */
export const publicReleaseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  max_wishes: z.number().int(),
  wishes_close_at: z.string().nullable(),
  apartment_ids: z.array(z.number().int()),
  /** Only when the release shows demand. */
  demand: z.array(releaseDemandSchema).optional(),
});
export type PublicRelease = z.infer<typeof publicReleaseSchema>;

const apartmentRef = z.object({ id: z.number().int(), bostad: z.string() });

/** A release as the buyer's page shows it: the ranked wishes, the window, the seed commitment. */
export const mineReleaseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(RELEASE_STATES),
  paused: z.boolean(),
  /** Whether the wishes can be changed now (wishes_open and not paused). */
  open: z.boolean(),
  max_wishes: z.number().int(),
  wishes_close_at: z.string().nullable(),
  seed_commitment: z.string().nullable(),
  /** The ranked wishes, first choice first; an apartment withdrawn from the release drops out. */
  wishes: z.array(apartmentRef),
  /** When the wishes were last changed, or null when there are none. */
  wishes_updated_at: z.string().nullable(),
  /** The release's apartments, for the "add" control. */
  apartments: z.array(apartmentRef),
});
export type MineRelease = z.infer<typeof mineReleaseSchema>;

/** PUT /public/interest/me/releases/{releaseId}/wishes: the buyer's new ranked list. */
export const wishesUpdateSchema = z.object({
  token: z.string().min(10).max(200),
  wishes: wishListField,
});
