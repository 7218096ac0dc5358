import { createHash } from 'node:crypto';
import { renderToString } from 'preact-render-to-string';
import { parseDocument } from 'htmlparser2';
import { Element, Text, type ChildNode } from 'domhandler';
import { rescopeStylesheet } from '@planvy/shared/plan/css-policy';
import { namespacedAttribute, namespaceStylesheet, planIdPrefix } from '@planvy/shared/plan/plan-ids';
import { attributeRecord } from '@planvy/shared/plan/zones';
import type { PublicApartment, PublicPlan, PublicView } from '@planvy/shared/public-view';
import { styleProperties } from '@planvy/shared/styles';
import type { WidgetPageInput, WidgetPageRenderer } from '@planvy/shared/widget-page';
import { App } from './app';
import { ApartmentPanel } from './components/apartment-panel';
import { PLAN_END_ID } from './components/plan-view';
import { pageDataScript } from './page-data';
import { renderNotFound } from './not-found-page';
import { providePanel } from './panel-loader';
import { htmlMismatch, htmlReady, planHtml } from './plan-html';
import { readParams } from './params';
import {
  planFrame,
  planScopeClass,
  zoneMarks,
  type Marks,
  type ServerPlan,
  type ZoneContext,
} from './plan-zones';
import { boxInPlan } from './plan-geometry';
import { overlayText, planOverlay, type OverlayNode } from './plan-overlay';
import { startPlan } from './start-plan';
import { statusCss } from './status-rules';
import { createWidget, createZoneContext } from './widget';

/**
 * The widget's server entry (ADR 016), built by `vite build --ssr` to dist/server/server.js
 * and loaded by the API: the page /view/{id} with the first plan already decorated and
 * coloured, rendered by the same App the browser hydrates, and the view inlined.
 */

// The browser fetches the card on demand; the server renders a deep-linked one at once.
providePanel(ApartmentPanel);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Markup with every character past Latin-1 written as a character reference, which reads back
 * as the same character. One such character (an arrow, a dash) anywhere in a chunk of HTML
 * makes Chromium hold that whole chunk, and every name and attribute parsed from it, as
 * two-byte text: the 1,000-zone plan then parses and styles measurably slower.
 */
export const latin1Html = (html: string) =>
  html.replace(/[^\0-\xff]/gu, (c) => `&#x${c.codePointAt(0)!.toString(16)};`);

function applyTo(el: Element, marks: Marks): void {
  for (const [name, value] of marks) {
    if (value === null) delete el.attribs[name];
    else el.attribs[name] = value;
  }
}

/** Every id the element declares or names, in the plan's namespace (plan-ids.ts). */
function namespaceIds(el: Element, prefix: string): void {
  for (const [name, value] of Object.entries(el.attribs)) {
    const namespaced = namespacedAttribute(name, value, prefix);
    if (namespaced !== value) el.attribs[name] = namespaced;
  }
}

/** An overlay node (plan-overlay.ts) as a parsed element. */
function overlayElement([[name, attributes, text], children]: OverlayNode): Element {
  const el = new Element(name, { ...attributes });
  const kids: ChildNode[] = text !== undefined ? [new Text(text)] : children.map(overlayElement);
  appendAll(el, kids);
  return el;
}

function appendAll(parent: Element, nodes: ChildNode[]): void {
  for (const node of nodes) {
    const last = parent.children[parent.children.length - 1] ?? null;
    node.parent = parent;
    node.prev = last;
    node.next = null;
    if (last) last.next = node;
    parent.children.push(node);
  }
}

/**
 * Verdicts of the HTML check (`htmlMismatch`) by plan markup, plan index and background: what it
 * proves (which elements, under which names, holding which text) depends on these alone, and a
 * render after a status change or in another language changes attribute values only, which
 * `planHtml` escapes whatever they are. So each version of a plan is parsed again once per process
 * (parse5 takes about twice as long as the rest of a render), not on every render.
 */
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 512;

/**
 * Stored (sanitised) plan markup to the page's plan: parsed as XML and reduced to what HTML holds
 * as it is (`htmlReady`), framed and its zones marked exactly as the browser path does
 * (`planFrame`, `zoneMarks`), its style rules confined to this plan's class and its ids to this
 * plan's namespace, then written for the HTML parser (ADR 020). Null when there is no SVG root,
 * or when the written markup would not parse back into exactly this tree: the script then draws
 * the plan the browser's way.
 */
