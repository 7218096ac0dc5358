import { z } from 'zod';
import { idField } from './ids';
import { LANGUAGES } from './language';
import type { ProjectType } from './projects';
import { emailField } from './users';

/**
 * Holds (ADR 035): an apartment kept for one person until a time. A reservation lasts
 * days (1–28, the project's `reservation_days` by default); a booking follows a signed
 * bokningsavtal and lasts until the deadline for the next step (up to 90 days).
 */
export const HOLD_KINDS = ['reservation', 'booking', 'checkout'] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];
/**
 * The kinds a person places in the back office. A `checkout` hold is a buyer's own short
 * hold on a first-come release (ADR 042), taken from the widget after confirming their
 * e-mail, never placed by hand.
 */
export const PLACEABLE_HOLD_KINDS = ['reservation', 'booking'] as const;
export type PlaceableHoldKind = (typeof PLACEABLE_HOLD_KINDS)[number];

/** Why a hold ended. */
export const HOLD_END_REASONS = ['expired', 'released', 'converted'] as const;
export type HoldEndReason = (typeof HOLD_END_REASONS)[number];

/** The longest a hold may last from when it was placed, extensions included, in days. */
export const HOLD_MAX_DAYS: Record<HoldKind, number> = { reservation: 28, booking: 90, checkout: 1 };
export const DEFAULT_RESERVATION_DAYS = 7;

/**
 * The status a hold sets: a reservation "Reserverad" (preorder), a booking "Bokad"
 * (reserved). Both apply to every project type (statuses.ts).
 */
export const HOLD_STATUS: Record<HoldKind, 'preorder' | 'reserved'> = {
  reservation: 'preorder',
  booking: 'reserved',
  checkout: 'preorder',
};

/** The status a converted hold leaves: sold, or leased in a rental project. */
export function convertedStatus(type: ProjectType): 'sold' | 'leased' {
  return type === 'rental' ? 'leased' : 'sold';
}

export const HOLD_LIMITS = { name: 150, phone: 40 } as const;

export const holdCreateSchema = z.object({
  apartment_id: idField,
  kind: z.enum(PLACEABLE_HOLD_KINDS).default('reservation'),
  name: z.string().trim().min(1).max(HOLD_LIMITS.name),
  email: emailField,
  phone: z.string().trim().max(HOLD_LIMITS.phone).default(''),
  /** The language of the buyer's mail. */
  language: z.enum(LANGUAGES).default('sv'),
  /** How long it lasts; a reservation without it lasts the project's reservation_days. */
  days: z.number().int().min(1).max(HOLD_MAX_DAYS.booking).optional(),
  /** The person's entry in the project's interest list, when the hold is for one (ADR 036). */
  interest_id: idField.optional(),
});
export type HoldCreate = z.input<typeof holdCreateSchema>;

export const holdExtendSchema = z.object({
  /** Days added to the current expiry, within the kind's cap from when the hold was placed. */
  days: z.number().int().min(1).max(HOLD_MAX_DAYS.booking),
});

export const holdSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  apartment_id: z.number().int(),
  bostad: z.string(),
  kind: z.enum(HOLD_KINDS),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  language: z.enum(LANGUAGES),
  interest_id: z.number().int().nullable(),
  set_status: z.string(),
  previous_status: z.string(),
  placed_at: z.string(),
  expires_at: z.string(),
  /** The latest expiry the cap allows. */
  max_expires_at: z.string(),
  extensions: z.number().int(),
  placed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Null while active. An overdue hold reads as ended ('expired') even before the timer has run. */
  ended_at: z.string().nullable(),
  end_reason: z.enum(HOLD_END_REASONS).nullable(),
});
export type Hold = z.infer<typeof holdSchema>;

export const holdResponseSchema = z.object({ hold: holdSchema });
export const holdsResponseSchema = z.object({ holds: z.array(holdSchema) });
