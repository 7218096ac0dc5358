import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { backTarget, followLink, goBack, jumpTo, startTrail } from '@planvy/shared/src/plan/plan-links';
import type { PublicView } from '@planvy/shared/src/public-view';
import { STATUSES } from '@planvy/shared/src/statuses';
import { sortApartments, type SortKey, type SortState } from './apartment-order';
import {
  buildingOptions,
  countByStatus,
  isFiltering,
  matchesFilters,
  NO_FILTERS,
  roomOptions,
  type Filters,
} from './filters';
import type { WidgetParams } from './params';
import type { PreparedPlan, ZoneContext } from './plan-zones';
import { listColumns } from './list-columns';
import { planTitle } from './format';
import { planOf, startPlan } from './start-plan';
import { recordClick } from './view-api';
import type { Widget } from './widget';
import { WidgetContext } from './widget-context';
import { ApartmentCards } from './components/apartment-cards';
import { ApartmentPanel } from './components/apartment-panel';
import { ApartmentTable } from './components/apartment-table';
import { FiltersBar } from './components/filters-bar';
import { PlanNav } from './components/plan-nav';
import { PlanView } from './components/plan-view';
import { StatusLegend } from './components/status-legend';
import { SunStudyButton } from './components/sun-study-button';

/** Rows rendered at first; "show more" adds as many again. Keeps the DOM small for big projects. */
const LIST_PAGE = 100;

export interface AppProps {
  view: PublicView;
  params: WidgetParams;
  widget: Widget;
  zoneContext: ZoneContext;
  /** The first plan, prepared before rendering so it reaches the screen in the first frame. */
  initialPlan: { index: number; plan: PreparedPlan } | null;
  /** Called once the first plan is coloured and painted. */
  onReady: () => void;
  /** Embedded: posts the current height to the parent page now. */
  reportHeight: (() => void) | null;
}

/** A callback whose identity never changes but which always sees the latest render. */
function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}

