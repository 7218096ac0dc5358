import { z } from 'zod';
import { PRICE_ADJUST_FIELDS, PRICE_ADJUST_KINDS, PRICE_ROUNDINGS } from './price-adjust';
import { planNameList } from './plan/zones';
import { APARTMENT_FIELDS, APARTMENT_LIMITS, type ApartmentFieldKind } from './apartment-fields';
import { expectedVersionField } from './concurrency';
import { idField } from './ids';
import { STATUS_ALIASES } from './statuses';
import { APARTMENT_LINK_MESSAGE, isApartmentLink, isWebUrl, WEB_URL_MESSAGE } from './web-links';

/** Empty input ("" or null) means "no value". */
const empty = (v: unknown) => v === '' || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The unit people type after an amount ("1 234 000 kr", "3 500 kr/mån", "72,5 m²"): the field
 * already says which, so it is read past.
 */
const AMOUNT_UNIT = /(?:kr|sek|:-|m²|m2|kvm)(?:\/(?:mån|månad|mo|month))?\.?$/i;

/**
 * A non-negative number, as a number or numeric string ("1 250 000", "1 250 000 kr", "70,5"
 * and "70.5" all work); empty means none.
 */
export const amountField = z.preprocess(
  (v) => {
    if (empty(v)) return null;
    if (typeof v === 'string') {
      const compact = v
        .replace(/[\s\u00a0\u202f]/g, '')
        .replace(AMOUNT_UNIT, '')
        .replace(',', '.');
      return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : v;
    }
    return v;
  },
  z
    .number({ error: 'Must be a number' })
    .finite()
    .min(0, { error: 'Must not be negative' })
    .max(APARTMENT_LIMITS.number)
    .nullable(),
);

/** "1"/"0" in transit; true/false and 1/0 accepted. */
export const flagField = z.preprocess(
  (v) => (v === true || v === 1 || v === 'true' ? '1' : v === false || v === 0 || v === 'false' ? '0' : v),
  z.enum(['0', '1'], { error: 'Must be 1 or 0' }),
);

/** An info file: an absolute http(s) URL (./web-links.ts). */
export const infoEntrySchema = z.object({
  url: z.string().trim().min(1).max(APARTMENT_LIMITS.link).refine(isWebUrl, { error: WEB_URL_MESSAGE }),
});
export type InfoEntry = z.infer<typeof infoEntrySchema>;

/** `info` travels as a JSON-encoded list of `{url}` (spec §3); a plain array is accepted too. */
export const infoField = z.preprocess(
  (v) => {
    if (empty(v) || v === undefined) return [];
    if (typeof v === 'string') {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    }
    return v;
  },
  z.array(infoEntrySchema, { error: 'Must be a list of {url}' }).max(APARTMENT_LIMITS.infoFiles),
);

const text = (max: number = APARTMENT_LIMITS.text) => z.string().trim().max(max);
/** A building number's id, or none (empty, 0): the one id schema (./ids.ts). */
const optionalId = z.preprocess((v) => (empty(v) || v === 0 || v === '0' ? null : v), idField.nullable());

/** How a field of each kind is checked on the way in (./apartment-fields.ts). */
const validators = {
  text: (max?: number) => text(max),
  /** A web address, mailto: or tel: (./web-links.ts); empty for none. */
  link: (max?: number) =>
    text(max).refine((v) => v === '' || isApartmentLink(v), { error: APARTMENT_LINK_MESSAGE }),
  area: () => amountField,
  money: () => amountField,
  status: () => z.enum(STATUS_ALIASES, { error: 'Unknown status' }),
  boolean: () => flagField,
  building: () => optionalId,
  documents: () => infoField,
  /** Comma-separated SVG file names the apartment appears in; empty = detached. */
  plans: (max?: number) => text(max),
} as const satisfies Record<ApartmentFieldKind, (max?: number) => z.ZodType>;

type CatalogueField = (typeof APARTMENT_FIELDS)[number];
type FieldsShape = {
  [F in CatalogueField as F['key']]: z.ZodOptional<ReturnType<(typeof validators)[F['kind']]>>;
};

/** The editable fields, one validator per catalogue field by its kind; every one optional so a PUT may send only what changes. */
export const apartmentFieldsSchema = z.object(
  Object.fromEntries(
    APARTMENT_FIELDS.map((f) => [f.key, validators[f.kind]('max' in f ? f.max : undefined).optional()]),
  ) as FieldsShape,
);
export type ApartmentFields = z.input<typeof apartmentFieldsSchema>;

export const apartmentCreateSchema = apartmentFieldsSchema;
/** PUT: the fields that change, and the version the form loaded (a stale one is a 409). */
export const apartmentUpdateSchema = apartmentFieldsSchema.extend({ version: expectedVersionField });

export const apartmentSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  building_number_id: z.number().int().nullable(),
  bostad: z.string(),
  rooms: z.string(),
  floor: z.string(),
  square: z.number().nullable(),
  price: z.number().nullable(),
  fee: z.number().nullable(),
  garden_size: z.number().nullable(),
  status: z.string(),
  inactive: z.enum(['0', '1']),
  link: z.string(),
  file_name: z.string(),
  description: z.string(),
  /** JSON-encoded list of {url}. */
  info: z.string(),
  statistic_count: z.number().int(),
  updated_at: z.string(),
  /** Moves on with every change (not with clicks). */
  version: z.number().int(),
});
export type Apartment = z.infer<typeof apartmentSchema>;

