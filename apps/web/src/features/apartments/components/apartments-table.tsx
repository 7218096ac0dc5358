import { memo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { ActionIcon, Badge, Checkbox, Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector, IconTrash } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { Apartment, ProjectType } from '@planvy/shared';
import { formatAmount, shownAmount, type ColumnKey, type Lang, type SortState } from '../apartment-table';
import { StatusBadge } from './status-badge';
import classes from './apartments-table.module.css';

export const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 41;

/** Fixed widths keep columns still while rows scroll in and out; bostad takes the rest (at least 160 px). */
const WIDTHS: Record<Exclude<ColumnKey, 'bostad'>, number> = {
  rooms: 90,
  floor: 90,
  square: 110,
  price: 150,
  fee: 120,
  garden_size: 110,
  status: 200,
};
const BOSTAD_MIN = 160;
const CHECK_WIDTH = 48;
const DELETE_WIDTH = 64;

function columnWidth(key: ColumnKey, type: ProjectType): number | undefined {
  if (key === 'bostad') return undefined;
  // "Tomt NR" is wider than "Rum".
  if (key === 'rooms' && type === 'tomter') return 120;
  return WIDTHS[key];
}

const NUMERIC: ReadonlySet<ColumnKey> = new Set(['square', 'price', 'fee', 'garden_size']);

export interface TableFormat {
  type: ProjectType;
  lang: Lang;
  /** "kr" or "SEK". */
  currency: string;
}

export interface ApartmentsTableProps {
  rows: readonly Apartment[];
  columns: readonly ColumnKey[];
  format: TableFormat;
  selected: ReadonlySet<number>;
  isAdmin: boolean;
  sort: SortState | null;
  onSort: (key: ColumnKey) => void;
  onToggle: (id: number) => void;
  onToggleAll: (select: boolean) => void;
  onOpen: (apartment: Apartment) => void;
  onDelete: (apartment: Apartment) => void;
}

/** A name for the row in labels, even when bostad is empty. */
export const rowName = (a: Apartment) => a.bostad || `#${a.id}`;

function cellText(apartment: Apartment, key: ColumnKey, format: TableFormat): string {
  switch (key) {
    case 'price':
    case 'fee':
      return formatAmount(shownAmount(apartment, key), format.lang, format.currency);
    case 'square':
    case 'garden_size':
      return formatAmount(apartment[key], format.lang, 'm²');
    case 'status':
      return '';
    default:
      return apartment[key];
  }
}

interface RowProps {
  apartment: Apartment;
  index: number;
  checked: boolean;
  columns: readonly ColumnKey[];
  format: TableFormat;
  isAdmin: boolean;
  onToggle: (id: number) => void;
  onOpen: (apartment: Apartment) => void;
  onDelete: (apartment: Apartment) => void;
}

const stop = (event: MouseEvent) => event.stopPropagation();

/** One row; memoised so checking a box or typing a search re-renders only what changed. */
const ApartmentRow = memo(function ApartmentRow({
  apartment,
  index,
  checked,
  columns,
  format,
  isAdmin,
  onToggle,
  onOpen,
  onDelete,
}: RowProps) {
  const { t } = useTranslation();
  const name = rowName(apartment);
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(apartment);
    }
  };
  return (
    <Table.Tr
      className={classes.row}
      data-selected={checked || undefined}
      data-apartment-id={apartment.id}
      aria-rowindex={index + 2}
      tabIndex={0}
      aria-label={t('apartments.table.openRow', { bostad: name })}
      onClick={() => onOpen(apartment)}
      onKeyDown={onKeyDown}
    >
      <Table.Td onClick={stop}>
        <Checkbox
          size="sm"
          checked={checked}
          onChange={() => onToggle(apartment.id)}
          aria-label={t('apartments.table.selectRow', { bostad: name })}
        />
      </Table.Td>
      {columns.map((key) =>
        key === 'status' ? (
          <Table.Td key={key}>
            <Group gap={6} wrap="nowrap">
              <StatusBadge status={apartment.status} type={format.type} lang={format.lang} />
              {apartment.inactive === '1' && (
                <Badge color="gray" variant="outline" radius="sm" tt="none" fw={500}>
                  {t('apartments.table.inactive')}
                </Badge>
              )}
            </Group>
          </Table.Td>
        ) : (
          <Table.Td key={key} className={NUMERIC.has(key) ? classes.number : undefined}>
            {cellText(apartment, key, format)}
          </Table.Td>
        ),
      )}
      {isAdmin && (
        <Table.Td onClick={stop}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onDelete(apartment)}
            aria-label={t('apartments.table.deleteRow', { bostad: name })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Table.Td>
      )}
    </Table.Tr>
  );
});

function SortIcon({ dir }: { dir: 'asc' | 'desc' | undefined }) {
  const Icon = dir === 'asc' ? IconArrowUp : dir === 'desc' ? IconArrowDown : IconSelector;
  return <Icon size={14} className={classes.sortIcon} aria-hidden />;
}

/**
 * The apartments as a real table (row and column semantics stay intact) whose body renders
 * only the rows in view plus a margin: 5,000 apartments cost as much DOM as about thirty.
 */
export const ApartmentsTable = memo(function ApartmentsTable({
  rows,
  columns,
  format,
  selected,
  isAdmin,
  sort,
  onSort,
  onToggle,
  onToggleAll,
  onOpen,
  onDelete,
}: ApartmentsTableProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    overscan: 12,
    // Render the first screenful before the container is measured (and in tests without layout).
    initialRect: { width: 1024, height: 640 },
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = first ? first.start - HEADER_HEIGHT : 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const colCount = columns.length + (isAdmin ? 2 : 1);
  const minWidth =
    CHECK_WIDTH +
    BOSTAD_MIN +
    columns.reduce((sum, key) => sum + (columnWidth(key, format.type) ?? 0), 0) +
    (isAdmin ? DELETE_WIDTH : 0);

  let selectedShown = 0;
  for (const a of rows) if (selected.has(a.id)) selectedShown += 1;
  const allChecked = rows.length > 0 && selectedShown === rows.length;

  const columnLabel = (key: ColumnKey) => {
    if (format.type === 'tomter' && key === 'bostad') return t('apartments.columns.bostadTomter');
    if (format.type === 'tomter' && key === 'rooms') return t('apartments.columns.roomsTomter');
    return t(`apartments.columns.${key}`);
  };

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
          {isAdmin && <col style={{ width: DELETE_WIDTH }} />}
        </colgroup>
        <Table.Thead>
          <Table.Tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
            <Table.Th scope="col">
              <Checkbox
                size="sm"
                checked={allChecked}
                indeterminate={selectedShown > 0 && !allChecked}
                disabled={rows.length === 0}
                onChange={() => onToggleAll(!allChecked)}
                aria-label={t('apartments.table.selectAll')}
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
            {isAdmin && (
              <Table.Th scope="col">
                <VisuallyHidden>{t('apartments.columns.delete')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
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
                apartment={apartment}
                index={item.index}
                checked={selected.has(apartment.id)}
                columns={columns}
                format={format}
                isAdmin={isAdmin}
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
