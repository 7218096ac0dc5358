import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { memo } from '../memo';
import type { PublicPlan } from '@planvy/shared/public-view';
import {
  boxToPlan,
  fitOf,
  formatViewBox,
  panBy,
  VIEWER_VIEW,
  wheelZoomFactor,
  ZOOM_STEP,
  zoomAt,
  zoomCentre,
  type Box,
} from '@planvy/shared/plan/view-box';
import { fetchPlanMarkup } from '../view-api';
import { syncZones, type InitialPlan, type PreparedPlan, type ZoneContext } from '../plan-zones';
import { useWidget } from '../widget-context';
import { HatchPattern } from './hatch-pattern';
import { Icon } from './icons';

export interface PlanViewProps {
  plan: PublicPlan;
  planIndex: number;
  zoneContext: ZoneContext;
  /**
   * The first plan, on screen from the first render: prepared before it, adopted from the
   * server-rendered page, or (on the server) decorated markup.
   */
  initial: InitialPlan | null;
  highlightId: number | null;
  selectedId: number | null;
  /** Apartments that pass the filters; null when nothing is filtered. */
  matchIds: ReadonlySet<number> | null;
  /** Two lines of tooltip text for a zone, or null for none. */
  describe: (zone: Element) => [string, string] | null;
  onHover: (id: number | null) => void;
  onOpen: (id: number, opener: Element) => void;
  onNavigate: (planIndex: number) => void;
  /** Called once, when the first plan is on screen (true) or could not be shown (false). */
  onSettled: (shown: boolean) => void;
}

interface Shown extends PreparedPlan {
  labelled: boolean;
  /** The apartments its zones were last marked from. */
  ctx: ZoneContext;
}

const DRAG_THRESHOLD = 5;

/**
 * The canvas's content is owned by this component, outside Preact's tree: an innerHTML that
 * never changes tells Preact to leave it alone, and to keep the server's plan when hydrating.
 */
const OWNED_BY_PLAN_VIEW = { __html: '' };

/** Loaded on demand: the first plan needs none of it (see plan-prepare.ts). */
export const loadPlanPrepare = () => import('../plan-prepare');
/** Labels and numbers over plans the server did not draw (ADR 025): only for plans that have them. */
const loadPlanOverlay = () => import('../plan-overlay');

/**
 * The first element after the plan's SVG carries this id: the server's page holds its first
 * paint until it has been parsed (`<link rel="expect" blocking="render">`, server.tsx), so the
 * plan reaches the screen whole, in one frame, rather than drawn in parts as the HTML arrives.
 * Not the stage itself: Chromium lets rendering go as soon as the named element opens, which
 * for the stage would be before any of its plan.
 */
export const PLAN_END_ID = 'pv-plan-end';

function zoneOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest('.pv-zone') : null;
}

/**
 * The interactive plan. Markup is parsed, cleaned and decorated once per plan and then
 * owned by this component outside React's tree; one set of delegated listeners on the
 * stage serves every zone, and pan/zoom only rewrites the viewBox.
 */
