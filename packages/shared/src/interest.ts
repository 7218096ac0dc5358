import { z } from 'zod';
import { HOLD_KINDS } from './holds';
import { idField } from './ids';
import {
  CONSENT_TEXTS,
  INTEREST_RULES,
  INTEREST_SOURCES,
  INTEREST_STATUSES,
  CONSENT_PURPOSES,
  CONSENT_METHODS,
  type ConsentPurpose,
} from './interest-rules';
import { mineReleaseSchema, wishListField } from './release-wishes';
import { LIMITS } from './users';

/**
 * Interest registration (intresseanmälan, ADR 036): what a buyer sends from the widget, what
 * the buyer's own page ("Min sida") shows, and what the back office reads. The consent texts
 * are versioned here: a stored consent names the version the buyer saw, and a new version is
 * a new entry in CONSENT_TEXTS (never an edit of an old one), so old rows keep meaning what
 * they meant.
 */

export * from './interest-rules';

const consentVersionField = (purpose: ConsentPurpose) =>
  z.string().refine((v) => CONSENT_TEXTS[v]?.purpose === purpose, { error: 'Unknown consent text version' });

const nameField = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.name * 2);
/** Kept in lower case: one person is one address, however it was typed. */
const emailField = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.email)
  .pipe(z.email())
  .transform((e) => e.toLowerCase());
const phoneField = z
  .string()
  .trim()
  .max(LIMITS.phone)
  .regex(/^[+\d][\d\s()-]*$/, { error: 'Only digits, spaces, +, ( ) and -' });

/** What a buyer may wish: room counts, a highest price, apartments in order of preference. */
export const interestPreferencesSchema = z.object({
  rooms: z.array(z.number().int().min(1).max(20)).max(20).default([]),
  max_price: z.number().int().min(0).max(2_000_000_000).nullable().default(null),
  apartment_ids: z
    .array(idField)
    .max(INTEREST_RULES.maxRankedApartments)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'An apartment is named twice' })
    .default([]),
});
export type InterestPreferences = z.infer<typeof interestPreferencesSchema>;
/** The same wishes as answers carry them (plain numbers: an answer is never parsed from text). */
const preferencesOut = z.object({
  rooms: z.array(z.number().int()),
  max_price: z.number().int().nullable(),
  apartment_ids: z.array(z.number().int()),
});

/** POST /public/view/{projectId}/interest: the widget's form. */
export const interestSubmitSchema = interestPreferencesSchema
  .extend({
    name: nameField,
    email: emailField,
    phone: phoneField.optional(),
    lang: z.enum(['sv', 'en']).default('sv'),
    consents: z.object({
      /** Required: without it there is no list to be on. */
      interest_list: z.literal(true, { error: 'The interest list consent is required' }),
      interest_list_version: consentVersionField('interest_list'),
      newsletter: z.boolean().default(false),
      newsletter_version: consentVersionField('newsletter').optional(),
    }),
    /** From GET …/interest/form: when the form was shown, signed by the server. */
    form_token: z.string().max(200),
    /** The honeypot: a field people never see. Anything in it marks a script. */
    website: z.string().max(500).optional(),
    /** Ranked wishes in a release that takes them (ADR 041): apartments of that release, first choice first. */
    release_id: idField.optional(),
    wishes: wishListField.optional(),
  })
  .refine((b) => b.wishes === undefined || b.release_id !== undefined, {
    error: 'Wishes need the release they are for',
    path: ['release_id'],
  });
export type InterestSubmit = z.input<typeof interestSubmitSchema>;

export const interestFormTokenSchema = z.object({ form_token: z.string() });
/** The same answer whether the address was new, pending or already confirmed (nothing to learn). */
export const interestAcceptedSchema = z.object({ accepted: z.literal(true) });

export const interestEmailSchema = z.object({ email: emailField, lang: z.enum(['sv', 'en']).default('sv') });
export const interestTokenSchema = z.object({ token: z.string().min(10).max(200) });

const consentSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  version: z.string(),
  text: z.string(),
  given_at: z.string(),
  method: z.enum(CONSENT_METHODS),
});

/** What the buyer's own page shows (and "download my data" adds to). */
export const interestMineSchema = z.object({
  project: z.object({ id: z.number().int(), name: z.string() }),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(INTEREST_STATUSES),
  submitted_at: z.string(),
  /** The place in the queue: when the registration was confirmed, to the second. */
  confirmed_at: z.string().nullable(),
  lapses_at: z.string().nullable(),
  preferences: preferencesOut,
  apartments: z.array(z.object({ id: z.number().int(), bostad: z.string() })),
  consents: z.array(consentSchema),
  /** Homes held for this address in the project now (issue 23): "Reserverad åt dig till …". */
  reservations: z.array(
    z.object({
      apartment_id: z.number().int(),
      bostad: z.string(),
      kind: z.enum(HOLD_KINDS),
      expires_at: z.string(),
    }),
  ),
  /** The releases of the project in which the buyer wishes or can wish (ADR 041). */
  releases: z.array(mineReleaseSchema),
});
export type InterestMine = z.infer<typeof interestMineSchema>;

/** One entry as the back office lists it. */
export const interestEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(INTEREST_STATUSES),
  source: z.enum(INTEREST_SOURCES),
  submitted_at: z.string(),
  confirmed_at: z.string().nullable(),
  last_activity_at: z.string(),
  tier: z.string().nullable(),
  notes: z.string().nullable(),
  preferences: preferencesOut,
  newsletter: z.boolean(),
  /** Another live entry of the project has the same e-mail (across statuses) or phone. */
  duplicate_email: z.boolean(),
  duplicate_phone: z.boolean(),
});
export type InterestEntry = z.infer<typeof interestEntrySchema>;

/**
 * Free text in a query. A U+FFFD, or a percent escape still in the text (the parser leaves
 * one it could not decode), means the address was not valid UTF-8: refused, not searched for.
 */
const queryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !/\ufffd|%[0-9a-f]{2}/i.test(s), { error: 'Not valid UTF-8' });

export const interestListQuerySchema = z.object({
  status: z.enum(INTEREST_STATUSES).optional(),
  tier: queryText(60).optional(),
  rooms: z.coerce.number().int().min(1).max(20).optional(),
  apartment_id: idField.optional(),
  q: queryText(200).optional(),
});
export const interestListSchema = z.object({ entries: z.array(interestEntrySchema) });
export const interestEntryResponseSchema = z.object({ entry: interestEntrySchema });

export const interestUpdateSchema = z
  .object({
    tier: z.string().trim().max(60).nullable().optional(),
    notes: z.string().max(5000).nullable().optional(),
  })
  .refine((b) => b.tier !== undefined || b.notes !== undefined, { error: 'Send tier or notes' });

/** A person met at a viewing: a pending entry, confirmed by the person by e-mail as any other. */
export const interestAddSchema = interestPreferencesSchema.extend({
  name: nameField,
  email: emailField,
  phone: phoneField.optional(),
  lang: z.enum(['sv', 'en']).default('sv'),
  newsletter: z.boolean().default(false),
});

export const interestDemandSchema = z.object({
  demand: z.array(z.object({ apartment_id: z.number().int(), count: z.number().int() })),
});
