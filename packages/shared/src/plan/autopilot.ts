/**
 * The autopilot (issue 22, ADR 029): zones proposed for a whole plan at once. Architects' plans
 * carry apartment numbers as text, and some exports name shapes after them (`id="lgh-1101"`,
 * `data-bostad`). For each apartment of the list that is not on the plan yet:
 *
 * - by name: the shape or group whose id, `data-*` or `aria-label` names its bostad;
 * - by text: the smallest closed shape a buyer sees around a text line that names it, leaving out
 *   shapes around another apartment's label too (a building, a legend box) and preferring the
 *   family (parent group) most labels land in, so a bed or rug under a label loses to the room.
 *
 * Every proposal carries what speaks against it (shape warnings, "unlike the others"), and only
 * one without any is `high` confidence: the confirm screen ticks those. Two places for one
 * apartment, or one shape for two, are `ambiguous`; an apartment with no label or no shape
 * around it is `notFound`. Nothing is changed: the caller attaches what the admin accepts.
 */
import {
  hiddenReason,
  isClosedShape,
  NON_RENDERED,
  seenShapes,
  shapeWarnings,
  type PickOptions,
  type PlanGeometry,
  type ShapeWarning,
} from './shape-pick';
import type { Box, Point } from './view-box';
import { readZone, ZONE_ATTRIBUTE, ZONE_ELEMENTS } from './zones';

export interface AutopilotApartment {
  id: number;
  bostad: string;
}

export type AutopilotWarning = ShapeWarning | 'unlike-others';

export interface AutopilotProposal<A extends AutopilotApartment = AutopilotApartment> {
  apartment: A;
  shape: Element;
  /** Found from a text label on the plan, or from the shape's own id or data attributes. */
  source: 'text' | 'name';
  /** `high` when nothing speaks against it (no warnings). */
  confidence: 'high' | 'low';
  warnings: AutopilotWarning[];
}

export interface AutopilotAmbiguity<A extends AutopilotApartment = AutopilotApartment> {
  apartment: A;
  /** The shapes it could be (each a fair guess). */
  shapes: Element[];
  /** `several-places`: labels or names in more than one shape; `shared-shape`: another apartment's proposal too. */
  reason: 'several-places' | 'shared-shape';
}

export interface AutopilotMiss<A extends AutopilotApartment = AutopilotApartment> {
  apartment: A;
  /** `no-label`: nothing on the plan names it; `no-shape`: its label has no closed shape of its own around it. */
  reason: 'no-label' | 'no-shape';
}

export interface AutopilotResult<A extends AutopilotApartment = AutopilotApartment> {
  proposals: AutopilotProposal<A>[];
  ambiguous: AutopilotAmbiguity<A>[];
  notFound: AutopilotMiss<A>[];
  /** Apartments that have a zone on this plan already (left alone). */
  placed: A[];
}

// ---------------------------------------------------------------------------
// Reading names
// ---------------------------------------------------------------------------

/** A bostad or a label as compared: Unicode-normalised, spaces collapsed, upper case. */
export const normalizeName = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toUpperCase();

/** Words put before an apartment's number on plans ("Lgh 1101", "Bostad nr 3"). */
const PREFIX = /^(?:(?:LGH|LÄGENHET|LAGENHET|BOSTAD|APT|APARTMENT|NR|NO)\.?:?\s*)+/;
/** A line with an area, a room count or a price describes an apartment; its numbers are no names. */
const UNITS = /M²|\bM2\b|\bKVM\b|\bR\.?O\.?K\b|\bRK\b|\bKR\b|\bSEK\b/;
/** A line of more words than this is prose, not a label. */
const MAX_LABEL_WORDS = 3;

type Index<A> = ReadonlyMap<string, A[]>;

/** The apartments a text line on the plan names ("1101", "Lgh 1101", "A 1101"). */
export function labelNames<A>(text: string, index: Index<A>): A[] {
  const line = normalizeName(text);
  if (!line) return [];
  const whole = index.get(line) ?? index.get(line.replace(PREFIX, ''));
  if (whole) return whole;
  if (UNITS.test(line)) return [];
  const words = line
    .replace(PREFIX, '')
    .split(/[\s,;:/()]+/)
    .filter(Boolean);
  if (words.length > MAX_LABEL_WORDS) return [];
  return [...new Set(words.flatMap((w) => index.get(w) ?? []))];
}

/** The apartments an id or attribute value names ("lgh-1101", "zone_A1101"; never "rect1101"). */
function nameNames<A>(value: string, index: Index<A>): A[] {
  const whole = index.get(normalizeName(value));
  if (whole) return whole;
  const words = normalizeName(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words.flatMap((w) => index.get(w) ?? []))];
}

