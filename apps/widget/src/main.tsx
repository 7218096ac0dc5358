import { hydrate, render } from 'preact';
import { App } from './app';
import type { PublicView } from '@planvy/shared/public-view';
import type { StyleTriple } from '@planvy/shared/styles';
import { loadPlanPrepare } from './components/plan-view';
import { followBand, reportHeight } from './host-frame';
import { translator } from './i18n';
import { hasPageData, readPageData } from './page-data';
import { loadPanel } from './panel-loader';
import { readParams } from './params';
import { adoptPlan, type InitialPlan, type ZoneContext } from './plan-zones';
import { startPlan } from './start-plan';
import { listenForPreviewStyles } from './style-preview';
import { startLive } from './live';
import { adoptViewEtag, fetchPlanMarkup, fetchView, ViewError } from './view-api';
import { createWidget, createZoneContext } from './widget';
import './styles.css';

const root = document.getElementById('root');
const params = readParams(location.pathname, location.search, location.hash);
const t = translator(params.lang);
// Set only when it differs: a new language restyles the whole page, 1,000 zones included.
if (document.documentElement.lang !== params.lang) document.documentElement.lang = params.lang;

function message(text: string) {
  return (
    <main className="pv-root">
      <p className="pv-msg" role="alert">
        {text}
      </p>
    </main>
  );
}

function markReady() {
  performance.mark('pv-plan-ready');
  root?.setAttribute('data-ready', '1');
}

/** Applies a look through the CSSOM; the server's page has it in its CSS already. */
const loadTheme = () => import('./apply-theme');

/** The style editor's latest draft; it wins over the saved styles while previewing. */
let previewStyles: StyleTriple[] | null = null;
if (params.preview && window.parent !== window) {
  listenForPreviewStyles((styles) => {
    previewStyles = styles;
    void loadTheme().then(({ applyTheme }) => applyTheme(styles));
  });
}

/**
 * Draws the widget and keeps it live. `first` is drawn by hydrating the server's page (its
 * plan adopted as it is) or by rendering into an empty root.
 */
function start(el: HTMLElement, view: PublicView, initialPlan: InitialPlan | null, hydrating: boolean) {
  const widget = createWidget(view, params.lang);
  // Only inside a frame, and only with the origin embed.js named. The band first: embed.js
  // answers the first height with it.
  if (params.embed && params.parentOrigin && window.parent !== window) {
    followBand(params.parentOrigin);
    reportHeight(el, params.parentOrigin);
  }
  const app = (v: PublicView, ctx: ZoneContext) => (
    <App
      view={v}
      params={params}
      widget={widget}
      zoneContext={ctx}
      initialPlan={initialPlan}
      onReady={markReady}
    />
  );
  (hydrating ? hydrate : render)(app(view, createZoneContext(view, widget)), el);
  performance.mark('pv-rendered');
  // Re-rendered with each live change: the buyer's plan, zoom, filters and panel stay.
  startLive(view, widget, (v) => render(app(v, createZoneContext(v, widget)), el));
  // Later plans need the browser's guard and decoration: fetched while nothing else happens.
  const prefetch = () => void loadPlanPrepare().catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(prefetch);
  else setTimeout(prefetch, 1000);
}

/** A deep link opens a card at once: its chunk is fetched with the page, not after it. */
const deepLinkedPanel = params.apartmentId !== null ? loadPanel().catch(() => undefined) : null;

async function hydratePage(el: HTMLElement) {
  const inlined = readPageData();
  if (!inlined) return;
  adoptViewEtag(inlined.etag);
  // The server drew the deep-linked card: hydrating needs its component.
  if (el.querySelector('[role="dialog"]')) await deepLinkedPanel;
  const svg = el.querySelector<SVGSVGElement>('.pv-canvas > svg');
  const index = startPlan(inlined.view, params.apartmentId, params.plan);
  start(el, inlined.view, svg ? { index, plan: adoptPlan(svg) } : null, true);
}

if (root && hasPageData()) {
  // Server-rendered (ADR 016): the view is in the page and the first plan is on screen already.
  // The script is usually here by the time the page is parsed and would run before the browser
  // paints it: the data is read and the page hydrated after the first frame, so the server's
  // plan reaches the screen first.
  requestAnimationFrame(() => setTimeout(() => void hydratePage(root), 0));
} else if (root) {
  root.querySelector('.pv-boot')?.setAttribute('aria-label', t('loading'));
  if (params.projectId === null) {
    root.textContent = '';
    render(message(t('notFound')), root);
  } else {
    const prepare = loadPlanPrepare();
    const theme = loadTheme();
    fetchView(params.projectId)
      .then(async (view) => {
        performance.mark('pv-view');
        // Status colours by class; the values themselves arrive as custom properties.
        const { addStatusRules, applyTheme } = await theme;
        addStatusRules();
        applyTheme(previewStyles ?? view.styles);
        document.title = view.project.name;
        const widget = createWidget(view, params.lang);
        // The first plan is prepared before the first render, so the page is laid out
        // and painted once, with the coloured plan in it.
        const index = startPlan(view, params.apartmentId, params.plan);
        const first = view.plans[index];
        const [markup, { preparePlan }] = await Promise.all([
          first ? fetchPlanMarkup(first.url, first.version).catch(() => null) : null,
          prepare,
        ]);
        const prepared =
          first && markup
            ? preparePlan(markup, first, index, createZoneContext(view, widget), widget.t('planRegion'))
            : null;
        performance.mark('pv-plan-prepared');
        root.textContent = '';
        start(root, view, prepared ? { index, plan: prepared } : null, false);
      })
      .catch((err: unknown) => {
        root.textContent = '';
        render(message(t(err instanceof ViewError && err.status === 404 ? 'notFound' : 'loadError')), root);
      });
  }
}