/** The apartments a mass action changes, checked as a whole (at most one page of a big project). */
const massApartments = z.array(idField).min(1).max(10_000);
/**
 * The versions the table showed, by apartment id; when any is stale nothing changes (409).
 * Apartments left out are not checked.
 */
const massVersions = z.record(z.string().regex(/^[1-9]\d{0,9}$/), z.number().int().min(0)).optional();

export const massStatusSchema = z.object({
  apartments: massApartments,
  status: z.enum(STATUS_ALIASES, { error: 'Unknown status' }),
  projectId: idField,
  versions: massVersions,
});

/** One price rule for several apartments of a project (previewed with price-adjust.ts). */
export const massPriceSchema = z.object({
  apartments: massApartments,
  adjustment: z
    .object({
      field: z.enum(PRICE_ADJUST_FIELDS),
      kind: z.enum(PRICE_ADJUST_KINDS),
      value: z.number().finite().min(-1_000_000_000).max(1_000_000_000),
      round_to: z.union(PRICE_ROUNDINGS.map((n) => z.literal(n))),
    })
    .refine((a) => a.kind !== 'percent' || (a.value >= -90 && a.value <= 500), {
      error: 'A percentage from −90 to 500',
      path: ['value'],
    })
    .refine((a) => a.kind !== 'set' || a.value >= 0, { error: 'An amount of 0 or more', path: ['value'] }),
  versions: massVersions,
});

/** One building number (or none: null) for several apartments of a project. */
export const massBuildingNumberSchema = z.object({
  apartments: massApartments,
  building_number_id: idField.nullable(),
  projectId: idField,
  versions: massVersions,
});

export const statusChangeSchema = z.object({
  id: z.number().int(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  changed_at: z.string(),
  user: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  /** The admin who made the change while signed in as `user` ("Admin A as Client B"). */
  impersonator: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

const personSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** One change of an apartment's price or fee (issue 24); `from_*` are null for the first price. */
export const priceChangeSchema = z.object({
  id: z.number().int(),
  from_price: z.number().nullable(),
  to_price: z.number().nullable(),
  from_fee: z.number().nullable(),
  to_fee: z.number().nullable(),
  changed_at: z.string(),
  user: personSchema.nullable(),
  impersonator: personSchema.nullable(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

/** Answers of the apartment routes: the routes declare them, the web app reads them. */
export const apartmentResponseSchema = z.object({ apartment: apartmentSchema });
export const apartmentsResponseSchema = z.object({ apartments: z.array(apartmentSchema) });
/** An apartment's history, newest first: its status changes and its price and fee changes. */
export const apartmentHistoryResponseSchema = z.object({
  history: z.array(statusChangeSchema),
  prices: z.array(priceChangeSchema),
});

/**
 * A value an import writes, as the preview shows it: areas and money as numbers, the status
 * by its alias, inactive as a boolean, the building number by its label, info files by
 * their addresses; null for none.
 */
export const importValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
]);
export type ImportValue = z.infer<typeof importValueSchema>;

/** One CSV row as an import read it (a dry run shows them before anything is applied). */
export const importRowSchema = z.object({
  line: z.number().int(),
  bostad: z.string(),
  kind: z.enum(['new', 'changed', 'unchanged', 'invalid']),
  /** For changed rows: which fields differ. */
  changes: z.array(z.string()),
  /**
   * What will be written, by field: every field the file sets for a new row, each changed
   * field for a changed one.
   */
  values: z.record(z.string(), importValueSchema),
  /** For changed rows: each changed field's value now (`values` holds what it becomes). */
  before: z.record(z.string(), importValueSchema),
  /**
   * The building number the row names that the project does not have yet: the row is
   * written when the import is applied with create_building_numbers, refused without.
   */
  missing_building_number: z.string().nullable(),
  /** For invalid rows: why, per field. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importResultSchema = z.object({
  rows: z.array(importRowSchema),
  unknown_columns: z.array(z.string()),
  /** How the file was read: its encoding (utf-8, utf-16le, windows-1252…) and separator. */
  encoding: z.string(),
  delimiter: z.enum(['\t', ';', ',']),
  /** Building numbers rows name that the project lacks (their labels as the file first writes them). */
  missing_building_numbers: z.array(z.string()),
  /** Building numbers the applied import created (with create_building_numbers). */
  created_building_numbers: z.array(z.string()),
  summary: z.object({ new: z.number(), changed: z.number(), unchanged: z.number(), invalid: z.number() }),
  applied: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The import's request body: the file (as text, or its bytes in base64), and whether to create missing building numbers. */
export const importBodySchema = z.object({
  csv: z
    .string()
    .max(15 * 1024 * 1024)
    .optional(),
  /** Base64 of the file's bytes: any encoding the import reads (UTF-8, UTF-16, Windows-1252). */
  csv_base64: z
    .string()
    .max(20 * 1024 * 1024)
    .optional(),
  /** With apply=1: create the building numbers rows name that do not exist, in the same transaction. */
  create_building_numbers: z.boolean().default(false),
});

/** Parses the transit form of `info`; anything malformed reads as an empty list. */
export function parseInfo(info: string): InfoEntry[] {
  const parsed = infoField.safeParse(info);
  return parsed.success ? parsed.data : [];
}

/** Splits the comma-separated `file_name` list (the same list form as a zone's data-link-to). */
export { planNameList as fileNames } from './plan/zones';

/** An apartment with no zone on any plan (spec §4: empty `file_name`; a list of blanks is empty too). */
export function isOnNoPlan(apartment: Pick<Apartment, 'file_name'>): boolean {
  return planNameList(apartment.file_name).length === 0;
}

export { compareApartments, naturalOrder } from './apartment-order';