export function decoratePlan(
  markup: string,
  plan: Pick<PublicPlan, 'background_url'> & Partial<Pick<PublicPlan, 'buildings'>>,
  planIndex: number,
  ctx: ZoneContext,
  label: string,
  settings?: Pick<PublicView['settings'], 'label_font_size' | 'show_zone_numbers'>,
): ServerPlan | null {
  const doc = parseDocument(markup, { xmlMode: true });
  const root = doc.children.find((n): n is Element => n instanceof Element);
  if (!root || root.name !== 'svg') return null;
  htmlReady(root);
  const scope = planScopeClass(planIndex);
  const ids = planIdPrefix(scope);
  const { base, marks, background } = planFrame(attributeRecord(root.attribs), plan, scope, label);
  /** Apartment zones and the first zone of each building, for the labels and numbers drawn over the plan. */
  const zones: [PublicApartment, Element][] = [];
  const buildingZones = new Map<string, Element>();
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!(node instanceof Element)) continue;
      if (node.name === 'style') {
        const text = node.children[0];
        if (text instanceof Text)
          text.data = namespaceStylesheet(rescopeStylesheet(text.data, `:where(.${scope})`), ids);
      } else if ('data-bostad' in node.attribs || 'data-link-to' in node.attribs) {
        // Zones are read by their stored ids, before those move into the plan's namespace.
        const marked = zoneMarks(attributeRecord(node.attribs), ctx);
        if (marked) applyTo(node, marked.marks);
        const apartment = marked?.apartmentId != null ? ctx.apartments.get(marked.apartmentId) : undefined;
        if (apartment) zones.push([apartment, node]);
        const building = node.attribs['data-building-number'];
        if (building && 'data-link-to' in node.attribs && !buildingZones.has(building))
          buildingZones.set(building, node);
      }
      namespaceIds(node, ids);
      walk(node.children);
    }
  };
  walk(root.children);
  // Labels and numbers (ADR 025), from the zones' boxes in the markup: in the page's first paint.
  const overlay = settings
    ? planOverlay({
        buildings: plan.buildings ?? [],
        settings,
        base,
        buildingBox: (id) => {
          const zone = buildingZones.get(String(id));
          return zone ? boxInPlan(zone, root) : null;
        },
        zones: zones.map(([a, el]) => [a, () => boxInPlan(el, root)]),
      })
    : [];
  appendAll(root, overlay.map(overlayElement));
  namespaceIds(root, ids);
  applyTo(root, marks);
  if (background) {
    const image = new Element('image', {});
    applyTo(image, background);
    image.parent = root;
    image.next = root.children[0] ?? null;
    if (image.next) image.next.prev = image;
    root.children.unshift(image);
  }
  const html = latin1Html(planHtml(root));
  // What is drawn over the plan is part of what the check proves: its text, beside the markup.
  const key = `${createHash('sha1').update(markup).update('\u0002').update(overlayText(overlay)).digest('base64')} ${planIndex} ${background ? 'bg' : ''}`;
  let same = verdicts.get(key);
  if (same === undefined) {
    same = htmlMismatch(root, html) === null;
    if (verdicts.size >= MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(key, same);
  }
  return same ? { markup: html, base } : null;
}

/** The project's look and the status colours, inlined so the first paint needs no script. */
export function pageCss(view: Pick<PublicView, 'styles'>): string {
  const theme = styleProperties(view.styles)
    .map(([p, v]) => `${p}:${v}`)
    .join(';');
  return `:root{${theme}}\n${statusCss()}`;
}

const ROOT_START = '<!--pv-root-->';
const ROOT_END = '<!--/pv-root-->';
const HEAD_END = '</head>';

/** Fills the built page: language, title, inlined CSS, the rendered widget and the view data. */
function fillTemplate(
  template: string,
  parts: { lang: string; title: string; css: string; head: string; body: string; data: string },
) {
  const start = template.indexOf(ROOT_START);
  const end = template.indexOf(ROOT_END);
  const head = template.indexOf(HEAD_END);
  if (start < 0 || end < start || head < 0 || head > start)
    throw new Error('apps/widget/dist/index.html has no <!--pv-root--> … <!--/pv-root--> in its body');
  return (
    template
      .slice(0, head)
      // Functions, not strings: a replacement string reads $' $& $$ in the project's own text
      // as patterns (a name with $' pasted the rest of the page into the data block).
      .replace(/<html lang="[a-z]+">/, () => `<html lang="${parts.lang}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${latin1Html(escapeHtml(parts.title))}</title>`) +
    `<style id="pv-page-css">${parts.css}</style>${parts.head}\n` +
    template.slice(head, start) +
    latin1Html(parts.body) +
    template.slice(end + ROOT_END.length).replace('</body>', () => `${parts.data}\n</body>`)
  );
}

export async function renderPage(input: WidgetPageInput): Promise<string> {
  const view = JSON.parse(input.viewJson) as PublicView;
  const params = readParams(input.pathname, input.search);
  const widget = createWidget(view, params.lang);
  const zoneContext = createZoneContext(view, widget);
  const index = startPlan(view, params.apartmentId, params.plan);
  const plan = view.plans[index];
  const markup = plan ? await input.planMarkup(plan.name) : null;
  const decorated =
    plan && markup
      ? decoratePlan(markup, plan, index, zoneContext, widget.t('planRegion'), view.settings)
      : null;
  const body = renderToString(
    <App
      view={view}
      params={params}
      widget={widget}
      zoneContext={zoneContext}
      initialPlan={decorated ? { index, plan: decorated } : null}
      onReady={() => undefined}
    />,
  );
  return fillTemplate(input.template, {
    lang: params.lang,
    title: view.project.name,
    css: pageCss(view),
    // Browsers that know it paint nothing until the plan has been parsed, then the plan whole:
    // no frames of a half-drawn plan, each laid out again (ADR 016). Others ignore it.
    head: decorated ? `<link rel="expect" href="#${PLAN_END_ID}" blocking="render">` : '',
    body,
    data: pageDataScript(input.viewEtag, input.viewJson),
  });
}

/** Everything the page is rendered from in the query (language, plan, apartment, filters, embedding…), read the widget's way. */
export function pageKey(search: string): string {
  return JSON.stringify(readParams('/view/0', search));
}

export const renderer: WidgetPageRenderer = { renderPage, pageKey, renderNotFound };