/** Data attributes that are Planvy's own or the editor's, never a name. */
const NOT_NAMES = /^data-(?:pv-|temp-id$|status$|inactive$|link-to$|building-number$)/;

/** Attributes of a shape that may name an apartment. */
function nameValues(el: Element): string[] {
  // A zone's id is an apartment's id (of another project, when it is here), not a name.
  const idNames = !el.hasAttribute(ZONE_ATTRIBUTE.bostad);
  return Array.from(el.attributes)
    .filter(({ name }) =>
      name === 'id' ? idNames : name === 'aria-label' || (name.startsWith('data-') && !NOT_NAMES.test(name)),
    )
    .map((attr) => attr.value);
}

// ---------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------

const area = (b: Box | null) => (b ? Math.max(0, b.w) * Math.max(0, b.h) : Infinity);

/** The centre of a label and four points towards its corners: a shape around it holds all five. */
function labelPoints(b: Box): Point[] {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const dx = (b.w / 2) * 0.7;
  const dy = (b.h / 2) * 0.7;
  return [
    { x: cx, y: cy },
    { x: cx - dx, y: cy - dy },
    { x: cx + dx, y: cy - dy },
    { x: cx - dx, y: cy + dy },
    { x: cx + dx, y: cy + dy },
  ];
}

const holds = (outer: Box | null, p: Point) =>
  outer !== null && p.x >= outer.x && p.x <= outer.x + outer.w && p.y >= outer.y && p.y <= outer.y + outer.h;

/** Text lines of the plan a buyer sees: each line of a multi-line text (`<tspan x y>`), or the text. */
function textLines(root: Element, geometry: PlanGeometry, options: PickOptions): Element[] {
  const lines: Element[] = [];
  for (const text of Array.from(root.querySelectorAll('text'))) {
    if (options.skip?.(text) || text.closest(NON_RENDERED) || hiddenReason(text, root, geometry)) continue;
    const spans = Array.from(text.children).filter(
      (c) => c.localName === 'tspan' && (c.hasAttribute('x') || c.hasAttribute('y') || c.hasAttribute('dy')),
    );
    lines.push(...(spans.length > 1 ? spans : [text]));
  }
  return lines;
}

/** Whether `a` is `b` or inside it. */
const within = (a: Element, b: Element) => a === b || b.contains(a);

/**
 * Proposes a zone on the plan under `root` for each apartment of `apartments` not on it yet.
 * `geometry` should measure each element once (`measuredOnce`): the run measures them often.
 */
