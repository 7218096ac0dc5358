import { render } from 'preact';
import { App } from './app';
import type { PublicView } from '@planvy/shared/src/public-view';
import { preparePlan, type ZoneContext } from './plan-zones';
import { reportHeight } from './embed-height';
import { translator } from './i18n';
import { readParams } from './params';
import { startPlan } from './start-plan';
import type { StyleTriple } from '@planvy/shared/src/styles';
import { listenForPreviewStyles } from './style-preview';
import { applyTheme, statusCss } from './theme-css';
import { startLive } from './live';
import { fetchPlanMarkup, fetchView, ViewError } from './view-api';
import { createWidget, createZoneContext } from './widget';
import './styles.css';

const root = document.getElementById('root');
const params = readParams(location.pathname, location.search, location.hash);
const t = translator(params.lang);
document.documentElement.lang = params.lang;

function message(text: string) {
  return (
    <div className="pv-root">
      <p className="pv-msg" role="alert">
        {text}
      </p>
    </div>
  );
}

function markReady() {
  performance.mark('pv-plan-ready');
  root?.setAttribute('data-ready', '1');
}

// Status colours by class; the values themselves arrive as custom properties (applyTheme).
const statusRules = document.createElement('style');
statusRules.textContent = statusCss();
document.head.appendChild(statusRules);

/** The style editor's latest draft; it wins over the saved styles while previewing. */
let previewStyles: StyleTriple[] | null = null;
if (params.preview && window.parent !== window) {
  listenForPreviewStyles((styles) => {
    previewStyles = styles;
    applyTheme(styles);
  });
}

if (root) {
  root.querySelector('.pv-boot')?.setAttribute('aria-label', t('loading'));
  // Only inside a frame, and only towards the origin embed.js named.
  const post =
    params.embed && params.parentOrigin && window.parent !== window
      ? reportHeight(root, params.parentOrigin)
      : null;
  if (params.projectId === null) {
    root.textContent = '';
    render(message(t('notFound')), root);
  } else {
    const lang = params.lang;
    fetchView(params.projectId)
      .then(async (view) => {
        performance.mark('pv-view');
        applyTheme(previewStyles ?? view.styles);
        document.title = view.project.name;
        const widget = createWidget(view, lang);
        const zoneContext = createZoneContext(view, widget);
        // The first plan is prepared before the first render, so the page is laid out
        // and painted once, with the coloured plan in it.
        const index = startPlan(view, params.apartmentId, params.plan);
        const first = view.plans[index];
        const markup = first ? await fetchPlanMarkup(first.url, first.version).catch(() => null) : null;
        const prepared =
          first && markup ? preparePlan(markup, first, index, zoneContext, widget.t('planRegion')) : null;
        performance.mark('pv-plan-prepared');
        root.textContent = '';
        const draw = (v: PublicView, ctx: ZoneContext) =>
          render(
            <App
              view={v}
              params={params}
              widget={widget}
              zoneContext={ctx}
              initialPlan={prepared ? { index, plan: prepared } : null}
              onReady={markReady}
              reportHeight={post}
            />,
            root,
          );
        draw(view, zoneContext);
        performance.mark('pv-rendered');
        // Re-rendered with each live change: the buyer's plan, zoom, filters and panel stay.
        startLive(view, widget, (v) => draw(v, createZoneContext(v, widget)));
      })
      .catch((err: unknown) => {
        root.textContent = '';
        render(message(t(err instanceof ViewError && err.status === 404 ? 'notFound' : 'loadError')), root);
      });
  }
}
