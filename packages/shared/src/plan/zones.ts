/**
 * Plan zones (spec §3 "SVG zone attributes", §4 "Zones"): the one reader and the one writer
 * of `id`, `data-bostad`, `data-status`, `data-inactive`, `data-link-to` and
 * `data-building-number`, used by the admin editor, the widget and the server alike.
 *
 * - An apartment zone has `data-bostad` and, as `id`, the apartment's id. Planvy writes the
 *   apartment's `data-status` and `data-inactive` beside them (so exported plans carry them),
 *   but what a zone is shown as always comes from the database, never from these two.
 * - A link zone has `data-link-to`: comma-separated names of plans, the first existing one
 *   being where it leads. With `data-building-number` (a building number's id) it is a
 *   building: the way from a site plan into that building's plan.
 *
 * Changes are plain attribute maps (`ZoneChanges`): the editor applies one to an element, the
 * server to the same element of the stored markup, so both always agree on what an edit means.
 * Zod-free and DOM-optional: the widget imports it, the server passes plain attribute records.
 */
import { parseId } from '../parse-id';

export const ZONE_ATTRIBUTE = {
  id: 'id',
  bostad: 'data-bostad',
  status: 'data-status',
  inactive: 'data-inactive',
  linkTo: 'data-link-to',
  buildingNumber: 'data-building-number',
} as const;

/** Every attribute a zone edit may write (the server refuses to write any other). */
export const ZONE_ATTRIBUTE_NAMES: readonly string[] = Object.values(ZONE_ATTRIBUTE);

/** Elements that carry zone data. */
export const ZONE_SELECTOR = '[data-bostad], [data-link-to]';

/** Shapes an admin may turn into a zone (the pick tool, drawing). */
export const SHAPE_ELEMENTS: ReadonlySet<string> = new Set([
  'path',
  'rect',
  'polygon',
  'polyline',
  'circle',
  'ellipse',
]);
/** Elements that may be zones: shapes, and groups or uses of them (plans exported from CAD programs). */
export const ZONE_ELEMENTS: ReadonlySet<string> = new Set([...SHAPE_ELEMENTS, 'g', 'use']);

/** Anything attributes can be read from: a DOM element, or a record wrapped by `attributeRecord`. */
export interface AttributeSource {
  getAttribute(name: string): string | null;
}

/** A plain attribute record (the server's parser gives these) read like an element. */
export function attributeRecord(attrs: Readonly<Record<string, string | null | undefined>>): AttributeSource {
  return { getAttribute: (name) => attrs[name] ?? null };
}

export type ZoneKind = 'apartment' | 'building' | 'link';

export interface Zone {
  id: string | null;
  /** The apartment the zone shows: its id when that is all digits and the zone has `data-bostad`. */
  apartmentId: number | null;
  bostad: string | null;
  /** As written in the plan; informative only (colours come from the database). */
  status: string | null;
  inactive: boolean;
  /** Plans the zone leads to, in order of preference. */
  linkTo: string[];
  /** The building number (its id) a link zone stands for. */
  buildingNumberId: number | null;
  /** What the zone is, or null when the element is no zone. */
  kind: ZoneKind | null;
}

/** Splits a comma-separated list of plan names (`data-link-to`, an apartment's `file_name`). */
export function planNameList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function readZone(el: AttributeSource): Zone {
  const id = el.getAttribute('id');
  const bostad = el.getAttribute(ZONE_ATTRIBUTE.bostad);
  const linkTo = planNameList(el.getAttribute(ZONE_ATTRIBUTE.linkTo));
  const building = el.getAttribute(ZONE_ATTRIBUTE.buildingNumber)?.trim() ?? '';
  const buildingNumberId = parseId(building) ?? null;
  const apartmentId = bostad !== null ? (parseId(id) ?? null) : null;
  return {
    id,
    apartmentId,
    bostad,
    status: el.getAttribute(ZONE_ATTRIBUTE.status),
    inactive: el.getAttribute(ZONE_ATTRIBUTE.inactive) === '1',
    linkTo,
    buildingNumberId: linkTo.length > 0 ? buildingNumberId : null,
    kind:
      linkTo.length > 0
        ? buildingNumberId !== null
          ? 'building'
          : 'link'
        : bostad !== null
          ? 'apartment'
          : null,
  };
}

/** The first plan of a link zone that exists, or null (a broken link). */
export function linkTarget(zone: Pick<Zone, 'linkTo'>, plans: { has(name: string): boolean }): string | null {
  return zone.linkTo.find((name) => plans.has(name)) ?? null;
}