export function autopilot<A extends AutopilotApartment>(
  root: Element,
  apartments: readonly A[],
  geometry: PlanGeometry,
  options: PickOptions = {},
): AutopilotResult<A> {
  const byId = new Map(apartments.map((a) => [a.id, a]));
  // Zones of the listed apartments stay as they are; their shapes are taken.
  const placedIds = new Set<number>();
  const taken = new Set<Element>();
  for (const el of Array.from(root.querySelectorAll(`[${ZONE_ATTRIBUTE.bostad}]`))) {
    const id = readZone(el).apartmentId;
    if (id !== null && byId.has(id)) {
      placedIds.add(id);
      taken.add(el);
    }
  }
  const open = apartments.filter((a) => !placedIds.has(a.id));
  const index = new Map<string, A[]>();
  for (const a of open) {
    const key = normalizeName(a.bostad);
    if (key) index.set(key, [...(index.get(key) ?? []), a]);
  }
  /** Neither a zone, nor inside one, nor around one. */
  const free = (el: Element) => {
    for (let a: Element | null = el; a && a !== root; a = a.parentElement) if (taken.has(a)) return false;
    return (
      el.localName !== 'g' ||
      !Array.from(el.querySelectorAll(`[${ZONE_ATTRIBUTE.bostad}]`)).some((z) => taken.has(z))
    );
  };

  // By text: each label's chain of closed shapes around it, smallest first.
  const shapes = seenShapes(root, geometry, options).filter((el) => free(el) && isClosedShape(el));
  interface Label {
    names: A[];
    chain: Element[];
  }
  const labels: Label[] = [];
  for (const line of textLines(root, geometry, options)) {
    const names = labelNames(line.textContent ?? '', index);
    if (names.length === 0) continue;
    const b = geometry.box(line);
    const points = b ? labelPoints(b) : [];
    const chain = points.length
      ? shapes
          .filter((s) => {
            const sb = geometry.box(s);
            return points.every((p) => holds(sb, p)) && points.every((p) => geometry.contains(s, p));
          })
          .sort((x, y) => area(geometry.box(x)) - area(geometry.box(y)))
      : [];
    labels.push({ names, chain });
  }
  // A shape around labels of other apartments too is a building, a floor or a legend: never one's own.
  const around = new Map<Element, Set<A>>();
  for (const l of labels)
    for (const s of l.chain) {
      const set = around.get(s) ?? new Set<A>();
      l.names.forEach((a) => set.add(a));
      around.set(s, set);
    }
  const own = (l: Label) => l.chain.filter((s) => [...around.get(s)!].every((a) => l.names.includes(a)));
  // The family (parent group) that has a shape of their own around most labels: the rooms' layer.
  // Each label counts once for every family around it, so a rug under a number still counts for
  // the room around both; of families as common, the one with the larger shapes (rooms hold
  // furniture, never the other way round).
  const votes = new Map<Element | null, { labels: number; area: number }>();
  let voters = 0;
  for (const l of labels) {
    const mine = own(l);
    if (mine.length === 0) continue;
    voters++;
    const seen = new Set<Element | null>();
    for (const s of mine) {
      if (seen.has(s.parentElement)) continue;
      seen.add(s.parentElement);
      const v = votes.get(s.parentElement) ?? { labels: 0, area: 0 };
      votes.set(s.parentElement, { labels: v.labels + 1, area: v.area + area(geometry.box(s)) });
    }
  }
  let family: Element | null | undefined;
  for (const [parent, v] of votes) {
    if (v.labels < 3 || v.labels * 2 < voters) continue;
    const best = family === undefined ? undefined : votes.get(family)!;
    if (!best || v.labels > best.labels || (v.labels === best.labels && v.area > best.area)) family = parent;
  }

  interface Choice {
    shape: Element;
    unlike: boolean;
  }
  const textChoices = new Map<A, Choice[]>();
  const labelled = new Set<A>();
  for (const l of labels) {
    l.names.forEach((a) => labelled.add(a));
    if (l.names.length !== 1) continue; // one label for two apartments of the same name: no guess
    const mine = own(l);
    const inFamily = family === undefined ? undefined : mine.find((s) => s.parentElement === family);
    const shape = inFamily ?? mine[0];
    if (!shape) continue;
    const a = l.names[0]!;
    textChoices.set(a, [
      ...(textChoices.get(a) ?? []),
      { shape, unlike: family !== undefined && inFamily === undefined },
    ]);
  }

  // By name: shapes and groups whose attributes name an apartment (the outermost of nested ones).
  const named = new Map<A, Element[]>();
  const candidates = root.querySelectorAll([...ZONE_ELEMENTS].join(','));
  for (let i = 0; i < candidates.length; i++) {
    const el = candidates[i]!;
    if (options.skip?.(el) || el.closest(NON_RENDERED) || !free(el)) continue;
    const names = new Set(nameValues(el).flatMap((v) => nameNames(v, index)));
    for (const a of names) named.set(a, [...(named.get(a) ?? []), el]);
  }

  const result: AutopilotResult<A> = {
    proposals: [],
    ambiguous: [],
    notFound: [],
    placed: apartments.filter((a) => placedIds.has(a.id)),
  };
  const proposed: AutopilotProposal<A>[] = [];
  for (const a of open) {
    const names = (named.get(a) ?? []).filter((el, _i, all) => !all.some((o) => o !== el && o.contains(el)));
    let choices = textChoices.get(a) ?? [];
    if (choices.some((c) => !c.unlike)) choices = choices.filter((c) => !c.unlike);
    const textShapes = [...new Set(choices.map((c) => c.shape))];
    if (names.length > 1 || textShapes.length > 1) {
      result.ambiguous.push({
        apartment: a,
        shapes: [...new Set([...names, ...textShapes])],
        reason: 'several-places',
      });
      continue;
    }
    const byName = names[0];
    const byText = textShapes[0];
    if (byName && byText && !within(byText, byName)) {
      result.ambiguous.push({ apartment: a, shapes: [byName, byText], reason: 'several-places' });
      continue;
    }
    const shape = byName ?? byText;
    if (!shape) {
      result.notFound.push({ apartment: a, reason: labelled.has(a) ? 'no-shape' : 'no-label' });
      continue;
    }
    const warnings: AutopilotWarning[] = shapeWarnings(shape, root, geometry);
    if (!byName && choices.every((c) => c.unlike)) warnings.push('unlike-others');
    proposed.push({
      apartment: a,
      shape,
      source: byName ? 'name' : 'text',
      confidence: warnings.length === 0 ? 'high' : 'low',
      warnings,
    });
  }
  // One shape for two apartments: neither gets it.
  const owners = new Map<Element, number>();
  for (const p of proposed) owners.set(p.shape, (owners.get(p.shape) ?? 0) + 1);
  for (const p of proposed) {
    if (owners.get(p.shape)! > 1)
      result.ambiguous.push({ apartment: p.apartment, shapes: [p.shape], reason: 'shared-shape' });
    else result.proposals.push(p);
  }
  return result;
}
