import { useCan } from '../../../hooks/use-can';
import { memo, useEffect, useRef, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector, IconTrash } from '../../../components/ui/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  AMOUNT_FIELDS,
  apartmentField,
  shownValue,
  statusLabel,
  type Apartment,
  type ApartmentFieldOfKind,
  type ProjectType,
} from '@planvy/shared';
import { statusBadgeColours } from '../../../components/ui/status-badge';
import { formatAmount, NO_VALUE, type ColumnKey, type Lang, type SortState } from '../apartment-table';
import { isTomterNamed } from '../field-labels';
import classes from './apartments-table.module.css';

export const ROW_HEIGHT = 44;

const badgeStyle = (status: string): CSSProperties => {
  const { fill, text } = statusBadgeColours(status);
  return { '--badge-color': fill, '--badge-text': text } as CSSProperties;
};
const HEADER_HEIGHT = 41;

/** Fixed widths keep columns still while rows scroll in and out; bostad takes the rest. */
const WIDTHS: Record<Exclude<ColumnKey, 'bostad'>, number> = {
  building: 110,
  rooms: 90,
  floor: 90,
  square: 110,
  price: 150,
  fee: 120,
  garden_size: 110,
  status: 200,
};
/** Room for the bostad header: "Fastighetsbeteckning" (tomter) is much longer than "Bostad". */
const bostadMin = (type: ProjectType) => (type === 'tomter' ? 220 : 160);
const CHECK_WIDTH = 48;
const DELETE_WIDTH = 64;

function columnWidth(key: ColumnKey, type: ProjectType): number | undefined {
  if (key === 'bostad') return undefined;
  // "Tomtnr" is wider than "Rum".
  if (key === 'rooms' && type === 'tomter') return 120;
  return WIDTHS[key];
}

const NUMERIC: ReadonlySet<string> = new Set(AMOUNT_FIELDS);

export interface TableFormat {
  type: ProjectType;
  lang: Lang;
  /** "kr" or "SEK". */
  currency: string;
  /** Building number labels by id (the building column, multi_building). */
  buildings: ReadonlyMap<number, string>;
}

export interface ApartmentsTableProps {
  rows: readonly Apartment[];
  columns: readonly ColumnKey[];
  format: TableFormat;
  selected: ReadonlySet<number>;
  sort: SortState | null;
  onSort: (key: ColumnKey) => void;
  onToggle: (id: number) => void;
  onToggleAll: (select: boolean) => void;
  onOpen: (apartment: Apartment) => void;
  onDelete: (apartment: Apartment) => void;
  /** Held apartments (ADR 035): apartment id → when the hold ends (ISO). */
  heldUntil?: ReadonlyMap<number, string>;
}

/** A name for the row in labels, even when bostad is empty. */
export const rowName = (a: Apartment) => a.bostad || `#${a.id}`;

function cellText(apartment: Apartment, key: ColumnKey, format: TableFormat): string {
  if (key === 'building')
    return apartment.building_number_id === null
      ? NO_VALUE
      : (format.buildings.get(apartment.building_number_id) ?? NO_VALUE);
  switch (apartmentField(key)?.kind) {
    case 'money':
      return formatAmount(
        shownValue(apartment, key as ApartmentFieldOfKind<'money'>),
        format.lang,
        format.currency,
      );
    case 'area':
      return formatAmount(apartment[key as ApartmentFieldOfKind<'area'>], format.lang, 'm²');
    case 'status':
      return '';
    default:
      return apartment[key as ApartmentFieldOfKind<'text'>];
  }
}

interface RowProps {
  /** Passed down rather than read per row: useTranslation subscribes every mounted row to i18n. */
  t: TFunction;
  apartment: Apartment;
  index: number;
  checked: boolean;
  columns: readonly ColumnKey[];
  format: TableFormat;
  /** The row has a delete button (`apartment.delete`). */
  canDelete: boolean;
  /** When the apartment's hold ends, if it is held. */
  heldUntil: string | undefined;
  onToggle: (id: number) => void;
  onOpen: (apartment: Apartment) => void;
  onDelete: (apartment: Apartment) => void;
}

