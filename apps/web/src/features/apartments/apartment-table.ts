import {
  AMOUNT_FIELDS,
  compareApartments,
  isColumnShown,
  shownValue,
  TABLE_FIELDS,
  STATUS_ALIASES,
  statusLabel,
  type Apartment,
  type FieldSettings,
  type ProjectSettings,
  type ProjectType,
} from '@planvy/shared';

/**
 * The apartments table's rules, free of React: which columns a project shows, how rows sort,
 * and a search that stays within a frame for 5,000 rows (each row's text is lower-cased once).
 */

/** A table column: a catalogue field (the building number shown by its label as `building`). */
export type ColumnKey = Exclude<(typeof TABLE_FIELDS)[number], 'building_number_id'> | 'building';
export type Lang = 'sv' | 'en';

/**
 * Spec §2/§3: the catalogue's table fields a project shows (isColumnShown: the building number
 * with multi_building, floor hidden for tomter and by hide_floor_column, fee by
 * hide_fee_column, garden size opt-in). The building reads with the bostad, so it comes second.
 */
export function tableColumns(type: ProjectType, settings: FieldSettings): ColumnKey[] {
  const shown = TABLE_FIELDS.filter((key) => isColumnShown(key, type, settings));
  const [bostad, ...rest] = shown.filter((key) => key !== 'building_number_id');
  const building: ColumnKey[] = shown.includes('building_number_id') ? ['building'] : [];
  return bostad ? [bostad, ...building, ...rest] : building;
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: ColumnKey;
  dir: SortDirection;
}

type SortSettings = Pick<ProjectSettings, 'default_sort_order' | 'bostad_as_integer'>;

const naturalOrder = new Intl.Collator('sv', { numeric: true }).compare;
const statusRank = new Map<string, number>(STATUS_ALIASES.map((s, i) => [s, i]));

const amounts: ReadonlySet<string> = new Set(AMOUNT_FIELDS);

/** The number a column sorts by: areas and money as shown (none for an inactive apartment's price). */
function numberValue(apartment: Apartment, key: ColumnKey): number | null {
  return amounts.has(key) ? shownValue(apartment, key as (typeof AMOUNT_FIELDS)[number]) : null;
}

/**
 * The row order: the project's default (default_sort_order, bostad numerically when
 * bostad_as_integer) until a header is clicked; then that column, ties broken by the default.
 * Empty numbers sort last in both directions.
 */
export function apartmentComparator(
  sort: SortState | null,
  settings: SortSettings,
  /** Building number labels by id (the building column sorts by label). */
  buildings: ReadonlyMap<number, string> = new Map(),
): (a: Apartment, b: Apartment) => number {
  const asInteger = settings.bostad_as_integer === '1';
  const byDefault = compareApartments(settings.default_sort_order, asInteger);
  if (!sort) return byDefault;
  const sign = sort.dir === 'asc' ? 1 : -1;
  const byBostad = compareApartments('bostad', asInteger);
  switch (sort.key) {
    case 'bostad':
      return (a, b) => sign * byBostad(a, b);
    case 'status':
      return (a, b) =>
        sign * ((statusRank.get(a.status) ?? 99) - (statusRank.get(b.status) ?? 99)) || byBostad(a, b);
    case 'building': {
      const label = (a: Apartment) =>
        a.building_number_id === null ? '' : (buildings.get(a.building_number_id) ?? '');
      return (a, b) => {
        const [x, y] = [label(a), label(b)];
        if (!x !== !y) return x ? -1 : 1;
        return sign * naturalOrder(x, y) || byDefault(a, b);
      };
    }
    case 'rooms':
    case 'floor': {
      const key = sort.key;
      return (a, b) => {
        if (!a[key] !== !b[key]) return a[key] ? -1 : 1;
        return sign * naturalOrder(a[key], b[key]) || byDefault(a, b);
      };
    }
    default: {
      const key = sort.key;
      return (a, b) => {
        const x = numberValue(a, key);
        const y = numberValue(b, key);
        if (x === null || y === null) return x === y ? byDefault(a, b) : x === null ? 1 : -1;
        return sign * (x - y) || byDefault(a, b);
      };
    }
  }
}

/** Header click: ascending, then descending, then back to the project's default order. */
export function nextSort(current: SortState | null, key: ColumnKey): SortState | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

/** bostad, rooms, floor, status label and description of one apartment, lower-cased once. */
export function searchText(apartment: Apartment, type: ProjectType, lang: Lang): string {
  return [
    apartment.bostad,
    apartment.rooms,
    apartment.floor,
    statusLabel(apartment.status, type, lang),
    apartment.description,
  ]
    .join('\n')
    .toLocaleLowerCase();
}

/** Built when the apartments or the language change, not on every keystroke. */
export function buildSearchIndex(
  apartments: readonly Apartment[],
  type: ProjectType,
  lang: Lang,
): Map<number, string> {
  return new Map(apartments.map((a) => [a.id, searchText(a, type, lang)]));
}

export function searchWords(query: string): string[] {
  return query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

/** Keeps the order of `apartments`; every word must occur somewhere in the row's text. */
export function filterApartments(
  apartments: readonly Apartment[],
  index: ReadonlyMap<number, string>,
  query: string,
): readonly Apartment[] {
  const words = searchWords(query);
  if (words.length === 0) return apartments;
  return apartments.filter((a) => {
    const text = index.get(a.id) ?? '';
    return words.every((w) => text.includes(w));
  });
}

/** The apartments in building `buildingId` (the table's building filter); every apartment for null. */
export function inBuilding(
  apartments: readonly Apartment[],
  buildingId: number | null,
): readonly Apartment[] {
  return buildingId === null ? apartments : apartments.filter((a) => a.building_number_id === buildingId);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Lang): Intl.NumberFormat {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'sv' ? 'sv-SE' : 'en-GB', { maximumFractionDigits: 2 });
    numberFormats.set(lang, format);
  }
  return format;
}

/** The project's currency as written after amounts (settings.currency: kr or sek). */
export function currencySuffix(currency: string): string {
  return currency === 'sek' ? 'SEK' : 'kr';
}

export const NO_VALUE = '–';

/** "1 250 000 kr", "72,5 m²"; a dash when there is no value. */
export function formatAmount(value: number | null, lang: Lang, suffix?: string): string {
  if (value === null) return NO_VALUE;
  const text = numberFormat(lang).format(value);
  return suffix ? `${text}\u00a0${suffix}` : text;
}
