import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { backTarget, followLink, goBack, jumpTo, startTrail } from '@planvy/shared/plan/plan-links';
import type { PublicView } from '@planvy/shared/public-view';
import { STATUSES } from '@planvy/shared/statuses';
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
import { deviceStorage, favouriteStore, type FavouriteStore } from './favourites';
import { hostEvents, interestEvent, type InterestSource } from './host-events';
import { shareUrl, writeState, type CalcState, type ViewState, type WidgetParams } from './params';
import type { CompareView } from './compare/compare-view';
import type { InterestForm } from './components/interest-form';
import type { WishUi } from './wish-feature';
import type { InitialPlan, ZoneContext } from './plan-zones';
import { listColumns } from './list-columns';
import { useNarrow } from './narrow';
import { loadPanel, usePanel } from './panel-loader';
import { planOf, startPlan } from './start-plan';
import { recordClick } from './view-api';
import type { Widget } from './widget';
import { WidgetContext } from './widget-context';
import { ApartmentCards } from './components/apartment-cards';
import { ApartmentTable } from './components/apartment-table';
import { BandLayer } from './components/band-layer';
import { FiltersBar } from './components/filters-bar';
import { PlanNav } from './components/plan-nav';
import { PlanView } from './components/plan-view';
import { ShareButton } from './components/share-button';
import { StatusLegend } from './components/status-legend';
import { SunStudyButton } from './components/sun-study-button';

/** Rows rendered at first; "show more" adds as many again. Keeps the DOM small for big projects. */
const LIST_PAGE = 100;
/** Apartments side by side at most: four columns still fit a laptop screen. */
export const MAX_COMPARE = 4;
const NO_FAVOURITES: ReadonlySet<number> = new Set();
const loadCompare = () => import('./compare/compare-view').then((m) => m.CompareView);
// The interest form is a chunk of its own, fetched when a buyer first asks for it (ADR 036).
const loadInterest = () => import('./components/interest-form').then((m) => m.InterestForm);
// The ranked wish list (ADR 041): a chunk fetched only while a release takes wishes.
const loadWishes = () => import('./wish-feature');

export interface AppProps {
  view: PublicView;
  params: WidgetParams;
  widget: Widget;
  zoneContext: ZoneContext;
  /** The first plan, on screen in the first frame (prepared, adopted from the server's page, or server markup). */
  initialPlan: InitialPlan | null;
  /** Called once the first plan is coloured and painted. */
  onReady: () => void;
}

/** A callback whose identity never changes but which always sees the latest render. */
function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}