const stop = (event: MouseEvent) => event.stopPropagation();

const heldFormats = new Map<string, Intl.DateTimeFormat>();
/** "3 dec. 14:05": short enough for the status cell. */
function heldFormat(lang: string): Intl.DateTimeFormat {
  let format = heldFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sv-SE', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    heldFormats.set(lang, format);
  }
  return format;
}

/**
 * One row, in plain elements rather than Mantine components: a keystroke in the search box
 * re-renders the thirty-odd rows in view, and Mantine's per-component style work made that
 * the slowest part of a search on 5,000 apartments. Memoised, so a checkbox re-renders one row.
 */
const ApartmentRow = memo(function ApartmentRow({
  t,
  apartment,
  index,
  checked,
  columns,
  format,
  canDelete,
  heldUntil,
  onToggle,
  onOpen,
  onDelete,
}: RowProps) {
  const name = rowName(apartment);
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(apartment);
    }
  };
  return (
    <tr
      className={classes.row}
      data-selected={checked || undefined}
      data-apartment-id={apartment.id}
      aria-rowindex={index + 2}
      tabIndex={0}
      aria-label={t('apartments.table.openRow', { bostad: name })}
      onClick={() => onOpen(apartment)}
      onKeyDown={onKeyDown}
    >
      <td onClick={stop}>
        <input
          type="checkbox"
          className={classes.checkbox}
          checked={checked}
          onChange={() => onToggle(apartment.id)}
          aria-label={t('apartments.table.selectRow', { bostad: name })}
        />
      </td>
      {columns.map((key) =>
        key === 'status' ? (
          <td key={key}>
            <span className={classes.badge} style={badgeStyle(apartment.status)}>
              {statusLabel(apartment.status, format.type, format.lang)}
            </span>
            {apartment.inactive === '1' && (
              <span className={classes.inactive}>{t('apartments.table.inactive')}</span>
            )}
            {heldUntil && (
              <span className={classes.held}>
                {t('apartments.table.heldUntil', { at: heldFormat(format.lang).format(new Date(heldUntil)) })}
              </span>
            )}
          </td>
        ) : (
          <td key={key} className={NUMERIC.has(key) ? classes.number : undefined}>
            {cellText(apartment, key, format)}
          </td>
        ),
      )}
      {canDelete && (
        <td onClick={stop}>
          <button
            type="button"
            className={classes.delete}
            onClick={() => onDelete(apartment)}
            aria-label={t('apartments.table.deleteRow', { bostad: name })}
          >
            <IconTrash size={18} aria-hidden />
          </button>
        </td>
      )}
    </tr>
  );
});

/** A native checkbox (like the rows'), with the mixed state React cannot set as an attribute. */
function SelectAll({
  checked,
  indeterminate,
  disabled,
  onChange,
  label,
}: {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: () => void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={classes.checkbox}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
      aria-label={label}
    />
  );
}

function SortIcon({ dir }: { dir: 'asc' | 'desc' | undefined }) {
  const Icon = dir === 'asc' ? IconArrowUp : dir === 'desc' ? IconArrowDown : IconSelector;
  return <Icon size={14} className={classes.sortIcon} aria-hidden />;
}

interface TableHeadProps {
  columns: readonly ColumnKey[];
  type: ProjectType;
  sort: SortState | null;
  canDelete: boolean;
  allChecked: boolean;
  someChecked: boolean;
  empty: boolean;
  onSort: (key: ColumnKey) => void;
  onToggleAll: (select: boolean) => void;
}

