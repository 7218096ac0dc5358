import { useEffect, useState } from 'preact/hooks';
import { isFiltering, NO_FILTERS, parseBound, type Filters } from '../filters';
import { statusClass } from '../theme-css';
import { useWidget } from '../widget-context';

export interface FiltersBarProps {
  filters: Filters;
  onChange: (next: Filters) => void;
  /** Status aliases present in the list, in catalogue order. */
  statuses: string[];
  rooms: string[];
  /** Buildings to filter by (multi_building on), or none. */
  buildings: string[];
  /** How many favourites this device keeps for the project. */
  favouriteCount: number;
}

/** Status, rooms, price and size filters; folded away on narrow screens until asked for. */
export function FiltersBar({
  filters,
  onChange,
  statuses,
  rooms,
  buildings,
  favouriteCount,
}: FiltersBarProps) {
  const w = useWidget();
  // Folded until an effect has seen the screen: rendering never reads the window (server rendering).
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(window.matchMedia?.('(min-width: 700px)').matches ?? true), []);
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  // Labels point at their control by id: a wrapping <label> would fold the options'
  // text into the select's accessible name.
  const bound = (key: 'priceMin' | 'priceMax' | 'sizeMin' | 'sizeMax', label: string) => (
    <div className="pv-field">
      <label htmlFor={`pv-f-${key}`}>{label}</label>
      <input
        id={`pv-f-${key}`}
        type="number"
        inputMode="numeric"
        min={0}
        value={filters[key] ?? ''}
        onInput={(e) => set({ [key]: parseBound(e.currentTarget.value) })}
      />
    </div>
  );
  const toggle = (key: 'available' | 'favourites', label: string) => (
    <label className="pv-chip pv-toggle">
      <input
        type="checkbox"
        checked={filters[key]}
        onChange={(e) => set({ [key]: e.currentTarget.checked })}
      />
      {label}
    </label>
  );
  return (
    <>
      <div className="pv-quick">
        {toggle('available', w.t('onlyAvailable'))}
        {toggle('favourites', w.t('favourites', { n: favouriteCount }))}
      </div>
      <details className="pv-filters" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{w.t('filters')}</summary>
        <div className="pv-filter-body">
          {statuses.length > 1 && (
            <fieldset className="pv-status-filter">
              <legend>{w.t('filterStatus')}</legend>
              {statuses.map((s) => (
                <label key={s} className="pv-chip">
                  <input
                    type="checkbox"
                    checked={filters.statuses.includes(s)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      set({
                        statuses: on ? [...filters.statuses, s] : filters.statuses.filter((x) => x !== s),
                      });
                    }}
                  />
                  <span className={`pv-dot ${statusClass(s)}`} aria-hidden="true" />
                  {w.statusText(s)}
                </label>
              ))}
            </fieldset>
          )}
          <div className="pv-filter-fields">
            {buildings.length > 1 && (
              <div className="pv-field">
                <label htmlFor="pv-f-building">{w.t('house')}</label>
                <select
                  id="pv-f-building"
                  value={filters.building}
                  onChange={(e) => set({ building: e.currentTarget.value })}
                >
                  <option value="">{w.t('anyBuilding')}</option>
                  {buildings.map((b) => (
                    <option key={b} value={b}>
                      {w.t('building', { label: b })}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {rooms.length > 1 && (
              <div className="pv-field">
                <label htmlFor="pv-f-rooms">{w.roomsLabel}</label>
                <select
                  id="pv-f-rooms"
                  value={filters.rooms}
                  onChange={(e) => set({ rooms: e.currentTarget.value })}
                >
                  <option value="">{w.t('anyRooms')}</option>
                  {rooms.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {bound('priceMin', w.t(w.isRental ? 'rentFrom' : 'priceFrom'))}
            {bound('priceMax', w.t(w.isRental ? 'rentTo' : 'priceTo'))}
            {bound('sizeMin', w.t('sizeFrom'))}
            {bound('sizeMax', w.t('sizeTo'))}
          </div>
          {isFiltering(filters) && (
            <button type="button" className="pv-clear" onClick={() => onChange(NO_FILTERS)}>
              {w.t('clearFilters')}
            </button>
          )}
        </div>
      </details>
    </>
  );
}