export function App({ view, params, widget: w, zoneContext, initialPlan, onReady }: AppProps) {
  const { t } = w;
  const byId = zoneContext.apartments;
  const deepLinked = params.apartmentId !== null && byId.has(params.apartmentId) ? params.apartmentId : null;

  // Site → building → floor: "back" retraces the links followed; a page button starts afresh.
  const [trail, setTrail] = useState(() => startTrail(startPlan(view, deepLinked, params.plan)));
  const planIndex = trail.current;
  const [selectedId, setSelectedId] = useState<number | null>(deepLinked);
  // The open apartment's "Räkna själv" (ADR 037), null while closed; the card draws it.
  const [calc, setCalc] = useState<CalcState | null>(deepLinked !== null ? params.calc : null);
  const [hoverId, setHoverId] = useState<number | null>(null);
  const [filters, setFilters] = useState<Filters>(params.filters ?? NO_FILTERS);
  // Favourites live in this device's storage, read after the first render (never on a server).
  const store = useRef<FavouriteStore | null>(null);
  const [favourites, setFavourites] = useState<ReadonlySet<number>>(NO_FAVOURITES);
  const [compareIds, setCompareIds] = useState<number[]>([]);
  const [Compare, setCompare] = useState<typeof CompareView | null>(null);
  const [comparing, setComparing] = useState(false);
  const compareOpener = useRef<HTMLButtonElement>(null);
  const [Interest, setInterest] = useState<typeof InterestForm | null>(null);
  const [interest, setInterestOpen] = useState<{
    source: InterestSource;
    ids: number[];
  } | null>(null);
  // The release taking ranked wishes (ADR 041) and, once its chunk is here, the wish list's UI.
  const [Wishes, setWishes] = useState<WishUi | null>(null);
  /** A polite message: the comparison is full, the link was copied. */
  const [notice, setNotice] = useState('');
  const post = useMemo(
    () => (params.embed && params.parentOrigin ? hostEvents(params.parentOrigin, view.project.id) : null),
    [params.embed, params.parentOrigin, view.project.id],
  );
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
    () => (filtering ? sorted.filter((a) => matchesFilters(a, filters, favourites)) : sorted),
    [sorted, filters, filtering, favourites],
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
    const opens = zone.classList.contains('pv-building') && target ? t('goTo', { name: target.title }) : '';
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
    setSelectedId(id);
    setCalc(null);
    post?.({ type: 'planvy:apartment', apartmentId: id, bostad: a.bostad, status: a.status });
    // The style editor's preview is the admin looking, not a buyer.
    if (!params.preview) recordClick(view.project.id, id);
    // A list row of another plan (show_all_apartments) shows that plan too.
    const target = planOf(view, a);
    if (plan && !a.plans.includes(plan.name) && target !== null) select(target);
  });
  const close = useStable(() => {
    const id = selectedId;
    setSelectedId(null);
    setCalc(null);
    const opener = openerRef.current;
    openerRef.current = null;
    const fallback = id !== null ? document.querySelector(`.pv-zone[data-pv-id="${id}"]`) : null;
    const target = opener?.isConnected ? opener : fallback;
    if (target instanceof HTMLElement || target instanceof SVGElement) target.focus();
  });

  const onFavourite = useStable((id: number) => {
    const a = byId.get(id);
    if (!a) return;
    store.current ??= favouriteStore(deviceStorage(), view.project.id);
    const next = store.current.toggle(id);
    setFavourites(next);
    post?.({
      type: 'planvy:favourite',
      apartmentId: id,
      bostad: a.bostad,
      favourite: next.has(id),
      count: next.size,
    });
  });
  const onCompare = useStable((id: number) => {
    const present = compareIds.includes(id);
    if (!present && compareIds.length >= MAX_COMPARE) {
      setNotice(t('compareFull', { n: MAX_COMPARE }));
      post?.({ type: 'planvy:compare', action: 'full', apartmentId: id, apartmentIds: compareIds });
      return;
    }
    const next = present ? compareIds.filter((x) => x !== id) : [...compareIds, id];
    setCompareIds(next);
    if (next.length === 0) setComparing(false);
    // Fetched while the buyer picks, so the comparison opens at once.
    if (!present && !Compare)
      loadCompare().then(
        (c) => setCompare(() => c),
        () => undefined,
      );
    post?.({
      type: 'planvy:compare',
      action: present ? 'remove' : 'add',
      apartmentId: id,
      apartmentIds: next,
    });
  });
  const openCompare = () => {
    setComparing(true);
    if (!Compare)
      loadCompare().then(
        (c) => setCompare(() => c),
        () => setComparing(false),
      );
    post?.({ type: 'planvy:compare', action: 'open', apartmentId: null, apartmentIds: compareIds });
  };
  const collectsInterest = w.flag('interest_enabled') && !params.preview;
  const release = collectsInterest ? view.release : undefined;
  const wishUi = release ? Wishes : null;
  const openInterest = useStable((source: InterestSource, ids: number[]) => {
    if (!Interest)
      loadInterest().then(
        (c) => setInterest(() => c),
        () => setNotice(t('interestUnavailable')),
      );
    // The form takes the card's place: one dialog at a time.
    setSelectedId(null);
    setInterestOpen({ source, ids });
  });
  const onInterestFor = useStable((id: number) => openInterest('apartment', [id]));
  const sendWishes = useStable((ids: number[]) => openInterest('wishes', ids));
  const closeInterest = useStable(() => setInterestOpen(null));
  const onInterestSent = useStable((ids: number[]) => {
    if (interest) post?.(interestEvent(interest.source, ids));
  });
  const clearCompare = () => {
    setCompareIds([]);
    post?.({ type: 'planvy:compare', action: 'clear', apartmentId: null, apartmentIds: [] });
  };
  const closeCompare = useStable(() => {
    setComparing(false);
    compareOpener.current?.focus();
  });

  const onSort = useStable((key: SortKey) => {
    setSort((s) => (s?.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));
  });
  // A buyer who points at an apartment or touches the widget is about to open one: the card
  // is fetched then, not with the first paint.
  const wantPanel = () => void loadPanel().catch(() => undefined);
  const onHover = useStable((id: number | null) => {
    setHoverId(id);
    if (id !== null) wantPanel();
  });
  const onSettled = useStable((shown: boolean) => {
    if (shown) onReady();
    setListReady(true);
  });

  const state: ViewState = useMemo(
    () => ({
      plan: planIndex > 0 && plan ? String(plan.id) : null,
      apartmentId: selectedId,
      filters,
      calc: selectedId !== null ? calc : null,
    }),
    [planIndex, plan, selectedId, filters, calc],
  );
  // The standalone page's address always reopens what the buyer sees; embedded, the host
  // page owns its address and the share link is built on it (params.ts shareUrl).
  useEffect(() => {
    if (params.embed || params.preview) return;
    const url = new URL(location.href);
    writeState(url.searchParams, state);
    if (url.href !== location.href) history.replaceState(history.state, '', url);
  }, [state, params.embed, params.preview]);

  useEffect(() => {
    store.current ??= favouriteStore(deviceStorage(), view.project.id);
    setFavourites(store.current.read());
  }, [view.project.id]);

  useEffect(() => {
    if (!release) return;
    loadWishes().then(
      (m) => {
        m.setup(view.project.id, release, setNotice);
        setWishes(() => m);
      },
      () => undefined,
    );
  }, [release, view.project.id]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), 6000);
    return () => clearTimeout(timer);
  }, [notice]);

  // Host page events (embedded only): the view once, then each plan and filter change.
  const counts = useRef({ shown: visible.length, total: scope.length });
  counts.current = { shown: visible.length, total: scope.length };
  useEffect(() => {
    post?.({
      type: 'planvy:view',
      lang: params.lang,
      plans: view.plans.length,
      apartments: view.apartments.length,
    });
    // Once per page: later views are live updates of the same one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [post]);
  const firstPlan = useRef(true);
  useEffect(() => {
    if (firstPlan.current) {
      firstPlan.current = false;
      return;
    }
    if (plan) post?.({ type: 'planvy:plan', plan: planIndex, name: plan.name, title: plan.title });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [planIndex]);
  const firstFilters = useRef(true);
  useEffect(() => {
    if (firstFilters.current) {
      firstFilters.current = false;
      return;
    }
    post?.({
      type: 'planvy:filter',
      ...filters,
      ...counts.current,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters]);

  useEffect(() => {
    if (view.plans.length === 0) onReady();
  }, [view, onReady]);

  const selected = selectedId !== null ? byId.get(selectedId) : undefined;
  const ApartmentPanel = usePanel(selected !== undefined);
  const modern = w.flag('use_new_design');
  // Phones always get cards; on wider screens the design setting chooses.
  const narrow = useNarrow();
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
    favourites,
    compareIds,
    onFavourite,
    onCompare,
    wishUi,
  };
  const compared = comparing ? compareIds.flatMap((id) => byId.get(id) ?? []) : [];

  return (
    <WidgetContext.Provider value={w}>
      <main
        className={`pv-root ${modern ? 'pv-modern' : 'pv-classic'}${params.embed ? ' pv-embedded' : ''}`}
        onPointerDown={wantPanel}
      >
        <header className="pv-header">
          <h1 className="pv-title">{view.project.name}</h1>
          {w.flag('show_status') && <StatusLegend counts={statusCounts} />}
          {view.sun_study.length > 0 && <SunStudyButton items={view.sun_study} />}
          {collectsInterest && (
            <button
              type="button"
              className="pv-action pv-interest-open"
              aria-haspopup="dialog"
              onClick={() => openInterest('project', [])}
            >
              {t('interest')}
            </button>
          )}
          {!params.preview && (
            <ShareButton
              title={view.project.name}
              url={() => shareUrl(location.href, params, state)}
              onNotice={setNotice}
            />
          )}
        </header>
        <div className="pv-body">
          {/* An empty project has one message, under the list's title (issue 20). */}
          <section className="pv-plan-area" aria-label={t('planRegion')} hidden={!plan}>
            {plan && (
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
            )}
          </section>
          <section className="pv-list-area" aria-labelledby="pv-list-title">
            <h2 id="pv-list-title" className="pv-list-title">
              {t(w.isTomter ? 'listPlots' : 'listHomes')}
            </h2>
            {scope.length === 0 ? (
              <p className="pv-msg pv-empty">
                {plan ? t('noHomesHere') : t('noPlans')}
                {plan && view.plans.length > 1 && ` ${t('pickOtherPlan')}`}
              </p>
            ) : (
              <>
                <FiltersBar
                  filters={filters}
                  onChange={setFilters}
                  statuses={statusCounts.map(([s]) => s)}
                  rooms={rooms}
                  buildings={buildings}
                  favouriteCount={favourites.size}
                />
                <div className="pv-list-bar">
                  <p className="pv-count-line" aria-live="polite">
                    {t('showing', { shown: visible.length, total: scope.length })}
                  </p>
                  {collectsInterest && favourites.size > 0 && (
                    <button
                      type="button"
                      className="pv-clear pv-interest-favourites"
                      aria-haspopup="dialog"
                      onClick={() => openInterest('favourites', [...favourites])}
                    >
                      {t('interestFavourites')}
                    </button>
                  )}
                  {wishUi && <wishUi.WishBar apartments={byId} onSend={sendWishes} />}
                  {compareIds.length > 0 && (
                    <span className="pv-compare-bar">
                      <button
                        ref={compareOpener}
                        type="button"
                        className="pv-action"
                        aria-haspopup="dialog"
                        onClick={openCompare}
                      >
                        {t('compareCount', { n: compareIds.length })}
                      </button>
                      <button type="button" className="pv-clear" onClick={clearCompare}>
                        {t('compareClear')}
                      </button>
                    </span>
                  )}
                </div>
                {!listReady ? (
                  <p className="pv-msg">{t('loading')}</p>
                ) : visible.length === 0 ? (
                  <p className="pv-msg">{t('noMatches')}</p>
                ) : modern || narrow ? (
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
        {selected && ApartmentPanel && (
          <ApartmentPanel
            apartment={selected}
            projectId={view.project.id}
            projectName={view.project.name}
            shareUrl={() => shareUrl(location.href, params, { ...state, apartmentId: selected.id })}
            onNotice={setNotice}
            onClose={close}
            favourite={favourites.has(selected.id)}
            compared={compareIds.includes(selected.id)}
            onFavourite={onFavourite}
            onCompare={onCompare}
            calc={calc}
            onCalc={setCalc}
            onInterest={collectsInterest ? onInterestFor : undefined}
            wishUi={wishUi}
          />
        )}
        {interest && Interest && (
          <Interest
            projectId={view.project.id}
            apartments={byId}
            initial={interest.ids}
            onClose={closeInterest}
            onSent={onInterestSent}
            release={interest.source === 'wishes' && release ? release : undefined}
          />
        )}
        {comparing && Compare && compared.length > 0 && (
          <Compare
            apartments={compared}
            view={view}
            zoneContext={zoneContext}
            onRemove={onCompare}
            onClose={closeCompare}
          />
        )}
        <BandLayer className="pv-notice-band">
          <p className="pv-notice" role="status">
            {notice}
          </p>
        </BandLayer>
      </main>
    </WidgetContext.Provider>
  );
}
