import { isOn } from './flags';
import type { ProjectSettingName } from './projects';
import type { ProjectTypeForStatus } from './statuses';

/**
 * The apartment field catalogue (spec §3 apartments): every field an apartment has, with
 * its kind, its CSV headers, when it is shown, who may change it, whether buyers see it and
 * whether an inactive apartment hides it. The API's schemas, the CSV import and export, the
 * back-office table and form, the public view and the widget's list derive from it
 * (ADR 028). Free of zod, so the widget can import it.
 */

export type ApartmentFieldKind =
  /** One line of text, at most `max` characters (100 unless said). */
  | 'text'
  /** A web address, mailto: or tel: (./web-links.ts). */
  | 'link'
  /** A non-negative decimal in m² ("72,5"). */
  | 'area'
  /** A non-negative decimal in the project's currency. */
  | 'money'
  /** An alias of the status catalogue (./statuses.ts). */
  | 'status'
  /** "1"/"0" in transit, a boolean in the database and the public view. */
  | 'boolean'
  /** The id of one of the project's building numbers; its label in CSV and the public view. */
  | 'building'
  /** Info files: a list of `{url}`. */
  | 'documents'
  /** The comma-separated plan (SVG) names the apartment is drawn on. */
  | 'plans';

/** When a field applies to a project; a field without it always does. */
export interface FieldShown {
  /** Only for these project types (tomter have no floors). */
  types?: readonly ProjectTypeForStatus[];
  /** Only when this setting is on (use_garden_size, multi_building). */
  with?: ProjectSettingName;
  /** Left out of the lists (tables and compare) when this setting is on (hide_fee_column). */
  hiddenInListsBy?: ProjectSettingName;
}

export interface ApartmentFieldDefinition {
  /** The field's name in the API, the database and the forms. */
  key: string;
  kind: ApartmentFieldKind;
  /** Longest text accepted (text and link kinds). */
  max?: number;
  /** Its column in CSV files: the record key, the headers written, and other headers read. */
  csv?: { key: string; sv: string; en: string; aliases?: readonly string[] };
  shown?: FieldShown;
  /** A column of the back-office apartments table. */
  column?: true;
  /** Only an admin may set it (spec §6: building numbers and zone links); others' forms show it read-only. */
  adminOnly?: true;
  /** Sent to buyers in the public view, under `publicName` when it is called differently there. */
  public?: true;
  publicName?: string;
  /** An inactive apartment shows none of it, anywhere (spec §3: price and fee never leave the server). */
  hiddenWhenInactive?: true;
}

/** Limits of the apartment fields (the API refuses longer or larger values). */
export const APARTMENT_LIMITS = {
  text: 100,
  link: 2000,
  description: 10_000,
  planNames: 4000,
  infoFiles: 50,
  number: 1e12,
} as const;

