import { useMemo } from 'preact/hooks';
import { memo } from '../memo';
import type { PublicApartment } from '@planvy/shared/public-view';
import type { SortKey } from '../apartment-order';
import { useWidget } from '../widget-context';
import type { WishUi } from '../wish-feature';
import type { Column } from '../list-columns';
import type { ListProps } from './apartment-table';
import { ApartmentTools } from './apartment-tools';
import { StatusBadge } from './status-badge';

interface CardProps {
  apartment: PublicApartment;
  facts: Column[];
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

const Card = memo(function Card(props: CardProps) {
  const { apartment: a, facts, highlighted, selected, onHover, onOpen } = props;
  const w = useWidget();
  return (
    <li data-pv-row={a.id} className={`${highlighted ? 'pv-hl' : ''}${selected ? ' pv-sel' : ''}`}>
      <button
        type="button"
        className="pv-card"
        onMouseEnter={() => onHover(a.id)}
        onMouseLeave={() => onHover(null)}
        onFocus={() => onHover(a.id)}
        onBlur={() => onHover(null)}
        onClick={(e) => onOpen(a.id, e.currentTarget)}
      >
        <span className="pv-card-head">
          <span className="pv-card-title">
            {w.bostadLabel} {a.bostad}
          </span>
          <StatusBadge status={a.status} inactive={a.inactive} />
        </span>
        <span className="pv-card-facts">
          {facts.map((c) => (
            <span key={c.key}>
              <span className="pv-card-label">{c.label}</span> {c.cell(a)}
            </span>
          ))}
        </span>
        {props.wishUi && <props.wishUi.Demand id={a.id} />}
      </button>
      <ApartmentTools
        apartment={a}
        favourite={props.favourite}
        compared={props.compared}
        onFavourite={props.onFavourite}
        onCompare={props.onCompare}
        wishUi={props.wishUi}
        named
      />
    </li>
  );
});

/** Columns a card leaves out: its head shows bostad and status; price per m² is for sorting. */
const NOT_ON_CARD: ReadonlySet<SortKey> = new Set(['bostad', 'status', 'price_per_m2']);

/**
 * The list as cards with a sort menu instead of table headers: the new design, and every
 * phone (each card holds what a buyer compares: status, rooms, size, price, fee).
 */
export function ApartmentCards(props: ListProps) {
  const w = useWidget();
  const { columns } = props;
  const facts = useMemo(() => columns.filter((c) => !NOT_ON_CARD.has(c.key)), [columns]);
  const value = props.sort ? `${props.sort.key}:${props.sort.dir}` : '';
  return (
    <div className="pv-cards-wrap">
      <div className="pv-field pv-sort-select">
        <label htmlFor="pv-sort">{w.t('sort')}</label>
        <select
          id="pv-sort"
          value={value}
          onChange={(e) => {
            const [key, dir] = e.currentTarget.value.split(':');
            props.onSortState(key ? { key: key as SortKey, dir: dir === 'desc' ? 'desc' : 'asc' } : null);
          }}
        >
          <option value="">{w.t('sortDefault')}</option>
          {props.columns.flatMap((c) => [
            <option key={`${c.key}:asc`} value={`${c.key}:asc`}>
              {c.label}, {w.t('ascending')}
            </option>,
            <option key={`${c.key}:desc`} value={`${c.key}:desc`}>
              {c.label}, {w.t('descending')}
            </option>,
          ])}
        </select>
      </div>
      <ul className="pv-cards" aria-labelledby="pv-list-title">
        {props.apartments.map((a) => (
          <Card
            key={a.id}
            apartment={a}
            facts={facts}
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
      </ul>
    </div>
  );
}