/** The header row; memoised, so scrolling (which re-renders the body every frame) leaves it alone. */
const TableHead = memo(function TableHead({
  columns,
  type,
  sort,
  canDelete,
  allChecked,
  someChecked,
  empty,
  onSort,
  onToggleAll,
}: TableHeadProps) {
  const { t } = useTranslation();
  const columnLabel = (key: ColumnKey) => {
    if (type === 'tomter' && isTomterNamed(key)) return t(`apartments.columns.${key}Tomter`);
    return t(`apartments.columns.${key}`);
  };
  return (
    <Table.Thead>
      <Table.Tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
        <Table.Th scope="col">
          <SelectAll
            checked={allChecked}
            indeterminate={someChecked && !allChecked}
            disabled={empty}
            onChange={() => onToggleAll(!allChecked)}
            label={t('apartments.table.selectAll')}
          />
        </Table.Th>
        {columns.map((key) => {
          const dir = sort?.key === key ? sort.dir : undefined;
          return (
            <Table.Th
              key={key}
              scope="col"
              className={NUMERIC.has(key) ? classes.number : undefined}
              aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
            >
              <UnstyledButton
                className={classes.sortButton}
                data-active={dir ? true : undefined}
                onClick={() => onSort(key)}
              >
                {columnLabel(key)}
                <SortIcon dir={dir} />
              </UnstyledButton>
            </Table.Th>
          );
        })}
        {canDelete && (
          <Table.Th scope="col">
            <VisuallyHidden>{t('apartments.columns.delete')}</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
});

/**
 * The apartments as a real table (row and column semantics stay intact) whose body renders
 * only the rows in view plus a margin: 5,000 apartments cost as much DOM as about thirty.
 */
export const ApartmentsTable = memo(function ApartmentsTable({
  rows,
  columns,
  format,
  selected,
  sort,
  onSort,
  onToggle,
  onToggleAll,
  onOpen,
  onDelete,
  heldUntil,
}: ApartmentsTableProps) {
  const { t } = useTranslation();
  const canDelete = useCan()('apartment.delete');
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    overscan: 8,
    // Render the first screenful before the container is measured (and in tests without layout).
    initialRect: { width: 1024, height: 640 },
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = first ? first.start - HEADER_HEIGHT : 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const colCount = columns.length + (canDelete ? 2 : 1);
  const minWidth =
    CHECK_WIDTH +
    bostadMin(format.type) +
    columns.reduce((sum, key) => sum + (columnWidth(key, format.type) ?? 0), 0) +
    (canDelete ? DELETE_WIDTH : 0);

  let selectedShown = 0;
  for (const a of rows) if (selected.has(a.id)) selectedShown += 1;
  const allChecked = rows.length > 0 && selectedShown === rows.length;

  return (
    <div ref={scrollRef} className={classes.viewport} data-testid="apartments-viewport">
      <Table
        className={classes.table}
        miw={minWidth}
        stickyHeader
        layout="fixed"
        highlightOnHover
        verticalSpacing={0}
        aria-label={t('apartments.table.caption')}
        aria-rowcount={rows.length + 1}
      >
        <colgroup>
          <col style={{ width: CHECK_WIDTH }} />
          {columns.map((key) => (
            <col key={key} style={{ width: columnWidth(key, format.type) }} />
          ))}
          {canDelete && <col style={{ width: DELETE_WIDTH }} />}
        </colgroup>
        <TableHead
          columns={columns}
          type={format.type}
          sort={sort}
          canDelete={canDelete}
          allChecked={allChecked}
          someChecked={selectedShown > 0}
          empty={rows.length === 0}
          onSort={onSort}
          onToggleAll={onToggleAll}
        />
        <Table.Tbody>
          {padTop > 0 && (
            <tr className={classes.spacer} aria-hidden style={{ height: padTop }}>
              <td colSpan={colCount} />
            </tr>
          )}
          {items.map((item) => {
            const apartment = rows[item.index];
            if (!apartment) return null;
            return (
              <ApartmentRow
                key={apartment.id}
                t={t}
                apartment={apartment}
                index={item.index}
                checked={selected.has(apartment.id)}
                columns={columns}
                format={format}
                canDelete={canDelete}
                heldUntil={heldUntil?.get(apartment.id)}
                onToggle={onToggle}
                onOpen={onOpen}
                onDelete={onDelete}
              />
            );
          })}
          {padBottom > 0 && (
            <tr className={classes.spacer} aria-hidden style={{ height: padBottom }}>
              <td colSpan={colCount} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
});
