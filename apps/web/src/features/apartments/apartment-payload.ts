import {
  AMOUNT_FIELDS,
  APARTMENT_FIELDS,
  apartmentFieldsSchema,
  type ApartmentFieldEntry,
  type ApartmentFieldKind,
  type ApartmentFieldOfKind,
  parseInfo,
  statusesFor,
  type Apartment,
  type ApartmentFields,
  type InfoEntry,
  type ProjectType,
} from '@planvy/shared';
import type { Lang } from './apartment-table';

/** The fields the form edits: every catalogue field but the zone links (the plan editor sets those). */
type FormField = Exclude<ApartmentFieldEntry, { kind: 'plans' }>;
const FORM_DEFINITIONS = APARTMENT_FIELDS.filter((f): f is FormField => f.kind !== 'plans');

type FormValue<K extends ApartmentFieldKind> = K extends 'boolean'
  ? boolean
  : K extends 'documents'
    ? InfoEntry[]
    : string;
/**
 * What the apartment form edits: numbers as typed text ("1 250 000", "72,5"), validated by the
 * shared schema; a building number id as text, '' for none.
 */
export type ApartmentFormValues = { [F in FormField as F['key']]: FormValue<F['kind']> };

type PayloadValue<K extends ApartmentFieldKind> = K extends 'area' | 'money' | 'building'
  ? number | null
  : K extends 'boolean'
    ? '0' | '1'
    : string;
/** The transit form the API takes (spec §3): inactive "1"/"0", info a JSON string, numbers or null. */
export type ApartmentPayload = { [F in ApartmentFieldEntry as F['key']]?: PayloadValue<F['kind']> };

const TEXTS = APARTMENT_FIELDS.flatMap((f) =>
  f.kind === 'text' || f.kind === 'link' ? [f.key] : [],
) as readonly ApartmentFieldOfKind<'text' | 'link'>[];

const svAmount = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 6 });

/** "2 062 500" and "72,5" in Swedish, "2062500" and "72.5" in English; the shared schema reads both. */
function amountText(value: unknown, lang: Lang): string {
  if (typeof value === 'number') return lang === 'sv' ? svAmount.format(value) : String(value);
  return typeof value === 'string' ? value : '';
}

function infoList(value: unknown): InfoEntry[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return parseInfo(value);
  return Array.isArray(value) ? parseInfo(JSON.stringify(value)) : [];
}

/** Start values: the apartment's, else the caller's defaults (e.g. a plan's file_name), else empty. */
export function initialFormValues(
  apartment: Apartment | undefined,
  defaults: Partial<ApartmentFields>,
  type: ProjectType,
  lang: Lang,
): ApartmentFormValues {
  const source: Partial<Record<keyof ApartmentFields, unknown>> = apartment ?? defaults;
  const firstStatus = statusesFor(type)[0]?.alias ?? 'sale';
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const values: Record<string, unknown> = {};
  for (const { key, kind } of FORM_DEFINITIONS) {
    const value = source[key];
    switch (kind) {
      case 'area':
      case 'money':
        values[key] = amountText(value, lang);
        break;
      case 'status':
        values[key] = typeof value === 'string' && value ? value : firstStatus;
        break;
      case 'building':
        values[key] =
          typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : '';
        break;
      case 'boolean':
        values[key] = value === '1' || value === true;
        break;
      case 'documents':
        values[key] = infoList(value);
        break;
      default:
        values[key] = text(value);
    }
  }
  // Built by kind, as ApartmentFormValues is typed by kind.
  return values as ApartmentFormValues;
}

/** Every edited field in transit form. Call after validation; throws on values the schema refuses. */
export function formPayload(values: ApartmentFormValues): Required<Omit<ApartmentPayload, 'file_name'>> {
  const parsed = apartmentFieldsSchema.parse(values);
  const payload: Record<string, unknown> = {};
  for (const { key, kind } of FORM_DEFINITIONS) {
    const value = parsed[key];
    switch (kind) {
      case 'area':
      case 'money':
      case 'building':
        payload[key] = value ?? null;
        break;
      case 'status':
        payload[key] = value ?? values.status;
        break;
      case 'boolean':
        payload[key] = value ?? '0';
        break;
      case 'documents':
        payload[key] = JSON.stringify(value ?? []);
        break;
      default:
        payload[key] = value ?? '';
    }
  }
  // Built by kind, as ApartmentPayload is typed by kind.
  return payload as Required<Omit<ApartmentPayload, 'file_name'>>;
}

/** Whether the signed-in user may change an apartment field (the policy table's APARTMENT_FIELD_ACTIONS). */
export type EditableField = (field: keyof ApartmentFields) => boolean;

/**
 * The body of a create: every field, plus the defaults the form does not show (file_name).
 * Building numbers and zones are the admin's (spec §6): fields `editable` refuses are never sent.
 */
export function createPayload(
  values: ApartmentFormValues,
  defaults: Partial<ApartmentFields>,
  editable: EditableField,
): ApartmentPayload {
  const { building_number_id, ...rest } = formPayload(values);
  const payload: ApartmentPayload = { ...rest };
  if (editable('building_number_id')) payload.building_number_id = building_number_id;
  if (editable('file_name') && typeof defaults.file_name === 'string') payload.file_name = defaults.file_name;
  return payload;
}

/** The body of an update: only what differs from the stored apartment (the API's PUT semantics). */
export function updatePayload(
  values: ApartmentFormValues,
  apartment: Apartment,
  editable: EditableField,
): ApartmentPayload {
  const next = formPayload(values);
  const out: ApartmentPayload = {};
  for (const key of TEXTS) if (next[key] !== apartment[key]) out[key] = next[key];
  for (const key of AMOUNT_FIELDS) if (next[key] !== apartment[key]) out[key] = next[key];
  if (next.status !== apartment.status) out.status = next.status;
  if (next.inactive !== apartment.inactive) out.inactive = next.inactive;
  if (next.info !== JSON.stringify(parseInfo(apartment.info))) out.info = next.info;
  if (editable('building_number_id') && next.building_number_id !== apartment.building_number_id) {
    out.building_number_id = next.building_number_id;
  }
  return out;
}

export const FORM_FIELDS: readonly (keyof ApartmentFormValues)[] = FORM_DEFINITIONS.map((f) => f.key);

/** Maps a server error field ("info.0.url", "building_number_id") to the form field that shows it. */
export function formFieldOf(field: string): keyof ApartmentFormValues | undefined {
  const head = field.split('.')[0] ?? '';
  return (FORM_FIELDS as readonly string[]).includes(head) ? (head as keyof ApartmentFormValues) : undefined;
}