export function App({ view, params, widget: w, zoneContext, initialPlan, onReady, reportHeight }: AppProps) {
  const { t } = w;
  const byId = zoneContext.apartments;
  const deepLinked = params.apartmentId !== null && byId.has(params.apartmentId) ? params.apartmentId : null;

  // Site → building → floor: "back" retraces the links followed; a page button starts afresh.
  const [trail, setTrail] = useState(() => startTrail(startPlan(view, deepLinked)));
  const planIndex = trail.current;
  const [selectedId, setSelectedId] = useState<number | null>(deepLinked);
  const [panelTop, setPanelTop] = useState<number | null>(params.embed ? 16 : null);
  const [hoverId, setHoverId] = useState<number | null>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<SortState | null>(null);
  const openerRef = useRef<Element | null>(null);
  // The list waits until the plan is on screen: a thousand rows would otherwise delay it.
  const [listReady, setListReady] = useState(view.plans.length === 0);
  const [limit, setLimit] = useState(LIST_PAGE);

  const plan = view.plans[planIndex];
  const showAll = w.flag('show_all_apartments') || !plan;
  const scope = useMemo(
    () => (showAll || !plan ? view.apartments : view.apartments.filter((a) => a.plans.includes(plan.name))),
    [view, showAll, plan],
  );
  // Sorting waits with the list: it is not needed for the first frame.
  const sorted = useMemo(
    () => (listReady ? sortApartments(scope, sort, view.settings) : scope),
    [listReady, scope, sort, view.settings],
  );
  const filtering = isFiltering(filters);
  const visible = useMemo(
    () => (filtering ? sorted.filter((a) => matchesFilters(a, filters)) : sorted),
    [sorted, filters, filtering],
  );
  const matchIds = useMemo(
    () => (filtering ? new Set(visible.map((a) => a.id)) : null),
    [visible, filtering],
  );
  const statusCounts = useMemo(() => {
    const counts = countByStatus(scope);
    return STATUSES.filter((s) => counts.has(s.alias)).map((s): [string, number] => [
      s.alias,
      counts.get(s.alias) ?? 0,
    ]);
  }, [scope]);
  const rooms = useMemo(() => roomOptions(scope), [scope]);
  const multiBuilding = w.flag('multi_building');
  const buildings = useMemo(() => (multiBuilding ? buildingOptions(scope) : []), [scope, multiBuilding]);
  const columns = useMemo(() => listColumns(w), [w]);

  const describe = useStable((zone: Element): [string, string] | null => {
    const id = zone.getAttribute('data-pv-id');
    const a = id ? byId.get(Number(id)) : undefined;
    if (a) {
      const detail = [w.statusText(a.status), w.roomsPhrase(a), w.area(a.square)].filter(Boolean).join(' · ');
      return [`${w.bostadLabel} ${a.bostad}`, detail];
    }
    const label = zone.getAttribute('aria-label');
    if (!label) return null;
    // A building: "Hus A", and which plan it opens.
    const target = view.plans[Number(zone.getAttribute('data-pv-plan'))];
    const opens =
      zone.classList.contains('pv-building') && target ? t('goTo', { name: planTitle(target.name) }) : '';
    return [label, opens];
  });

  const show = (next: typeof trail) => {
    if (next === trail || !view.plans[next.current]) return;
    setTrail(next);
    setHoverId(null);
    setLimit(LIST_PAGE);
  };
  /** A zone that leads to another plan. */
  const goTo = useStable((index: number) => show(followLink(trail, index)));
  /** A page button. */
  const select = useStable((index: number) => show(jumpTo(trail, index)));
  const back = useStable(() => show(goBack(trail)));

  const open = useStable((id: number, opener: Element) => {
    const a = byId.get(id);
    if (!a) return;
    openerRef.current = opener;
    if (params.embed) {
      const r = opener.getBoundingClientRect();
      setPanelTop(Math.max(8, Math.round(r.top + window.scrollY - 24)));
    }
    setSelectedId(id);
    // The style editor's preview is the admin looking, not a buyer.
    if (!params.preview) recordClick(view.project.id, id);
    // A list row of another plan (show_all_apartments) shows that plan too.
    const target = planOf(view, a);
    if (plan && !a.plans.includes(plan.name) && target !== null) select(target);
  });
  const close = useStable(() => {
    const id = selectedId;
    setSelectedId(null);
    const opener = openerRef.current;
    openerRef.current = null;
    const fallback = id !== null ? document.querySelector(`.pv-zone[data-pv-id="${id}"]`) : null;
    const target = opener?.isConnected ? opener : fallback;
    if (target instanceof HTMLElement || target instanceof SVGElement) target.focus();
  });

  const onSort = useStable((key: SortKey) => {
    setSort((s) => (s?.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));
  });
  const onHover = useStable((id: number | null) => setHoverId(id));
  const onSettled = useStable((shown: boolean) => {
    if (shown) onReady();
    setListReady(true);
  });

  // Keep a shareable address in the standalone page; embedded, the host page owns the URL.
  useEffect(() => {
    if (params.embed) return;
    const url = new URL(location.href);
    if (selectedId === null) url.searchParams.delete('apartment');
    else url.searchParams.set('apartment', String(selectedId));
    if (url.href !== location.href) history.replaceState(null, '', url);
  }, [selectedId, params.embed]);

  useEffect(() => reportHeight?.(), [selectedId, panelTop, reportHeight]);

  useEffect(() => {
    if (view.plans.length === 0) onReady();
  }, [view, onReady]);

  const selected = selectedId !== null ? byId.get(selectedId) : undefined;
  const modern = w.flag('use_new_design');
  const listProps = {
    apartments: visible.length > limit ? visible.slice(0, limit) : visible,
    columns,
    highlightId: hoverId,
    selectedId,
    sort,
    onSort,
    onSortState: setSort,
    onHover,
    onOpen: open,
  };

  return (
    <WidgetContext.Provider value={w}>
      <div className={`pv-root ${modern ? 'pv-modern' : 'pv-classic'}${params.embed ? ' pv-embedded' : ''}`}>
        <header className="pv-header">
          <h1 className="pv-title">{view.project.name}</h1>
          {w.flag('show_status') && <StatusLegend counts={statusCounts} />}
          {view.sun_study.length > 0 && (
            <SunStudyButton items={view.sun_study} embedded={params.embed} reportHeight={reportHeight} />
          )}
        </header>
        <div className="pv-body">
          <section className="pv-plan-area" aria-label={t('planRegion')}>
            {plan ? (
              <>
                <PlanNav
                  plans={view.plans}
                  current={planIndex}
                  previous={backTarget(trail) ?? null}
                  onBack={back}
                  onSelect={select}
                />
                <PlanView
                  plan={plan}
                  planIndex={planIndex}
                  zoneContext={zoneContext}
                  initial={initialPlan}
                  labelFontSize={Number(view.settings.label_font_size) || 45}
                  highlightId={hoverId}
                  selectedId={selectedId}
                  matchIds={matchIds}
                  describe={describe}
                  onHover={onHover}
                  onOpen={open}
                  onNavigate={goTo}
                  onSettled={onSettled}
                />
              </>
            ) : (
              <p className="pv-msg">{t('noPlans')}</p>
            )}
          </section>
          <section className="pv-list-area" aria-labelledby="pv-list-title">
            <h2 id="pv-list-title" className="pv-list-title">
              {t(w.isTomter ? 'listPlots' : 'listHomes')}
            </h2>
            {scope.length === 0 ? (
              <p className="pv-msg">{t('noHomesHere')}</p>
            ) : (
              <>
                <FiltersBar
                  filters={filters}
                  onChange={setFilters}
                  statuses={statusCounts.map(([s]) => s)}
                  rooms={rooms}
                  buildings={buildings}
                />
                <p className="pv-count-line" aria-live="polite">
                  {t('showing', { shown: visible.length, total: scope.length })}
                </p>
                {!listReady ? (
                  <p className="pv-msg">{t('loading')}</p>
                ) : visible.length === 0 ? (
                  <p className="pv-msg">{t('noMatches')}</p>
                ) : modern ? (
                  <ApartmentCards {...listProps} />
                ) : (
                  <ApartmentTable {...listProps} />
                )}
                {listReady && visible.length > limit && (
                  <button
                    type="button"
                    className="pv-more"
                    onClick={() => setLimit((n) => n + LIST_PAGE * 2)}
                  >
                    {t('showMore', { n: visible.length - limit })}
                  </button>
                )}
              </>
            )}
          </section>
        </div>
        {selected && (
          <ApartmentPanel
            apartment={selected}
            projectName={view.project.name}
            top={params.embed ? panelTop : null}
            onClose={close}
          />
        )}
      </div>
    </WidgetContext.Provider>
  );
}
