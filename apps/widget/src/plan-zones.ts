import type { PublicApartment, PublicPlan } from '@planvy/shared/src/public-view';
import { guardPlan } from '@planvy/shared/src/plan/svg-guard';
import { SVG_NS } from '@planvy/shared/src/plan/svg-policy';
import { statusClass } from './theme-css';
import { parseViewBox, type Box } from './pan-zoom';

export interface ZoneContext {
  apartments: ReadonlyMap<number, PublicApartment>;
  /** Plan index by file name, for data-link-to targets. */
  planIndex: ReadonlyMap<string, number>;
  /** Accessible name of an apartment zone: bostad, status label and rooms. */
  apartmentLabel: (a: PublicApartment) => string;
  /** Accessible name of a zone that leads to another plan. */
  linkLabel: (planIndex: number, buildingId: string | null) => string;
}

export interface PreparedPlan {
  svg: SVGSVGElement;
  /** The plan's own coordinate box (its viewBox): "fit" shows exactly this. */
  base: Box;
  /** Apartment id → its zone elements (an apartment may be drawn more than once). */
  zones: Map<number, Element[]>;
}

/** The first existing plan among a comma-separated data-link-to list. */
export function linkTarget(value: string | null, planIndex: ReadonlyMap<string, number>): number | null {
  if (!value) return null;
  for (const name of value.split(',')) {
    const i = planIndex.get(name.trim());
    if (i !== undefined) return i;
  }
  return null;
}

/**
 * Marks every zone in one pass over the (still detached) plan: status class, and the
 * attributes that make it a keyboard-reachable, named button. Listeners are not added
 * here: the plan view delegates events from its container.
 */
export function decorateZones(svg: Element, ctx: ZoneContext): Map<number, Element[]> {
  const zones = new Map<number, Element[]>();
  const candidates = svg.querySelectorAll('[data-bostad], [data-link-to]');
  for (let i = 0; i < candidates.length; i++) {
    const el = candidates[i]!;
    const id = el.getAttribute('id');
    const apartment = id && /^\d{1,10}$/.test(id) ? ctx.apartments.get(Number(id)) : undefined;
    if (apartment && el.hasAttribute('data-bostad')) {
      el.setAttribute(
        'class',
        `${el.getAttribute('class') ?? ''} pv-zone ${statusClass(apartment.status)}${apartment.inactive ? ' pv-inactive' : ''}`.trim(),
      );
      el.setAttribute('data-pv-id', String(apartment.id));
      el.setAttribute('aria-label', ctx.apartmentLabel(apartment));
      const list = zones.get(apartment.id);
      if (list) list.push(el);
      else zones.set(apartment.id, [el]);
    } else {
      const target = linkTarget(el.getAttribute('data-link-to'), ctx.planIndex);
      if (target === null) continue;
      el.setAttribute('class', `${el.getAttribute('class') ?? ''} pv-zone pv-link`.trim());
      el.setAttribute('data-pv-plan', String(target));
      el.setAttribute('aria-label', ctx.linkLabel(target, el.getAttribute('data-building-number')));
    }
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    // A fill set inline on the zone would hide the status colour.
    if (el.hasAttribute('style')) (el as SVGElement).style?.removeProperty('fill');
  }
  return zones;
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
