import type { PublicPlan } from '@planvy/shared/public-view';
import { guardPlan } from '@planvy/shared/plan/svg-guard';
import { namespacePlanIds, planIdPrefix } from '@planvy/shared/plan/plan-ids';
import { SVG_NS } from '@planvy/shared/plan/svg-policy';
import type { Box } from '@planvy/shared/plan/view-box';
import { ZONE_SELECTOR } from '@planvy/shared/plan/zones';
import {
  applyMarks,
  planFrame,
  planScopeClass,
  zoneMarks,
  type PreparedPlan,
  type ZoneContext,
} from './plan-zones';

/**
 * Plans that reach the page in the browser: every plan after the first (the server renders
 * the first into the page), the style preview and the page without server rendering. Loaded on
 * demand (a separate chunk, prefetched when the browser is idle): the browser guard, the XML
 * parser and the decoration are not needed to paint the first plan. What is drawn over a plan
 * (labels, numbers) is in plan-overlay.ts, a chunk of its own: only plans that have it need it.
 */

/**
 * Marks every zone in one pass over the (still detached) plan (`zoneMarks`). Listeners are not
 * added here: the plan view delegates events from its container.
 */
export function decorateZones(svg: Element, ctx: ZoneContext): Map<number, Element[]> {
  const zones = new Map<number, Element[]>();
  const candidates = svg.querySelectorAll(ZONE_SELECTOR);
  for (let i = 0; i < candidates.length; i++) {
    const el = candidates[i]!;
    const marked = zoneMarks(el, ctx);
    if (!marked) continue;
    applyMarks(el, marked.marks);
    if (marked.apartmentId === null) continue;
    const list = zones.get(marked.apartmentId);
    if (list) list.push(el);
    else zones.set(marked.apartmentId, [el]);
  }
  return zones;
}

/** Fits the plan to its container, names it, and adds the background image under everything else. */
export function framePlan(
  svg: SVGSVGElement,
  plan: Pick<PublicPlan, 'background_url'>,
  scopeClass: string,
  label = '',
): Box {
  const { base, marks, background } = planFrame(svg, plan, scopeClass, label);
  applyMarks(svg, label ? marks : marks.filter(([name]) => name !== 'aria-label'));
  if (background) {
    const image = svg.ownerDocument.createElementNS(SVG_NS, 'image');
    applyMarks(image, background);
    svg.insertBefore(image, svg.firstChild);
  }
  return base;
}

/**
 * Markup to a plan ready for the page: parsed as XML, cleaned, framed, its zones decorated and
 * its ids moved into the plan's namespace (as on the server, ADR 020), all while detached, then
 * adopted into the document in one step. Null when the markup is not a usable SVG.
 */
export function preparePlan(
  markup: string,
  plan: Pick<PublicPlan, 'background_url'>,
  planIndex: number,
  ctx: ZoneContext,
  label: string,
): PreparedPlan | null {
  const scope = planScopeClass(planIndex);
  // Plan style rules apply below this plan's root only (zero specificity: never above the widget's).
  const parsed = guardPlan(markup, { scope: `:where(.${scope})` });
  if (!parsed) return null;
  const base = framePlan(parsed, plan, scope, label);
  const zones = decorateZones(parsed, ctx);
  // After the zones were read by their stored ids.
  namespacePlanIds(parsed, planIdPrefix(scope));
  return { svg: document.adoptNode(parsed), base, zones };
}
