import { z } from 'zod';
import {
  ALLOCATION_VERSION,
  MAX_WISHES,
  RELEASE_MODES,
  isAllocatedMode,
  type ReleaseMode,
} from './allocation';
import { expectedVersionField } from './concurrency';
import { serverMessage, type CodedMessage } from './error-codes';
import { idField } from './ids';
import { RELEASE_LIMITS, RELEASE_STATES } from './release-states';

/**
 * Releases (säljstart, ADR 040): the client's set-up, what the API answers about a release and
 * its allocation runs, and the public protocol anyone can re-run (ADR 039). The checks between
 * fields (the times' order, the tiers' opening times) are one function, `releaseSettingsIssues`,
 * that the create schema, the API's update (on the merged values) and the back-office form share.
 */

const instant = z.iso.datetime({ offset: true });
const nullableInstant = instant.nullable();

export const RELEASE_TIER_KEY = /^[a-z0-9][a-z0-9_-]*$/;

export const releaseTierSchema = z.object({
  /** What an interest entry's `tier` must say to be in this tier (members, interest_list…). */
  key: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(RELEASE_TIER_KEY, { error: 'Lower-case letters, digits, - and _ only' }),
  label: z.string().trim().min(1).max(80),
  /** When this tier's wishes (first come: checkout) open; null: with the release. */
  opens_at: nullableInstant.default(null),
});
export type ReleaseTier = z.output<typeof releaseTierSchema>;

export const releaseRulesTextSchema = z.object({
  sv: z.string().max(RELEASE_LIMITS.rulesText).default(''),
  en: z.string().max(RELEASE_LIMITS.rulesText).default(''),
});
export type ReleaseRulesText = z.output<typeof releaseRulesTextSchema>;

/** The fields a client sets (every one optional in an update). */
const settingsShape = {
  name: z.string().trim().min(1).max(RELEASE_LIMITS.name),
  mode: z.enum(RELEASE_MODES),
  max_wishes: z.number().int().min(MAX_WISHES.min).max(MAX_WISHES.max),
  one_per_household: z.boolean(),
  offer_hours: z.number().int().min(RELEASE_LIMITS.offerHours.min).max(RELEASE_LIMITS.offerHours.max),
  checkout_minutes: z
    .number()
    .int()
    .min(RELEASE_LIMITS.checkoutMinutes.min)
    .max(RELEASE_LIMITS.checkoutMinutes.max),
  tiers: z.array(releaseTierSchema).max(RELEASE_LIMITS.tiers),
  wishes_open_at: nullableInstant,
  wishes_close_at: nullableInstant,
  public_at: nullableInstant,
  closes_at: nullableInstant,
  show_demand: z.boolean(),
  rules_text: releaseRulesTextSchema,
};

/** The settings as they are checked together (a release's current values with an update applied). */
export interface ReleaseSettings {
  mode: ReleaseMode;
  tiers: readonly { key: string; opens_at: string | null }[];
  wishes_open_at: string | null;
  wishes_close_at: string | null;
  public_at: string | null;
  closes_at: string | null;
}

export interface ReleaseIssue {
  /** The field path, as the error envelope names it (`tiers.1.opens_at`). */
  field: string;
  message: CodedMessage;
}

const at = (s: string | null) => (s === null ? null : Date.parse(s));

/**
 * What is wrong between the fields: wishes open < wishes close ≤ public < closes (first come:
 * public < closes; its wish times are not used), each tier opening inside its window and no
 * earlier than the tier before it, tier keys unique. `forSchedule`: every time the timer
 * needs must be set (a draft may leave them empty).
 */
