import type { TFunction } from 'i18next';
import type { ProjectType } from '@planvy/shared';

export type FieldName =
  | 'status'
  | 'building_number'
  | 'building_number_id'
  | 'bostad'
  | 'square'
  | 'rooms'
  | 'floor'
  | 'price'
  | 'fee'
  | 'garden_size'
  | 'inactive'
  | 'link'
  | 'description'
  | 'info'
  | 'row';

const FIELD_NAMES: ReadonlySet<string> = new Set<FieldName>([
  'status',
  'building_number',
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
  'row',
]);

/** A field's name as people read it; tomter call bostad Fastighetsbeteckning and rooms Tomt NR (spec §3). */
export function fieldLabel(t: TFunction, field: string, type: ProjectType): string {
  if (!FIELD_NAMES.has(field)) return field;
  if (type === 'tomter' && field === 'bostad') return t('apartments.fields.bostadTomter');
  if (type === 'tomter' && field === 'rooms') return t('apartments.fields.roomsTomter');
  return t(`apartments.fields.${field as FieldName}`);
}