// ---------------------------------------------------------------------------
// Writing: edits as attribute maps
// ---------------------------------------------------------------------------

/** Attribute name → new value; null removes the attribute. */
export type ZoneChanges = Record<string, string | null>;

/** What an apartment is on a plan: enough to write its zone. */
export interface ZoneApartment {
  id: number;
  bostad: string;
  status: string;
  /** "1"/"0" (admin API) or a boolean (public view, database rows). */
  inactive: string | boolean;
}

const isInactive = (value: string | boolean) => value === true || value === '1';

/** `data-status` and `data-inactive` from the database's values (written on every save). */
export function zoneStatus(apartment: Pick<ZoneApartment, 'status' | 'inactive'>): ZoneChanges {
  return {
    [ZONE_ATTRIBUTE.status]: apartment.status,
    [ZONE_ATTRIBUTE.inactive]: isInactive(apartment.inactive) ? '1' : '0',
  };
}

/** The zone shows `apartment` (add or attach, spec §4); a link it had goes. */
export function apartmentZone(apartment: ZoneApartment): ZoneChanges {
  return {
    id: String(apartment.id),
    [ZONE_ATTRIBUTE.bostad]: apartment.bostad,
    ...zoneStatus(apartment),
    [ZONE_ATTRIBUTE.linkTo]: null,
    [ZONE_ATTRIBUTE.buildingNumber]: null,
  };
}

/** Detach (spec §4): the zone loses the apartment's id and data; the shape stays. */
export function detachedZone(): ZoneChanges {
  return {
    id: null,
    [ZONE_ATTRIBUTE.bostad]: null,
    [ZONE_ATTRIBUTE.status]: null,
    [ZONE_ATTRIBUTE.inactive]: null,
    [ZONE_ATTRIBUTE.buildingNumber]: null,
  };
}

/**
 * The zone leads to the plan `target`, as building `buildingNumberId` when one is given.
 * An apartment it showed goes. `id`, when given, becomes the zone's id: the server and its
 * check report know zones by id, so a link zone without one gets a fresh `zone-link-…`.
 */
export function linkZone(target: string, buildingNumberId: number | null, id?: string): ZoneChanges {
  return {
    ...(id !== undefined ? { id } : {}),
    [ZONE_ATTRIBUTE.linkTo]: target,
    [ZONE_ATTRIBUTE.buildingNumber]: buildingNumberId === null ? null : String(buildingNumberId),
    [ZONE_ATTRIBUTE.bostad]: null,
    [ZONE_ATTRIBUTE.status]: null,
    [ZONE_ATTRIBUTE.inactive]: null,
  };
}

/** Unlink (spec §4): the link, and the building it stood for, go; the shape stays. */
export function unlinkedZone(): ZoneChanges {
  return { [ZONE_ATTRIBUTE.linkTo]: null, [ZONE_ATTRIBUTE.buildingNumber]: null };
}

/** Applies changes to an element. */
export function applyZoneChanges(el: Element, changes: ZoneChanges): void {
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, value);
  }
}

/** The prefix of the ids given to link zones that had none. */
export const LINK_ZONE_ID_PREFIX = 'zone-link-';

/** A fresh id not in `taken`. */
export function freshZoneId(taken: { has(id: string): boolean }, prefix = LINK_ZONE_ID_PREFIX): string {
  for (let i = 1; ; i++) {
    const candidate = `${prefix}${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

// ---------------------------------------------------------------------------
// Finding one element of a plan again (the editor's DOM, the server's stored markup)
// ---------------------------------------------------------------------------

/**
 * Where an element is in a plan: the index among its parent's element children at each
 * level below the root, its local name and its id. The server finds the element by the
 * path in the stored markup of the same version, and checks name and id before touching it.
 */
export interface ZoneLocator {
  path: number[];
  name: string;
  id: string | null;
}

/**
 * The locator of `el` under `root`. `skip` leaves out elements the page added that the
 * stored markup does not have (the editor's background image, labels and handles).
 */
export function locateZone(
  el: Element,
  root: Element,
  skip: (child: Element) => boolean = () => false,
): ZoneLocator | null {
  const path: number[] = [];
  let node: Element = el;
  while (node !== root) {
    const parent = node.parentElement;
    if (!parent) return null;
    let index = 0;
    for (let child = parent.firstElementChild; child && child !== node; child = child.nextElementSibling) {
      if (!skip(child)) index++;
    }
    path.push(index);
    node = parent;
  }
  return { path: path.reverse(), name: el.localName, id: el.getAttribute('id') };
}