export function releaseSettingsIssues(s: ReleaseSettings, forSchedule = false): ReleaseIssue[] {
  const issues: ReleaseIssue[] = [];
  const add = (field: string, message: CodedMessage) => issues.push({ field, message });
  const allocated = isAllocatedMode(s.mode);
  const open = at(s.wishes_open_at);
  const close = at(s.wishes_close_at);
  const pub = at(s.public_at);
  const end = at(s.closes_at);
  if (forSchedule) {
    const needed = allocated
      ? (['wishes_open_at', 'wishes_close_at', 'public_at', 'closes_at'] as const)
      : (['public_at', 'closes_at'] as const);
    for (const field of needed) if (s[field] === null) add(field, serverMessage('releaseTimeMissing'));
  }
  if (allocated) {
    if (open !== null && close !== null && close <= open)
      add('wishes_close_at', serverMessage('releaseCloseAfterOpen'));
    const before = close ?? open;
    if (before !== null && pub !== null && pub < before)
      add('public_at', serverMessage('releasePublicAfterWishes'));
  }
  const last = pub ?? (allocated ? (close ?? open) : null);
  if (last !== null && end !== null && end <= last)
    add('closes_at', serverMessage('releaseClosesAfterPublic'));
  // A tier opens inside its window: the wish window, or (first come) from public until closing.
  const from = allocated ? open : pub;
  const to = allocated ? close : end;
  const keys = new Set<string>();
  let previous: number | null = null;
  s.tiers.forEach((tier, i) => {
    if (keys.has(tier.key)) add(`tiers.${i}.key`, serverMessage('releaseTierKeyTwice'));
    keys.add(tier.key);
    const opens = at(tier.opens_at);
    if (opens === null) return;
    if ((from !== null && opens < from) || (to !== null && opens >= to))
      add(`tiers.${i}.opens_at`, serverMessage('releaseTierOutside'));
    else if (previous !== null && opens < previous)
      add(`tiers.${i}.opens_at`, serverMessage('releaseTierOrder'));
    previous = opens;
  });
  return issues;
}

/** Adds the issues to a zod refinement, with their codes (the envelope carries them). */
function refineSettings(s: ReleaseSettings, ctx: z.core.$RefinementCtx): void {
  for (const issue of releaseSettingsIssues(s)) {
    ctx.addIssue({
      code: 'custom',
      path: issue.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      message: issue.message.message,
      params: { code: issue.message.code, params: issue.message.params },
    });
  }
}

export const releaseCreateSchema = z
  .object({
    name: settingsShape.name,
    mode: settingsShape.mode,
    max_wishes: settingsShape.max_wishes.default(MAX_WISHES.default),
    one_per_household: settingsShape.one_per_household.default(true),
    offer_hours: settingsShape.offer_hours.default(RELEASE_LIMITS.offerHours.default),
    checkout_minutes: settingsShape.checkout_minutes.default(RELEASE_LIMITS.checkoutMinutes.default),
    tiers: settingsShape.tiers.default([]),
    wishes_open_at: settingsShape.wishes_open_at.default(null),
    wishes_close_at: settingsShape.wishes_close_at.default(null),
    public_at: settingsShape.public_at.default(null),
    closes_at: settingsShape.closes_at.default(null),
    show_demand: settingsShape.show_demand.default(false),
    rules_text: releaseRulesTextSchema.default({ sv: '', en: '' }),
    /** The release's homes (apartments of the same project, in no other release). */
    apartment_ids: z.array(idField).max(5000).default([]),
  })
  .superRefine(refineSettings);
export type ReleaseCreate = z.input<typeof releaseCreateSchema>;

/** An update: any of the settings, and the version the form loaded (409 when someone saved meanwhile). */
export const releaseUpdateSchema = z
  .object(settingsShape)
  .partial()
  .extend({ version: expectedVersionField });
export type ReleaseUpdate = z.input<typeof releaseUpdateSchema>;

export const releaseApartmentsSchema = z.object({
  apartment_ids: z.array(idField).max(5000),
  version: expectedVersionField,
});

