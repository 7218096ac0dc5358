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

/** The fields tomter name their own way: Fastighetsbeteckning, Tomtnr and Tomtarea (spec §3). */
export const TOMTER_NAMED = ['bostad', 'rooms', 'square'] as const;
type TomterNamed = (typeof TOMTER_NAMED)[number];
export const isTomterNamed = (field: string): field is TomterNamed =>
  (TOMTER_NAMED as readonly string[]).includes(field);

/** A field's name as people read it, a plot's own name for the fields tomter call otherwise. */
export function fieldLabel(t: TFunction, field: string, type: ProjectType): string {
  if (!FIELD_NAMES.has(field)) return field;
  if (type === 'tomter' && isTomterNamed(field)) return t(`apartments.fields.${field}Tomter`);
  return t(`apartments.fields.${field as FieldName}`);
}
