import type { PublicApartment, PublicPlan } from '@planvy/shared/src/public-view';
import { guardPlan } from '@planvy/shared/src/plan/svg-guard';
import { SVG_NS } from '@planvy/shared/src/plan/svg-policy';
import { parseViewBox, type Box } from '@planvy/shared/src/plan/view-box';
import { linkTarget, readZone, ZONE_SELECTOR } from '@planvy/shared/src/plan/zones';
import { statusClass } from './theme-css';

export interface ZoneContext {
  apartments: ReadonlyMap<number, PublicApartment>;
  /** Plan index by file name, for data-link-to targets. */
  planIndex: ReadonlyMap<string, number>;
  /** Accessible name of an apartment zone: bostad, status label and rooms. */
  apartmentLabel: (a: PublicApartment) => string;
  /** Accessible name of a zone that leads to another plan: "Hus A" for a building, else "Visa {plan}". */
  linkLabel: (planIndex: number, buildingNumberId: number | null) => string;
}

export interface PreparedPlan {
  svg: SVGSVGElement;
  /** The plan's own coordinate box (its viewBox): "fit" shows exactly this. */
  base: Box;
  /** Apartment id → its zone elements (an apartment may be drawn more than once). */
  zones: Map<number, Element[]>;
}

/**
 * Marks every zone in one pass over the (still detached) plan: status class, and the
 * attributes that make it a keyboard-reachable, named button. Zones are read with the shared
 * plan model; a link zone with a building number is a building (`pv-building`). Listeners
 * are not added here: the plan view delegates events from its container.
 */
export function decorateZones(svg: Element, ctx: ZoneContext): Map<number, Element[]> {
  const zones = new Map<number, Element[]>();
  const candidates = svg.querySelectorAll(ZONE_SELECTOR);
  for (let i = 0; i < candidates.length; i++) {
    const el = candidates[i]!;
    const zone = readZone(el);
    const classes = el.getAttribute('class') ?? '';
    const apartment =
      zone.kind === 'apartment' && zone.apartmentId !== null
        ? ctx.apartments.get(zone.apartmentId)
        : undefined;
    if (apartment) {
      el.setAttribute(
        'class',
        `${classes} pv-zone ${statusClass(apartment.status)}${apartment.inactive ? ' pv-inactive' : ''}`.trim(),
      );
      el.setAttribute('data-pv-id', String(apartment.id));
      el.setAttribute('aria-label', ctx.apartmentLabel(apartment));
      const list = zones.get(apartment.id);
      if (list) list.push(el);
      else zones.set(apartment.id, [el]);
    } else {
      const target = linkTarget(zone, ctx.planIndex);
      if (target === null) continue;
      const index = ctx.planIndex.get(target)!;
      el.setAttribute(
        'class',
        `${classes} pv-zone pv-link${zone.kind === 'building' ? ' pv-building' : ''}`.trim(),
      );
      el.setAttribute('data-pv-plan', String(index));
      el.setAttribute('aria-label', ctx.linkLabel(index, zone.buildingNumberId));
    }
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    // A fill set inline on the zone would hide the status colour.
    if (el.hasAttribute('style')) (el as SVGElement).style?.removeProperty('fill');
  }
  return zones;
}

/**
 * Marks again the zones whose apartment changed since `before` (live updates keep the
 * objects of unchanged apartments, so identity says what changed).
 */
export function syncZones(zones: Map<number, Element[]>, ctx: ZoneContext, before: ZoneContext): void {
  zones.forEach((els, id) => {
    const a = ctx.apartments.get(id);
    if (!a || a === before.apartments.get(id)) return;
    for (const el of els) {
      for (const c of Array.from(el.classList)) if (c.startsWith('pv-st-')) el.classList.remove(c);
      el.classList.add(statusClass(a.status));
      el.classList.toggle('pv-inactive', a.inactive);
      el.setAttribute('aria-label', ctx.apartmentLabel(a));
    }
  });
}

/** Fits the plan to its container and adds the background image under everything else. */
export function framePlan(
  svg: SVGSVGElement,
  plan: Pick<PublicPlan, 'background_url' | 'name'>,
  scopeClass: string,
): Box {
  const base = parseViewBox(
    svg.getAttribute('viewBox'),
    svg.getAttribute('width'),
    svg.getAttribute('height'),
  ) ?? { x: 0, y: 0, w: 1000, h: 1000 };
  svg.setAttribute('viewBox', `${base.x} ${base.y} ${base.w} ${base.h}`);
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('class', `pv-plan-svg ${scopeClass}`);
  svg.setAttribute('role', 'group');
  svg.removeAttribute('style');
  const bg = plan.background_url;
  // Only same-origin paths: the URL comes from the API, but it still ends up in markup.
  if (bg && bg.startsWith('/') && !bg.startsWith('//')) {
    const image = svg.ownerDocument.createElementNS(SVG_NS, 'image');
    image.setAttribute('href', bg);
    image.setAttribute('x', String(base.x));
    image.setAttribute('y', String(base.y));
    image.setAttribute('width', String(base.w));
    image.setAttribute('height', String(base.h));
    image.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    image.setAttribute('class', 'pv-bg');
    image.setAttribute('aria-hidden', 'true');
    svg.insertBefore(image, svg.firstChild);
  }
  return base;
}

/**
 * Markup to a plan ready for the page: parsed as XML, cleaned, framed and its zones
 * decorated, all while detached, then adopted into the document in one step.
 * Null when the markup is not a usable SVG.
 */
export function preparePlan(
  markup: string,
  plan: Pick<PublicPlan, 'background_url' | 'name'>,
  planIndex: number,
  ctx: ZoneContext,
  label: string,
): PreparedPlan | null {
  const scope = `pv-p${planIndex}`;
  // Plan style rules apply below this plan's root only (zero specificity: never above the widget's).
  const parsed = guardPlan(markup, { scope: `:where(.${scope})` });
  if (!parsed) return null;
  const base = framePlan(parsed, plan, scope);
  const zones = decorateZones(parsed, ctx);
  parsed.setAttribute('aria-label', label);
  return { svg: document.adoptNode(parsed), base, zones };
}
