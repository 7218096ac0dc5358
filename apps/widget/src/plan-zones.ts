import type { PublicApartment, PublicPlan } from '@planvy/shared/public-view';
import { parseViewBox, type Box } from '@planvy/shared/plan/view-box';
import { linkTarget, readZone, type AttributeSource } from '@planvy/shared/plan/zones';
import { statusClass } from './theme-css';

/**
 * What a plan on the page is made of, decided once for both ways a plan reaches the page: the
 * browser's (plan-prepare.ts: guard, then these marks applied to DOM elements) and the
 * server's (server.tsx: the same marks applied to parsed markup). Nothing here touches a DOM
 * or parses markup, so the first-paint script carries none of that.
 */

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
  /** Its building labels and zone numbers are drawn already (the server's plan). */
  drawn?: boolean;
}

/** The first plan as the server rendered it: decorated markup for the page, and its box. */
export interface ServerPlan {
  markup: string;
  base: Box;
}

/** The plan on screen in the first frame: prepared in the browser, adopted from the page, or (server) markup. */
export interface InitialPlan {
  index: number;
  plan: PreparedPlan | ServerPlan;
}

/** Attribute name → value to set, or null to remove. */
export type Marks = [name: string, value: string | null][];

/** A `style` attribute without its `fill` declarations (a fill set inline would hide the status colour). */
export function withoutFill(style: string): string {
  const kept: string[] = [];
  let start = 0;
  let depth = 0;
  let quote = '';
  for (let i = 0; i <= style.length; i++) {
    const c = style[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if ((c === ';' && depth === 0) || c === undefined) {
      const declaration = style.slice(start, i).trim();
      if (declaration && !/^fill\s*:/i.test(declaration)) kept.push(declaration);
      start = i + 1;
    }
  }
  return kept.join(';');
}

/**
 * How one element is marked, read with the shared zone model: status class, `data-pv-id` and
 * name for an apartment zone; `pv-link` (and `pv-building`), `data-pv-plan` and name for a zone
 * that leads to an existing plan; both keyboard-reachable buttons. Null: not a zone to mark.
 */
export function zoneMarks(
  el: AttributeSource,
  ctx: ZoneContext,
): { apartmentId: number | null; marks: Marks } | null {
  const zone = readZone(el);
  const classes = el.getAttribute('class') ?? '';
  const apartment =
    zone.kind === 'apartment' && zone.apartmentId !== null ? ctx.apartments.get(zone.apartmentId) : undefined;
  let marks: Marks;
  if (apartment) {
    marks = [
      [
        'class',
        `${classes} pv-zone ${statusClass(apartment.status)}${apartment.inactive ? ' pv-inactive' : ''}`.trim(),
      ],
      ['data-pv-id', String(apartment.id)],
      ['aria-label', ctx.apartmentLabel(apartment)],
    ];
  } else {
    const target = linkTarget(zone, ctx.planIndex);
    if (target === null) return null;
    const index = ctx.planIndex.get(target)!;
    marks = [
      ['class', `${classes} pv-zone pv-link${zone.kind === 'building' ? ' pv-building' : ''}`.trim()],
      ['data-pv-plan', String(index)],
      ['aria-label', ctx.linkLabel(index, zone.buildingNumberId)],
    ];
  }
  marks.push(['tabindex', '0'], ['role', 'button']);
  const style = el.getAttribute('style');
  if (style !== null) marks.push(['style', withoutFill(style) || null]);
  return { apartmentId: apartment ? apartment.id : null, marks };
}

/**
 * How a plan's root is framed: its box as the viewBox, fitted to its container, scoped by class
 * (`scopeClass`, which its style rules are confined to), named; and the background image to put
 * under everything else, only from a same-origin path (the URL comes from the API, but it
 * still ends up in markup).
 */
export function planFrame(
  root: AttributeSource,
  plan: Pick<PublicPlan, 'background_url'>,
  scopeClass: string,
  label: string,
): { base: Box; marks: Marks; background: Marks | null } {
  const base = parseViewBox(
    root.getAttribute('viewBox'),
    root.getAttribute('width'),
    root.getAttribute('height'),
  ) ?? {
    x: 0,
    y: 0,
    w: 1000,
    h: 1000,
  };
  const marks: Marks = [
    ['viewBox', `${base.x} ${base.y} ${base.w} ${base.h}`],
    ['preserveAspectRatio', 'xMidYMid meet'],
    ['width', null],
    ['height', null],
    ['class', `pv-plan-svg ${scopeClass}`],
    ['role', 'group'],
    ['style', null],
    ['aria-label', label],
  ];
  const bg = plan.background_url;
  const background: Marks | null =
    bg && bg.startsWith('/') && !bg.startsWith('//')
      ? [
          ['href', bg],
          ['x', String(base.x)],
          ['y', String(base.y)],
          ['width', String(base.w)],
          ['height', String(base.h)],
          ['preserveAspectRatio', 'xMidYMid meet'],
          ['class', 'pv-bg'],
          ['aria-hidden', 'true'],
        ]
      : null;
  return { base, marks, background };
}

/** The class a plan's root carries and its style rules are confined to. */
export const planScopeClass = (planIndex: number) => `pv-p${planIndex}`;

/** Applies marks to an element. */
export function applyMarks(el: Element, marks: Marks): void {
  for (const [name, value] of marks) {
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, value);
  }
}

/**
 * The server-rendered plan already in the page, taken as it is: its box from the viewBox the
 * server wrote and its zones found by the marks it gave them. Nothing is parsed, re-inserted
 * or repainted.
 */
export function adoptPlan(svg: SVGSVGElement): PreparedPlan {
  const base = parseViewBox(svg.getAttribute('viewBox'), null, null) ?? { x: 0, y: 0, w: 1000, h: 1000 };
  const zones = new Map<number, Element[]>();
  const found = svg.querySelectorAll('.pv-zone[data-pv-id]');
  for (let i = 0; i < found.length; i++) {
    const el = found[i]!;
    const id = Number(el.getAttribute('data-pv-id'));
    const list = zones.get(id);
    if (list) list.push(el);
    else zones.set(id, [el]);
  }
  return { svg, base, zones, drawn: true };
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