export const PlanView = memo(function PlanView(props: PlanViewProps) {
  const w = useWidget();
  /** Whether a plan has anything drawn over it (labels, numbers). */
  const overlaid = (p: Pick<PublicPlan, 'buildings'>) =>
    p.buildings.length > 0 || w.flag('show_zone_numbers');
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const hintRef = useRef<HTMLParagraphElement>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const initial = props.initial;
  const serverPlan = initial && !('svg' in initial.plan) ? initial.plan : null;
  const cache = useRef(
    new Map<number, Shown>(
      initial && 'svg' in initial.plan
        ? [
            [
              initial.index,
              { ...initial.plan, labelled: initial.plan.drawn === true, ctx: props.zoneContext },
            ],
          ]
        : [],
    ),
  );
  const viewRef = useRef<Box | null>(null);
  const readyRef = useRef(false);
  // The first plan is shown from the first render, so hydration finds what the server drew.
  const [shown, setShown] = useState<Shown | null>(() => cache.current.get(props.planIndex) ?? null);
  const [failed, setFailed] = useState(false);

  const { plan, planIndex } = props;

  // Load (or reuse) the plan and put it on stage. A layout effect, so a plan that is
  // already downloaded goes on screen in the same frame as the rest of the page.
  useLayoutEffect(() => {
    let cancelled = false;
    const show = (p: Shown) => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      // The server's plan is already there: re-inserting it would lay out and paint it again.
      if (canvas.firstChild !== p.svg || canvas.childNodes.length !== 1) canvas.replaceChildren(p.svg);
      if (!p.labelled) {
        p.labelled = true;
        const { buildings } = propsRef.current.plan;
        // Labels and numbers go over the painted plan as soon as their code is here (loaded
        // beside a later plan's markup); the server's plan has them already.
        if (overlaid(propsRef.current.plan))
          void loadPlanOverlay().then(({ drawOverlay }) => drawOverlay(p, buildings, w.settings, p.ctx));
      }
      viewRef.current = { ...p.base };
      p.svg.setAttribute('viewBox', formatViewBox(p.base));
      setShown(p);
      setFailed(false);
      if (!readyRef.current) {
        readyRef.current = true;
        // After the next frame has painted: "on screen", not just "in the DOM".
        requestAnimationFrame(() => setTimeout(() => propsRef.current.onSettled(true), 0));
      }
    };
    const cached = cache.current.get(planIndex);
    if (cached) {
      show(cached);
    } else {
      setShown(null);
      canvasRef.current?.replaceChildren();
      Promise.all([
        fetchPlanMarkup(plan.url, plan.version),
        loadPlanPrepare(),
        overlaid(plan) ? loadPlanOverlay() : null,
      ])
        .then(([markup, { preparePlan }]) => {
          if (cancelled) return;
          const prepared = preparePlan(
            markup,
            plan,
            planIndex,
            propsRef.current.zoneContext,
            w.t('planRegion'),
          );
          if (!prepared) throw new Error('not an SVG plan');
          const entry: Shown = { ...prepared, labelled: false, ctx: propsRef.current.zoneContext };
          cache.current.set(planIndex, entry);
          show(entry);
        })
        .catch(() => {
          if (cancelled) return;
          setFailed(true);
          if (!readyRef.current) {
            readyRef.current = true;
            propsRef.current.onSettled(false);
          }
        });
    }
    return () => {
      cancelled = true;
    };
    // The plan object for an index never changes within a page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [planIndex]);

  // Zone states as classes on the zones themselves; no re-render of the plan.
  const { highlightId, selectedId, matchIds, zoneContext } = props;
  // Live changes (ADR 015), also for a plan shown again from the cache.
  useEffect(() => {
    if (!shown || shown.ctx === zoneContext) return;
    syncZones(shown.zones, zoneContext, shown.ctx);
    shown.ctx = zoneContext;
  }, [shown, zoneContext]);
  useEffect(() => toggleClass(shown, highlightId, 'pv-hl'), [shown, highlightId]);
  useEffect(() => toggleClass(shown, selectedId, 'pv-sel'), [shown, selectedId]);
  useEffect(() => {
    if (!shown || !matchIds) return;
    const dimmed: Element[] = [];
    shown.zones.forEach((els, id) => {
      if (matchIds.has(id)) return;
      for (const el of els) {
        el.classList.add('pv-dim');
        dimmed.push(el);
      }
    });
    return () => dimmed.forEach((el) => el.classList.remove('pv-dim'));
  }, [shown, matchIds]);

  // Delegated input: pointer, keyboard, focus and wheel, once for the stage.
  useEffect(() => {
    const stage = stageRef.current;
    const tip = tipRef.current;
    if (!stage || !tip) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let start = { x: 0, y: 0 };
    let moved = false;
    let suppressClick = false;
    let pinch: { dist: number; mid: { x: number; y: number } } | null = null;
    let hintTimer = 0;

    const current = () => cache.current.get(propsRef.current.planIndex) ?? null;
    /** The plan shown, its view, and its on-screen box (preserveAspectRatio "meet"). */
    const metrics = () => {
      const p = current();
      const v = viewRef.current;
      if (!p || !v) return null;
      const r = p.svg.getBoundingClientRect();
      return { p, v, r, s: fitOf(v, r.width, r.height).scale };
    };
    const apply = (next: Box) => {
      const p = current();
      viewRef.current = next;
      p?.svg.setAttribute('viewBox', formatViewBox(next));
    };
    const zoomAround = (factor: number, clientX: number, clientY: number) => {
      const m = metrics();
      if (!m) return;
      const at = boxToPlan(m.v, m.r.width, m.r.height, clientX - m.r.left, clientY - m.r.top);
      apply(zoomAt(m.v, m.p.base, factor, at.x, at.y, VIEWER_VIEW));
    };

    const hideTip = () => {
      tip.hidden = true;
    };
    const showTip = (zone: Element, clientX: number, clientY: number) => {
      const text = propsRef.current.describe(zone);
      if (!text) return hideTip();
      const [title, detail] = text;
      tip.firstElementChild!.textContent = title;
      tip.lastElementChild!.textContent = detail;
      tip.hidden = false;
      placeTip(clientX, clientY);
    };
    const placeTip = (clientX: number, clientY: number) => {
      const r = stage.getBoundingClientRect();
      const x = clientX - r.left;
      const y = clientY - r.top;
      // Flip to the other side of the pointer near the right and bottom edges.
      tip.style.left = `${x}px`;
      tip.style.top = `${y}px`;
      tip.style.transform = `translate(${x > r.width * 0.6 ? 'calc(-100% - 12px)' : '12px'}, ${
        y > r.height * 0.7 ? 'calc(-100% - 12px)' : '12px'
      })`;
    };
    const activate = (zone: Element) => {
      const id = zone.getAttribute('data-pv-id');
      const target = zone.getAttribute('data-pv-plan');
      hideTip();
      if (id) propsRef.current.onOpen(Number(id), zone);
      else if (target) propsRef.current.onNavigate(Number(target));
    };

    const onPointerOver = (e: PointerEvent) => {
      if (e.pointerType === 'touch' || pointers.size > 0) return;
      const zone = zoneOf(e.target);
      if (!zone) return;
      const id = zone.getAttribute('data-pv-id');
      propsRef.current.onHover(id ? Number(id) : null);
      showTip(zone, e.clientX, e.clientY);
    };
    const onPointerOut = (e: PointerEvent) => {
      const zone = zoneOf(e.target);
      if (!zone || (e.relatedTarget instanceof Node && zone.contains(e.relatedTarget))) return;
      propsRef.current.onHover(null);
      hideTip();
    };
    const onPointerDown = (e: PointerEvent) => {
      if ((e.pointerType === 'mouse' && e.button !== 0) || (e.target as Element).closest('.pv-zoom')) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 1) {
        start = { x: e.clientX, y: e.clientY };
        moved = false;
        suppressClick = false;
      } else if (pointers.size === 2) {
        const [a, b] = [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
        pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
        moved = true;
        hideTip();
      }
    };
    const onPointerMove = (e: PointerEvent) => {
      const last = pointers.get(e.pointerId);
      if (!last) {
        if (!tip.hidden && e.pointerType !== 'touch') placeTip(e.clientX, e.clientY);
        return;
      }
      const next = { x: e.clientX, y: e.clientY };
      pointers.set(e.pointerId, next);
      if (pointers.size === 1) {
        if (!moved && Math.hypot(next.x - start.x, next.y - start.y) > DRAG_THRESHOLD) {
          moved = true;
          hideTip();
          stage.setPointerCapture(e.pointerId);
          stage.classList.add('pv-dragging');
        }
        const m = moved ? metrics() : null;
        if (m) apply(panBy(m.v, m.p.base, (next.x - last.x) / m.s, (next.y - last.y) / m.s, VIEWER_VIEW));
      } else if (pointers.size === 2 && pinch) {
        const [a, b] = [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
        const dist = Math.hypot(a.x - b.x, a.y - b.y);
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        if (pinch.dist > 0) zoomAround(dist / pinch.dist, mid.x, mid.y);
        const m = metrics();
        if (m)
          apply(panBy(m.v, m.p.base, (mid.x - pinch.mid.x) / m.s, (mid.y - pinch.mid.y) / m.s, VIEWER_VIEW));
        pinch = { dist, mid };
      }
    };
    const onPointerEnd = (e: PointerEvent) => {
      if (!pointers.delete(e.pointerId)) return;
      if (pointers.size < 2) pinch = null;
      if (pointers.size === 0) {
        // A drag or pinch ends with a click on whatever is under the finger: swallow it.
        suppressClick = moved;
        moved = false;
        stage.classList.remove('pv-dragging');
      }
    };
    const onClick = (e: MouseEvent) => {
      if (suppressClick) {
        suppressClick = false;
        return;
      }
      const zone = zoneOf(e.target);
      if (zone) activate(zone);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const zone = zoneOf(e.target);
      if (zone && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        activate(zone);
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      const zone = zoneOf(e.target);
      if (!zone) return;
      const id = zone.getAttribute('data-pv-id');
      propsRef.current.onHover(id ? Number(id) : null);
      const r = zone.getBoundingClientRect();
      showTip(zone, r.left + r.width / 2, r.top + r.height / 2);
    };
    const onFocusOut = (e: FocusEvent) => {
      if (!zoneOf(e.target)) return;
      propsRef.current.onHover(null);
      hideTip();
    };
    const onWheel = (e: WheelEvent) => {
      // Plain scrolling scrolls the page (the widget is embedded in long pages);
      // Ctrl/⌘ + wheel, which is also what a trackpad pinch sends, zooms.
      if (!(e.ctrlKey || e.metaKey)) {
        const hint = hintRef.current;
        if (hint) {
          hint.hidden = false;
          clearTimeout(hintTimer);
          hintTimer = window.setTimeout(() => (hint.hidden = true), 1500);
        }
        return;
      }
      e.preventDefault();
      zoomAround(wheelZoomFactor(e.deltaY, e.deltaMode), e.clientX, e.clientY);
    };

    stage.addEventListener('pointerover', onPointerOver);
    stage.addEventListener('pointerout', onPointerOut);
    stage.addEventListener('pointerdown', onPointerDown);
    stage.addEventListener('pointermove', onPointerMove);
    stage.addEventListener('pointerup', onPointerEnd);
    stage.addEventListener('pointercancel', onPointerEnd);
    stage.addEventListener('click', onClick);
    stage.addEventListener('keydown', onKeyDown);
    stage.addEventListener('focusin', onFocusIn);
    stage.addEventListener('focusout', onFocusOut);
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      clearTimeout(hintTimer);
      stage.removeEventListener('pointerover', onPointerOver);
      stage.removeEventListener('pointerout', onPointerOut);
      stage.removeEventListener('pointerdown', onPointerDown);
      stage.removeEventListener('pointermove', onPointerMove);
      stage.removeEventListener('pointerup', onPointerEnd);
      stage.removeEventListener('pointercancel', onPointerEnd);
      stage.removeEventListener('click', onClick);
      stage.removeEventListener('keydown', onKeyDown);
      stage.removeEventListener('focusin', onFocusIn);
      stage.removeEventListener('focusout', onFocusOut);
      stage.removeEventListener('wheel', onWheel);
    };
  }, []);

  const zoomBy = (factor: number) => {
    const p = shown;
    const v = viewRef.current;
    if (!p || !v) return;
    const next = zoomCentre(v, p.base, factor, VIEWER_VIEW);
    viewRef.current = next;
    p.svg.setAttribute('viewBox', formatViewBox(next));
  };
  const fit = () => {
    if (!shown) return;
    viewRef.current = { ...shown.base };
    shown.svg.setAttribute('viewBox', formatViewBox(shown.base));
  };

  const base = shown?.base ?? serverPlan?.base;
  const ratio = base ? `${base.w} / ${base.h}` : undefined;
  return (
    <div className="pv-stage" ref={stageRef} style={ratio ? { aspectRatio: ratio } : undefined}>
      <div
        className="pv-canvas"
        ref={canvasRef}
        dangerouslySetInnerHTML={serverPlan ? { __html: serverPlan.markup } : OWNED_BY_PLAN_VIEW}
      />
      {base && <HatchPattern base={base} />}
      {!base && !failed && <p className="pv-stage-msg">{w.t('loading')}</p>}
      {failed && (
        <p className="pv-stage-msg" role="alert">
          {w.t('planError')}
        </p>
      )}
      {/* The zone's own accessible name says the same, so the tooltip is visual only. */}
      <div id={PLAN_END_ID} className="pv-tooltip" ref={tipRef} hidden aria-hidden="true">
        <strong />
        <span />
      </div>
      <p className="pv-hint" ref={hintRef} hidden>
        {w.t('zoomHint')}
      </p>
      <div className="pv-zoom">
        <button
          type="button"
          onClick={() => zoomBy(ZOOM_STEP)}
          aria-label={w.t('zoomIn')}
          title={w.t('zoomIn')}
        >
          <Icon name="plus" />
        </button>
        <button
          type="button"
          onClick={() => zoomBy(1 / ZOOM_STEP)}
          aria-label={w.t('zoomOut')}
          title={w.t('zoomOut')}
        >
          <Icon name="minus" />
        </button>
        <button type="button" onClick={fit} aria-label={w.t('zoomFit')} title={w.t('zoomFit')}>
          <Icon name="fit" />
        </button>
      </div>
    </div>
  );
});

function toggleClass(shown: Shown | null, id: number | null, name: string): (() => void) | undefined {
  const els = shown && id !== null ? shown.zones.get(id) : undefined;
  if (!els) return;
  for (const el of els) el.classList.add(name);
  return () => els.forEach((el) => el.classList.remove(name));
}
