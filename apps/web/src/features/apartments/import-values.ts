import {
  apartmentField,
  CSV_FIELDS,
  statusLabel,
  type ImportRow,
  type ImportValue,
  type ProjectType,
} from '@planvy/shared';
import { formatAmount, NO_VALUE, type Lang } from './apartment-table';

/**
 * The import preview's values, free of React: which field columns the preview shows and
 * how a value the import will write reads in them.
 */

const order = new Map<string, number>(CSV_FIELDS.map((c, i) => [c.field, i]));

/** The fields any row will write, in the CSV file's column order (bostad has its own column). */
export function importColumns(rows: readonly ImportRow[]): string[] {
  const fields = new Set<string>();
  for (const row of rows) for (const field of Object.keys(row.values)) fields.add(field);
  fields.delete('bostad');
  return [...fields].sort((a, b) => (order.get(a) ?? 99) - (order.get(b) ?? 99));
}

export interface ImportValueFormat {
  type: ProjectType;
  lang: Lang;
  /** "kr" or "SEK". */
  currency: string;
  /** The words for inactive = true / false. */
  yes: string;
  no: string;
}

/** A value as the preview shows it: amounts as the table writes them, a status by its label. */
export function importValueText(field: string, value: ImportValue, format: ImportValueFormat): string {
  if (value === null || value === '') return NO_VALUE;
  if (typeof value === 'boolean') return value ? format.yes : format.no;
  if (Array.isArray(value)) return value.length === 0 ? NO_VALUE : value.join(', ');
  const kind = apartmentField(field)?.kind;
  if (typeof value === 'number')
    return formatAmount(
      value,
      format.lang,
      kind === 'money' ? format.currency : kind === 'area' ? 'm²' : undefined,
    );
  return kind === 'status' ? statusLabel(value, format.type, format.lang) : value;
}
