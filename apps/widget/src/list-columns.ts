import type { PublicApartment } from '@planvy/shared/public-view';
import type { SortKey } from './apartment-order';
import { pricePerSquare } from './price-per-square';
import type { Widget } from './widget';

export interface Column {
  key: SortKey;
  label: string;
  cell: (a: PublicApartment) => string;
  numeric?: boolean;
}

/** The list columns: the field catalogue's, as this project shows them (multi_building, hide_floor_column, hide_fee_column, use_garden_size). */
export function listColumns(w: Widget): Column[] {
  const dash = w.t('notAvailable');
  const perMonth = (v: string | null) => (v === null ? dash : w.t('perMonth', { amount: v }));
  const columns: Column[] = [{ key: 'bostad', label: w.bostadLabel, cell: (a) => a.bostad }];
  // multi_building: which building each home is in.
  if (w.column('building_number_id'))
    columns.push({ key: 'building', label: w.t('house'), cell: (a) => a.building ?? dash });
  columns.push({ key: 'rooms', label: w.roomsLabel, cell: (a) => a.rooms || dash, numeric: true });
  if (w.column('floor')) {
    columns.push({ key: 'floor', label: w.t('floor'), cell: (a) => a.floor || dash, numeric: true });
  }
  columns.push({ key: 'square', label: w.t('square'), cell: (a) => w.area(a.square) ?? dash, numeric: true });
  if (w.column('garden_size')) {
    columns.push({
      key: 'garden_size',
      label: w.t('gardenSize'),
      cell: (a) => w.area(a.garden_size) ?? dash,
      numeric: true,
    });
  }
  columns.push({
    key: 'price',
    label: w.t(w.isRental ? 'rent' : 'price'),
    cell: (a) => (w.isRental ? perMonth(w.money(a.price)) : (w.money(a.price) ?? dash)),
    numeric: true,
  });
  // Sale and plots only: rent is monthly, not a price.
  if (!w.isRental) {
    columns.push({
      key: 'price_per_m2',
      label: w.t('pricePerSquare'),
      cell: (a) => w.money(pricePerSquare(a)) ?? dash,
      numeric: true,
    });
  }
  if (w.column('fee')) {
    columns.push({ key: 'fee', label: w.t('fee'), cell: (a) => perMonth(w.money(a.fee)), numeric: true });
  }
  columns.push({ key: 'status', label: w.t('status'), cell: (a) => w.statusText(a.status) });
  return columns;
}
