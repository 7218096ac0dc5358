import {
  apartmentFieldsSchema,
  parseInfo,
  statusesFor,
  type Apartment,
  type ApartmentFields,
  type InfoEntry,
  type ProjectType,
} from '@planvy/shared';
import type { Lang } from './apartment-table';

/** What the apartment form edits: numbers as typed text ("1 250 000", "72,5"), validated by the shared schema. */
export interface ApartmentFormValues {
  status: string;
  /** '' = none. */
  building_number_id: string;
  bostad: string;
  square: string;
  rooms: string;
  floor: string;
  price: string;
  fee: string;
  garden_size: string;
  inactive: boolean;
  link: string;
  description: string;
  info: InfoEntry[];
}

/** The transit form the API takes (spec §3): inactive "1"/"0", info a JSON string, numbers or null. */
export interface ApartmentPayload {
  bostad?: string;
  rooms?: string;
  floor?: string;
  square?: number | null;
  price?: number | null;
  fee?: number | null;
  garden_size?: number | null;
  status?: string;
  inactive?: '0' | '1';
  link?: string;
  description?: string;
  info?: string;
  building_number_id?: number | null;
  file_name?: string;
}

const AMOUNTS = ['square', 'price', 'fee', 'garden_size'] as const;
const TEXTS = ['bostad', 'rooms', 'floor', 'link', 'description'] as const;

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
  const buildingId = source.building_number_id;
  return {
    status: typeof source.status === 'string' && source.status ? source.status : firstStatus,
    building_number_id:
      typeof buildingId === 'number' || (typeof buildingId === 'string' && buildingId !== '')
        ? String(buildingId)
        : '',
    bostad: text(source.bostad),
    square: amountText(source.square, lang),
    rooms: text(source.rooms),
    floor: text(source.floor),
    price: amountText(source.price, lang),
    fee: amountText(source.fee, lang),
    garden_size: amountText(source.garden_size, lang),
    inactive: source.inactive === '1' || source.inactive === true,
    link: text(source.link),
    description: text(source.description),
    info: infoList(apartment ? apartment.info : defaults.info),
  };
}

/** Every edited field in transit form. Call after validation; throws on values the schema refuses. */
export function formPayload(values: ApartmentFormValues): Required<Omit<ApartmentPayload, 'file_name'>> {
  const parsed = apartmentFieldsSchema.parse(values);
  return {
    bostad: parsed.bostad ?? '',
    rooms: parsed.rooms ?? '',
    floor: parsed.floor ?? '',
    square: parsed.square ?? null,
    price: parsed.price ?? null,
    fee: parsed.fee ?? null,
    garden_size: parsed.garden_size ?? null,
    status: parsed.status ?? values.status,
    inactive: parsed.inactive ?? '0',
    link: parsed.link ?? '',
    description: parsed.description ?? '',
    info: JSON.stringify(parsed.info ?? []),
    building_number_id: parsed.building_number_id ?? null,
  };
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
  for (const key of AMOUNTS) if (next[key] !== apartment[key]) out[key] = next[key];
  if (next.status !== apartment.status) out.status = next.status;
  if (next.inactive !== apartment.inactive) out.inactive = next.inactive;
  if (next.info !== JSON.stringify(parseInfo(apartment.info))) out.info = next.info;
  if (editable('building_number_id') && next.building_number_id !== apartment.building_number_id) {
    out.building_number_id = next.building_number_id;
  }
  return out;
}

export const FORM_FIELDS: readonly (keyof ApartmentFormValues)[] = [
  'status',
  'building_number_id',
  'bostad',
  'square',
  'rooms',
  'floor',
  'price',
  'fee',
  'garden_size',
  'inactive',
  'link',
  'description',
  'info',
];

/** Maps a server error field ("info.0.url", "building_number_id") to the form field that shows it. */
export function formFieldOf(field: string): keyof ApartmentFormValues | undefined {
  const head = field.split('.')[0] ?? '';
  return (FORM_FIELDS as readonly string[]).includes(head) ? (head as keyof ApartmentFormValues) : undefined;
}
