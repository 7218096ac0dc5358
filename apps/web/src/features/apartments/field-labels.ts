import type { TFunction } from 'i18next';
import {
  APARTMENT_FIELDS,
  CSV_FIELDS,
  type ApartmentCsvKey,
  type ApartmentFieldKey,
  type ProjectType,
} from '@planvy/shared';

/**
 * A name the API reports a problem under: a catalogue field the form edits, a CSV column
 * (building_number: the building's label), or the import's whole row.
 */
export type FieldName = Exclude<ApartmentFieldKey, 'file_name'> | ApartmentCsvKey | 'row';

const FIELD_NAMES: ReadonlySet<string> = new Set<string>([
  ...APARTMENT_FIELDS.flatMap((f) => (f.kind === 'plans' ? [] : [f.key])),
  ...CSV_FIELDS.map((c) => c.key),
  'row',
]);

/** A field's name as people read it; tomter call bostad Fastighetsbeteckning and rooms Tomt NR (spec §3). */
export function fieldLabel(t: TFunction, field: string, type: ProjectType): string {
  if (!FIELD_NAMES.has(field)) return field;
  if (type === 'tomter' && field === 'bostad') return t('apartments.fields.bostadTomter');
  if (type === 'tomter' && field === 'rooms') return t('apartments.fields.roomsTomter');
  return t(`apartments.fields.${field as FieldName}`);
}
