import { z } from 'zod';
import { idField } from './ids';
import { LANGUAGES } from './language';
import { emailField } from './users';

/**
 * Offers of a release and the launch console (ADR 042): each allocated person is offered
 * their home with a deadline; accepted it becomes a reservation hold, declined or run out it
 * passes to the next unserved person who wished it. Brokers, clients and admins answer for a
 * buyer on the phone; nobody changes the order.
 */
export const OFFER_STATES = ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** The statuses a release home has before it goes on open sale; the public flip makes them `sale`. */
export const PRE_RELEASE_STATUSES: readonly string[] = ['upcoming'];
/** The status the public flip gives them. */
export const RELEASE_PUBLIC_STATUS = 'sale';

export const releaseOfferSchema = z.object({
  id: z.number().int(),
  release_id: z.number().int(),
  apartment_id: z.number().int(),
  bostad: z.string(),
  entry_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The person's place in the run's order, 1 first. */
  queue_place: z.number().int().nullable(),
  /** The home's place in the person's wishes, 1 for a first choice. */
  rank: z.number().int(),
  /** An overdue pending offer reads as expired before the timer has ended it. */
  state: z.enum(OFFER_STATES),
  offered_at: z.string(),
  expires_at: z.string(),
  responded_at: z.string().nullable(),
  /** The staff member who answered for the buyer; null when the buyer did, or nobody yet. */
  responded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  hold_id: z.number().int().nullable(),
});
export type ReleaseOffer = z.infer<typeof releaseOfferSchema>;
export const releaseOfferResponseSchema = z.object({ offer: releaseOfferSchema });

export const releaseConsoleSchema = z.object({
  release: z.object({
    id: z.number().int(),
    project_id: z.number().int(),
    name: z.string(),
    mode: z.string(),
    state: z.string(),
    paused: z.boolean(),
    public_at: z.string().nullable(),
    offer_hours: z.number().int(),
  }),
  run: z.object({ id: z.number().int(), approved_at: z.string().nullable() }).nullable(),
  counters: z.object({
    wishes: z.number().int(),
    offers: z.object(
      Object.fromEntries(OFFER_STATES.map((s) => [s, z.number().int()])) as {
        [K in OfferState]: z.ZodNumber;
      },
    ),
    holds: z.number().int(),
  }),
  /** Pending first (soonest deadline first), then the answered ones, latest first. */
  offers: z.array(releaseOfferSchema),
  /** Each home of the release, its shown status, and who is next in line for it if it were freed now. */
  apartments: z.array(
    z.object({
      id: z.number().int(),
      bostad: z.string(),
      status: z.string(),
      /** The pending or accepted offer of it. */
      offer_id: z.number().int().nullable(),
      next: z.object({ entry_id: z.number().int(), queue_place: z.number().int() }).nullable(),
    }),
  ),
  /** The server's clock, so countdowns do not depend on the browser's. */
  now: z.string(),
});
export type ReleaseConsole = z.infer<typeof releaseConsoleSchema>;

/** A first-come buyer asks for the one-time link that takes the checkout hold. */
export const checkoutRequestSchema = z.object({
  apartment_id: idField,
  email: emailField,
  language: z.enum(LANGUAGES).default('sv'),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
