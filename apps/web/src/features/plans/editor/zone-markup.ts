/**
 * What the editor shows each zone as. Zones are read with the shared plan model
 * (packages/shared/src/plan/zones.ts); colours never come from markup: each zone is marked
 * with `data-pv-state` from the apartments list, and every `data-pv-*` attribute is the
 * editor's own and removed before a save. A shape picked or drawn but not yet saved has
 * `data-temp-id`.
 */
import { linkTarget, readZone, ZONE_SELECTOR as PLAN_ZONES } from '@planvy/shared';
import { guardPlan } from '@planvy/shared/plan/svg-guard';

/** Elements that carry zone data, or are becoming zones. */
export const ZONE_SELECTOR = `${PLAN_ZONES}, [data-temp-id]`;

export interface ZoneApartment {
  status: string;
  inactive: string;
}

export interface ZoneContext {
  apartments: ReadonlyMap<number, ZoneApartment>;
  /** Names of the project's plans, for telling working links from broken ones. */
  plans: ReadonlySet<string>;
  /**
   * When set, apartment zones are shaded by another measure instead of their status
   * (the click overlay): a level per apartment id, 0 for those not listed.
   */
  shading?: ReadonlyMap<number, number>;
}

/**
 * What the editor shows a zone as: `s-{status}`, `inactive`, `heat-{level}` (shaded),
 * `unknown` (apartment data but no such apartment), `link` (and `building`), `broken`
 * (links to no plan), `temp`, or null (not a zone).
 */
export type ZoneState = string | null;

export function zoneState(el: Element, ctx: ZoneContext): ZoneState {
  if (el.hasAttribute('data-temp-id')) return 'temp';
  const zone = readZone(el);
  if (zone.kind === 'link' || zone.kind === 'building') {
    if (linkTarget(zone, ctx.plans) === null) return 'broken';
    return zone.kind;
  }
  if (zone.kind !== 'apartment') return null;
  const id = zone.apartmentId;
  const apartment = id === null ? undefined : ctx.apartments.get(id);
  if (!apartment || id === null) return 'unknown';
  if (ctx.shading) return `heat-${ctx.shading.get(id) ?? 0}`;
  return apartment.inactive === '1' ? 'inactive' : `s-${apartment.status}`;
}

/**
 * Marks every zone of the plan with its state in one pass, and unmarks elements that
 * stopped being zones. Returns how many zones were marked.
 */
export function markZones(root: Element, ctx: ZoneContext): number {
  const zones = root.querySelectorAll(ZONE_SELECTOR);
  let count = 0;
  for (let i = 0; i < zones.length; i++) {
    const el = zones[i]!;
    const state = zoneState(el, ctx);
    if (state === null) {
      el.removeAttribute('data-pv-state');
      continue;
    }
    if (el.getAttribute('data-pv-state') !== state) el.setAttribute('data-pv-state', state);
    count++;
  }
  const stale = root.querySelectorAll(
    '[data-pv-state]:not([data-bostad]):not([data-link-to]):not([data-temp-id])',
  );
  for (let i = 0; i < stale.length; i++) stale[i]!.removeAttribute('data-pv-state');
  return count;
}

/** Re-marks one element after its zone attributes changed. */
export function markZone(el: Element, ctx: ZoneContext): void {
  const state = zoneState(el, ctx);
  if (state === null) el.removeAttribute('data-pv-state');
  else el.setAttribute('data-pv-state', state);
}

/**
 * Elements the pick tool and the autopilot pass over: the editor's own (labels, handles, the
 * background), zones and what is inside them, and groups around a zone (a zone in a zone).
 */
export function notPickable(el: Element): boolean {
  if (el.closest(`[data-pv-ui], ${ZONE_SELECTOR}`) !== null) return true;
  return el.localName === 'g' && el.querySelector(ZONE_SELECTOR) !== null;
}

export class PlanParseError extends Error {}

/**
 * Parses plan markup as SVG (never as HTML) through the browser guard shared with the
 * widget: the server sanitised the plan already (an allowlist); this is a second,
 * independent line, and it confines the plan's own style rules to its root.
 */
export function parsePlan(markup: string): SVGSVGElement {
  const root = guardPlan(markup);
  if (!root) throw new PlanParseError('The plan is not a readable SVG image');
  return root;
}

/** Removes the editor's own attributes (`data-pv-*`, `data-temp-id`) from serialised markup. */
export function stripEditorAttributes(markup: string): string {
  return markup.replace(/ data-(?:pv-[a-z-]+|temp-id)="[^"]*"/g, '');
}