/** In the CSV file's column order (export writes them so; import reads any order). */
export const APARTMENT_FIELDS = [
  {
    key: 'bostad',
    kind: 'text',
    csv: {
      key: 'bostad',
      sv: 'Bostad',
      en: 'Unit',
      aliases: [
        'fastighetsbeteckning',
        'property designation',
        'lägenhet',
        'lägenhetsnummer',
        'lgh',
        'lgh nr',
        'apartment',
        'unit no',
      ],
    },
    column: true,
    public: true,
  },
  {
    key: 'rooms',
    kind: 'text',
    csv: {
      key: 'rooms',
      sv: 'Rum',
      en: 'Rooms',
      aliases: ['tomt nr', 'tomtnummer', 'plot no', 'plot number', 'antal rum', 'rok'],
    },
    column: true,
    public: true,
  },
  {
    key: 'floor',
    kind: 'text',
    csv: { key: 'floor', sv: 'Våning', en: 'Floor', aliases: ['vån', 'våningsplan'] },
    shown: { types: ['sale', 'rental'], hiddenInListsBy: 'hide_floor_column' },
    column: true,
    public: true,
  },
  {
    key: 'square',
    kind: 'area',
    csv: {
      key: 'square',
      sv: 'Boarea',
      en: 'Area',
      aliases: ['kvm', 'square', 'size', 'boyta', 'yta', 'storlek', 'area m2', 'tomtarea'],
    },
    column: true,
    public: true,
  },
  {
    key: 'price',
    kind: 'money',
    csv: { key: 'price', sv: 'Pris', en: 'Price', aliases: ['hyra', 'rent', 'utgångspris'] },
    column: true,
    public: true,
    hiddenWhenInactive: true,
  },
  {
    key: 'fee',
    kind: 'money',
    csv: { key: 'fee', sv: 'Avgift', en: 'Fee', aliases: ['månadsavgift', 'monthly fee'] },
    // A plot has no monthly fee.
    shown: { types: ['sale', 'rental'], hiddenInListsBy: 'hide_fee_column' },
    column: true,
    public: true,
    hiddenWhenInactive: true,
  },
  {
    key: 'garden_size',
    kind: 'area',
    csv: { key: 'garden_size', sv: 'Trädgård', en: 'Garden size', aliases: ['trädgårdsstorlek', 'garden'] },
    shown: { with: 'use_garden_size' },
    column: true,
    public: true,
  },
  {
    key: 'status',
    kind: 'status',
    csv: { key: 'status', sv: 'Status', en: 'Status' },
    column: true,
    public: true,
  },
  {
    key: 'inactive',
    kind: 'boolean',
    csv: { key: 'inactive', sv: 'Inaktiv', en: 'Inactive', aliases: ['dold', 'hidden'] },
    public: true,
  },
  {
    key: 'building_number_id',
    kind: 'building',
    csv: {
      key: 'building_number',
      sv: 'Husnummer',
      en: 'Building number',
      aliases: ['hus', 'husnr', 'building', 'building no'],
    },
    shown: { with: 'multi_building' },
    column: true,
    adminOnly: true,
    public: true,
    publicName: 'building',
  },
  {
    key: 'link',
    kind: 'link',
    max: APARTMENT_LIMITS.link,
    csv: { key: 'link', sv: 'Länk', en: 'Link', aliases: ['url', 'webbadress'] },
    public: true,
  },
  {
    key: 'description',
    kind: 'text',
    max: APARTMENT_LIMITS.description,
    csv: { key: 'description', sv: 'Beskrivning', en: 'Description' },
    public: true,
  },
  {
    key: 'info',
    kind: 'documents',
    csv: {
      key: 'info',
      sv: 'Informationsfiler',
      en: 'Info files',
      aliases: ['infofiler', 'dokument', 'documents'],
    },
    public: true,
  },
  {
    key: 'file_name',
    kind: 'plans',
    max: APARTMENT_LIMITS.planNames,
    adminOnly: true,
    public: true,
    publicName: 'plans',
  },
] as const satisfies readonly ApartmentFieldDefinition[];

type Field = (typeof APARTMENT_FIELDS)[number];
/** One catalogue entry, with its literal key and kind (for types derived per field). */
export type ApartmentFieldEntry = Field;
export type ApartmentFieldKey = Field['key'];
/** The fields of one kind, as a type ('price' | 'fee' for money). */
export type ApartmentFieldOfKind<K extends ApartmentFieldKind> = Extract<Field, { kind: K }>['key'];

const byKey = new Map<string, ApartmentFieldDefinition>(APARTMENT_FIELDS.map((f) => [f.key, f]));

export function apartmentField(key: string): ApartmentFieldDefinition | undefined {
  return byKey.get(key);
}

const keysWhere = (test: (f: ApartmentFieldDefinition) => boolean) =>
  APARTMENT_FIELDS.filter((f: ApartmentFieldDefinition) => test(f)).map((f) => f.key);

/** Fields only an admin may set (spec §6); the access policy names the rule for each. */
export type AdminOnlyApartmentField = Extract<Field, { adminOnly: true }>['key'];
export const ADMIN_ONLY_APARTMENT_FIELDS = /* @__PURE__ */ keysWhere(
  (f) => f.adminOnly === true,
) as readonly AdminOnlyApartmentField[];

/** Numbers people type ("1 250 000", "72,5"): areas and money. */
export const AMOUNT_FIELDS = /* @__PURE__ */ keysWhere(
  (f) => f.kind === 'area' || f.kind === 'money',
) as readonly ApartmentFieldOfKind<'area' | 'money'>[];

/** What an inactive apartment shows of none: price and fee. */
export const HIDDEN_WHEN_INACTIVE = /* @__PURE__ */ keysWhere(
  (f) => f.hiddenWhenInactive === true,
) as readonly Extract<Field, { hiddenWhenInactive: true }>['key'][];

type HiddenWhenInactive = (typeof HIDDEN_WHEN_INACTIVE)[number];

/** Inactive as each layer carries it: a boolean (database, public view) or "1"/"0" (admin API). */
export function isInactive(apartment: { inactive: boolean | string }): boolean {
  return apartment.inactive === true || apartment.inactive === '1';
}

