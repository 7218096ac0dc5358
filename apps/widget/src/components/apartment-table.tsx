import { memo } from '../memo';
import type { PublicApartment } from '@planvy/shared/public-view';
import type { SortKey, SortState } from '../apartment-order';
import type { Column } from '../list-columns';
import { useWidget } from '../widget-context';
import type { WishUi } from '../wish-feature';
import { ApartmentTools } from './apartment-tools';
import { StatusBadge } from './status-badge';

interface RowProps {
  apartment: PublicApartment;
  columns: Column[];
  highlighted: boolean;
  selected: boolean;
  favourite: boolean;
  compared: boolean;
  onHover: (id: number | null) => void;
  onOpen: (id: number, opener: Element) => void;
  onFavourite: (id: number) => void;
  onCompare: (id: number) => void;
  wishUi: WishUi | null;
}

/** Memoised: hovering one row re-renders two rows, not a thousand. */
const Row = memo(function Row(props: RowProps) {
  const { apartment: a, columns, highlighted, selected, onHover, onOpen } = props;
  return (
    <tr
      data-pv-row={a.id}
      className={`${highlighted ? 'pv-hl' : ''}${selected ? ' pv-sel' : ''}${a.inactive ? ' pv-row-inactive' : ''}`}
      onMouseEnter={() => onHover(a.id)}
      onMouseLeave={() => onHover(null)}
      onFocusCapture={() => onHover(a.id)}
      onBlurCapture={() => onHover(null)}
      onClick={(e) => onOpen(a.id, (e.currentTarget as Element).querySelector('button') ?? e.currentTarget)}
    >
      {columns.map((c, i) =>
        i === 0 ? (
          <th scope="row" key={c.key}>
            <button type="button" className="pv-row-btn">
              {a.bostad}
            </button>
          </th>
        ) : c.key === 'status' ? (
          <td key={c.key}>
            <StatusBadge status={a.status} inactive={a.inactive} />
          </td>
        ) : (
          <td key={c.key} className={c.numeric ? 'pv-num' : undefined}>
            {c.cell(a)}
          </td>
        ),
      )}
      <td className="pv-tools-cell">
        <ApartmentTools
          apartment={a}
          favourite={props.favourite}
          compared={props.compared}
          onFavourite={props.onFavourite}
          onCompare={props.onCompare}
          wishUi={props.wishUi}
          named
        />
      </td>
    </tr>
  );
});

export interface ListProps {
  apartments: PublicApartment[];
  columns: Column[];
  highlightId: number | null;
  selectedId: number | null;
  sort: SortState | null;
  /** Table headers: first click sorts ascending, the next flips the direction. */
  onSort: (key: SortKey) => void;
  /** Sort menu: sets the whole state; null is the project's default order. */
  onSortState: (sort: SortState | null) => void;
  onHover: (id: number | null) => void;
  onOpen: (id: number, opener: Element) => void;
  favourites: ReadonlySet<number>;
  compareIds: readonly number[];
  onFavourite: (id: number) => void;
  onCompare: (id: number) => void;
  /** The wish list's UI while a release takes wishes (ADR 041), null otherwise. */
  wishUi: WishUi | null;
}

/** The classic list: a sortable table, scrolling sideways inside its own box on phones. */
export function ApartmentTable(props: ListProps) {
  const w = useWidget();
  const { sort } = props;
  return (
    // Focusable, so the keyboard can scroll it sideways; a group, since the list's section is
    // already the landmark of that name (two would not be told apart).
    <div className="pv-table-wrap" tabIndex={0} role="group" aria-labelledby="pv-list-title">
      <table className="pv-table">
        <thead>
          <tr>
            {props.columns.map((c) => {
              const active = sort?.key === c.key;
              return (
                <th
                  scope="col"
                  key={c.key}
                  aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={c.numeric ? 'pv-num' : undefined}
                >
                  <button
                    type="button"
                    className="pv-sort"
                    onClick={() => props.onSort(c.key)}
                    title={w.t('sortBy', { column: c.label })}
                  >
                    {c.label}
                    <span aria-hidden="true" className="pv-sort-mark">
                      {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
            <th scope="col">
              <span className="pv-sr">{w.t('tools')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.apartments.map((a) => (
            <Row
              key={a.id}
              apartment={a}
              columns={props.columns}
              highlighted={props.highlightId === a.id}
              selected={props.selectedId === a.id}
              favourite={props.favourites.has(a.id)}
              compared={props.compareIds.includes(a.id)}
              onHover={props.onHover}
              onOpen={props.onOpen}
              onFavourite={props.onFavourite}
              onCompare={props.onCompare}
              wishUi={props.wishUi}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