/** A step button: the state the caller saw and the version, so two people cannot step twice. */
export const releaseStepSchema = z.object({
  from: z.enum(RELEASE_STATES),
  version: z.number().int().min(0),
});
export const releaseVersionSchema = z.object({ version: expectedVersionField });

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const releaseSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  mode: z.enum(RELEASE_MODES),
  state: z.enum(RELEASE_STATES),
  paused: z.boolean(),
  max_wishes: z.number().int(),
  one_per_household: z.boolean(),
  offer_hours: z.number().int(),
  checkout_minutes: z.number().int(),
  tiers: z.array(z.object({ key: z.string(), label: z.string(), opens_at: z.string().nullable() })),
  wishes_open_at: z.string().nullable(),
  wishes_close_at: z.string().nullable(),
  public_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  show_demand: z.boolean(),
  rules_text: z.object({ sv: z.string(), en: z.string() }),
  /** The published rules' version; 0 until first published. */
  rules_version: z.number().int(),
  /** SHA-256 of the draw's seed, published when the wish window opens (ADR 039). */
  seed_commitment: z.string().nullable(),
  apartment_ids: z.array(z.number().int()),
  /** The state after this one, and when the timer takes it there (null: a person does). */
  next_state: z.enum(RELEASE_STATES).nullable(),
  next_due_at: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;

export const releaseResponseSchema = z.object({ release: releaseSchema });
export const releasesResponseSchema = z.object({ releases: z.array(releaseSchema) });

/** One person's line in a run's result, in priority order (no names: the interest entry's id). */
export const releaseRunRowSchema = z.object({
  entry_id: z.number().int(),
  /** Place in the priority order, 1 first. */
  position: z.number().int(),
  tier: z.string().nullable(),
  points: z.number(),
  queued_at: z.string().nullable(),
  apartment_id: z.number().int().nullable(),
  bostad: z.string().nullable(),
  /** The place of the home in the person's wishes; null: unserved. */
  rank: z.number().int().nullable(),
  wishes: z.number().int(),
});
export type ReleaseRunRow = z.infer<typeof releaseRunRowSchema>;

export const releaseRunSchema = z.object({
  id: z.number().int(),
  release_id: z.number().int(),
  algorithm_version: z.string(),
  input_digest: z.string(),
  seed_commitment: z.string(),
  created_at: z.string(),
  created_by: person,
  approved_at: z.string().nullable(),
  approved_by: person,
  superseded: z.boolean(),
  allocated: z.number().int(),
  unserved: z.number().int(),
  rows: z.array(releaseRunRowSchema),
});
export type ReleaseRun = z.infer<typeof releaseRunSchema>;

export const releaseRunResponseSchema = z.object({
  run: releaseRunSchema.nullable(),
  release: releaseSchema,
});

/**
 * The public protocol (no login): once the wish window has opened, the rules and the seed's
 * commitment; after the run, the input (pseudonymous: interest entry ids and household
 * numbers, never names) and the protocol, so anyone can re-run `verifyProtocol`.
 */
export const releaseProtocolSchema = z.object({
  release: z.object({
    id: z.number().int(),
    project_id: z.number().int(),
    name: z.string(),
    mode: z.enum(RELEASE_MODES),
    state: z.enum(RELEASE_STATES),
    rules_version: z.number().int(),
    rules: z.record(z.string(), z.unknown()).nullable(),
    seed_commitment: z.string().nullable(),
  }),
  /** The release's homes by id, to read the protocol's apartment ids. */
  apartments: z.array(z.object({ id: z.string(), bostad: z.string() })),
  algorithm_version: z.literal(ALLOCATION_VERSION),
  /** The run in force (the latest), null before the run. */
  run: z
    .object({
      id: z.number().int(),
      created_at: z.string(),
      approved_at: z.string().nullable(),
      input: z.record(z.string(), z.unknown()),
      protocol: z.record(z.string(), z.unknown()),
    })
    .nullable(),
  /** Earlier runs this one superseded: their digests show that the input changed, and when. */
  superseded: z.array(z.object({ id: z.number().int(), created_at: z.string(), input_digest: z.string() })),
});
export type ReleaseProtocolDocument = z.infer<typeof releaseProtocolSchema>;