const hiddenWhenInactive: ReadonlySet<string> = new Set(HIDDEN_WHEN_INACTIVE);

/**
 * The one "shown price" rule (spec §3): what anyone sees of a field, which for a price or
 * fee of an inactive apartment is nothing. The public view applies it before anything leaves
 * the server; the back-office table and the widget read through it too.
 */
export function shownValue<A extends { inactive: boolean | string }, K extends keyof A & string>(
  apartment: A,
  key: K,
): A[K] | null {
  return hiddenWhenInactive.has(key) && isInactive(apartment) ? null : apartment[key];
}

/** The apartment as buyers may see it: every field `hiddenWhenInactive` emptied when it is inactive. */
export function withShownAmounts<
  A extends { inactive: boolean | string } & Record<HiddenWhenInactive, number | null>,
>(apartment: A): A {
  if (!isInactive(apartment)) return apartment;
  const shown: Record<HiddenWhenInactive, number | null> = { ...apartment };
  for (const key of HIDDEN_WHEN_INACTIVE) shown[key] = null;
  return shown as A;
}

/** Settings a project's field visibility reads: "1" is on. */
export type FieldSettings = Partial<Record<ProjectSettingName, string>>;

/** Whether a field applies to a project: its type and the setting that turns it on (forms, cards). */
export function isFieldShown(key: string, type: ProjectTypeForStatus, settings: FieldSettings): boolean {
  const shown = byKey.get(key)?.shown;
  if (!shown) return true;
  if (shown.types && !shown.types.includes(type)) return false;
  return !shown.with || isOn(settings, shown.with);
}

/** Whether a field is a column of the project's lists: it applies and no setting hides the column. */
export function isColumnShown(key: string, type: ProjectTypeForStatus, settings: FieldSettings): boolean {
  const hiddenBy = byKey.get(key)?.shown?.hiddenInListsBy;
  return isFieldShown(key, type, settings) && !(hiddenBy && isOn(settings, hiddenBy));
}

/** The back-office table's columns, in catalogue order (the CSV file's). */
export const TABLE_FIELDS = /* @__PURE__ */ keysWhere((f) => f.column === true) as readonly Extract<
  Field,
  { column: true }
>['key'][];

export type ApartmentCsvKey = Extract<Field, { csv: object }>['csv']['key'];
/** The fields a CSV file carries. */
export type ApartmentCsvField = Extract<Field, { csv: object }>['key'];
export interface ApartmentCsvColumn {
  /** The record key (building_number: the file holds the building's label, not its id). */
  key: ApartmentCsvKey;
  field: ApartmentFieldKey;
  kind: ApartmentFieldKind;
  sv: string;
  en: string;
  aliases?: readonly string[];
}

/** The columns of a CSV file, in order: record key and headers. */
export const CSV_FIELDS: readonly ApartmentCsvColumn[] = /* @__PURE__ */ APARTMENT_FIELDS.flatMap(
  (f: ApartmentFieldDefinition) =>
    f.csv
      ? [{ ...f.csv, key: f.csv.key as ApartmentCsvKey, field: f.key as ApartmentFieldKey, kind: f.kind }]
      : [],
);

/**
 * A header as compared: only its letters and digits, lower-cased, and nothing in brackets
 * ("Tomt NR", "Tomtnr" and "tomt_nr." are one header; "Boarea (m²)" is "Boarea").
 */
export function normaliseCsvHeader(header: string): string {
  return header
    .replace(/\([^)]*\)|\[[^\]]*\]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

let csvHeaders: Map<string, ApartmentCsvKey> | undefined;

/** The CSV column a header names (Swedish, English, the field's key, or a usual alias). */
export function csvKeyOfHeader(header: string): ApartmentCsvKey | undefined {
  // Built on first use, so the widget (which reads no CSV) carries no header table.
  if (!csvHeaders) {
    csvHeaders = new Map();
    for (const c of CSV_FIELDS)
      for (const name of [c.key, c.sv, c.en, ...(c.aliases ?? [])])
        csvHeaders.set(normaliseCsvHeader(name), c.key);
  }
  return csvHeaders.get(normaliseCsvHeader(header));
}

export type PublicApartmentField = Extract<Field, { public: true }>['key'];

/** Fields the public view carries, under their public names. */
export const PUBLIC_FIELDS = /* @__PURE__ */ APARTMENT_FIELDS.flatMap((f: ApartmentFieldDefinition) =>
  f.public ? [{ field: f.key as PublicApartmentField, name: f.publicName ?? f.key }] : [],
);
