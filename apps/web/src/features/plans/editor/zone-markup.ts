/**
 * Plan markup as the editor reads and writes it (spec §3 "SVG zone attributes"):
 * an apartment zone has `id` = the apartment id and `data-bostad`; a link zone has
 * `data-link-to` (comma-separated plan names); a shape picked or drawn but not yet
 * saved has `data-temp-id`. Colours never come from markup: the editor marks each
 * zone with `data-pv-state` from the apartments list, and every `data-pv-*` attribute
 * is editor-only and removed before a save.
 */
import { fileNames } from '@planvy/shared';
import { guardPlan } from '@planvy/shared/src/plan/svg-guard';

import { SVG_NS } from '@planvy/shared/src/plan/svg-policy';

export { SVG_NS };

/** Elements that carry zone data. */
export const ZONE_SELECTOR = '[data-bostad], [data-link-to], [data-temp-id]';
/** Shapes an admin may turn into a zone with the pick tool. */
export const SHAPE_TAGS = new Set(['path', 'rect', 'polygon', 'polyline', 'circle', 'ellipse']);
/** Attributes that make an element an apartment zone (written by the editor, read by server and widget). */
const APARTMENT_ATTRIBUTES = ['data-bostad', 'data-status', 'data-inactive', 'data-building-number'];
/** Containers whose content is never painted directly, so never a zone. */
const NON_RENDERED = 'defs, clipPath, mask, pattern, marker, symbol';

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
 * `unknown` (apartment data but no such apartment), `link`, `broken` (links to no plan),
 * `temp`, or null (not a zone).
 */
export type ZoneState = string | null;

export interface ZoneInfo {
  id: string | null;
  /** The apartment id, when the id is one (digits only). */
  apartmentId: number | null;
  bostad: string | null;
  linkTo: string[];
  tempId: string | null;
}

export function readZone(el: Element): ZoneInfo {
  const id = el.getAttribute('id');
  return {
    id,
    apartmentId: id && /^\d{1,10}$/.test(id) ? Number(id) : null,
    bostad: el.getAttribute('data-bostad'),
    linkTo: fileNames(el.getAttribute('data-link-to') ?? ''),
    tempId: el.getAttribute('data-temp-id'),
  };
}

export function zoneState(el: Element, ctx: ZoneContext): ZoneState {
  if (el.hasAttribute('data-temp-id')) return 'temp';
  const zone = readZone(el);
  if (zone.linkTo.length > 0) return zone.linkTo.some((name) => ctx.plans.has(name)) ? 'link' : 'broken';
  if (zone.bostad === null) return null;
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

/** Re-marks one element after the editor changed its attributes. */
export function markZone(el: Element, ctx: ZoneContext): void {
  const state = zoneState(el, ctx);
  if (state === null) el.removeAttribute('data-pv-state');
  else el.setAttribute('data-pv-state', state);
}

/** An element of the drawing (not editor UI, not inside defs) that a click can make a zone. */
export function isPickableShape(el: Element): boolean {
  if (!SHAPE_TAGS.has(el.localName) || el.namespaceURI !== SVG_NS) return false;
  if (el.matches(ZONE_SELECTOR)) return false;
  return el.closest(`[data-pv-ui], ${NON_RENDERED}`) === null;
}

export function setApartmentZone(el: Element, apartment: { id: number; bostad: string }): void {
  el.removeAttribute('data-temp-id');
  el.removeAttribute('data-link-to');
  el.setAttribute('id', String(apartment.id));
  el.setAttribute('data-bostad', apartment.bostad);
}

/** Detach (spec §4): the zone loses the apartment's id and data; the shape stays. */
export function clearApartmentZone(el: Element): void {
  el.removeAttribute('id');
  for (const name of APARTMENT_ATTRIBUTES) el.removeAttribute(name);
}

/**
 * Links a zone to another plan. The server and its check report know zones by id, so
 * a shape without one gets a fresh `zone-link-…` id.
 */
export function setLinkZone(el: Element, target: string, freshId: () => string): void {
  el.removeAttribute('data-temp-id');
  el.setAttribute('data-link-to', target);
  if (!el.getAttribute('id')) el.setAttribute('id', freshId());
}

export function clearLinkZone(el: Element): void {
  el.removeAttribute('data-link-to');
}

/** A fresh id not used in the plan yet. */
export function uniqueId(root: Element, prefix: string): string {
  for (let i = 1; ; i++) {
    const candidate = `${prefix}${i}`;
    if (!root.querySelector(`[id="${candidate}"]`)) return candidate;
  }
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

/** Removes the editor's own attributes (`data-pv-*`) from serialised markup. */
export function stripEditorAttributes(markup: string): string {
  return markup.replace(/ data-pv-[a-z-]+="[^"]*"/g, '');
}
