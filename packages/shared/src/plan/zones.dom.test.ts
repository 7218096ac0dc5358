import { describe, expect, it } from 'vitest';
import {
  apartmentZone,
  applyZoneChanges,
  attributeRecord,
  detachedZone,
  freshZoneId,
  linkTarget,
  linkZone,
  locateZone,
  planNameList,
  readZone,
  unlinkedZone,
  ZONE_ATTRIBUTE_NAMES,
  ZONE_SELECTOR,
  zoneStatus,
} from './zones';

function plan(body: string): Element {
  return new DOMParser().parseFromString(
    `<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`,
    'image/svg+xml',
  ).documentElement;
}

describe('reading zones (spec §3)', () => {
  it('tells apartments, buildings and plain links apart', () => {
    const root = plan(`
      <rect id="12" data-bostad="1101" data-status="sold" data-inactive="1"/>
      <rect id="zone-link-1" data-link-to="a.svg, b.svg" data-building-number="7"/>
      <rect id="x" data-link-to="floor-2.svg"/>
      <rect id="13"/>
      <rect id="x12" data-bostad="B"/>`);
    const zones = Array.from(root.children).map((el) => readZone(el));
    expect(zones.map((z) => z.kind)).toEqual(['apartment', 'building', 'link', null, 'apartment']);
    expect(zones[0]).toMatchObject({ apartmentId: 12, bostad: '1101', status: 'sold', inactive: true });
    expect(zones[1]).toMatchObject({ linkTo: ['a.svg', 'b.svg'], buildingNumberId: 7, apartmentId: null });
    expect(zones[2]!.buildingNumberId).toBeNull();
    // An id that is not all digits is no apartment id.
    expect(zones[4]!.apartmentId).toBeNull();
    expect(root.querySelectorAll(ZONE_SELECTOR)).toHaveLength(4);
  });

  it('reads the server parser’s attribute records the same way', () => {
    const zone = readZone(attributeRecord({ id: '5', 'data-bostad': 'A' }));
    expect(zone).toMatchObject({ kind: 'apartment', apartmentId: 5, linkTo: [], inactive: false });
  });

  it('leads to the first plan of the list that exists', () => {
    const plans = new Set(['b.svg', 'c.svg']);
    expect(linkTarget({ linkTo: ['a.svg', 'c.svg', 'b.svg'] }, plans)).toBe('c.svg');
    expect(linkTarget({ linkTo: ['a.svg'] }, plans)).toBeNull();
    expect(planNameList(' a.svg,,b.svg ')).toEqual(['a.svg', 'b.svg']);
    expect(planNameList(null)).toEqual([]);
  });
});

describe('writing zones (spec §4)', () => {
  it('attaching writes id, bostad, status and inactive, and drops a link', () => {
    const root = plan('<rect id="zone-link-3" data-link-to="a.svg" data-building-number="2"/>');
    const el = root.firstElementChild!;
    applyZoneChanges(el, apartmentZone({ id: 44, bostad: '1202', status: 'reserved', inactive: '0' }));
    expect(readZone(el)).toMatchObject({
      kind: 'apartment',
      apartmentId: 44,
      bostad: '1202',
      status: 'reserved',
      inactive: false,
      linkTo: [],
    });
    expect(el.hasAttribute('data-building-number')).toBe(false);
    expect(zoneStatus({ status: 'sold', inactive: true })).toEqual({
      'data-status': 'sold',
      'data-inactive': '1',
    });
  });

  it('detaching keeps the shape and nothing of the apartment', () => {
    const root = plan('<path id="44" d="M0 0h1v1z" data-bostad="1" data-status="sold" data-inactive="0"/>');
    const el = root.firstElementChild!;
    applyZoneChanges(el, detachedZone());
    expect(el.getAttributeNames()).toEqual(['d']);
  });

  it('linking to a building sets both the plan and the building number; unlinking removes both', () => {
    const root = plan('<rect id="9" data-bostad="1" data-status="sale"/>');
    const el = root.firstElementChild!;
    applyZoneChanges(el, linkZone('house-a.svg', 3));
    expect(readZone(el)).toMatchObject({ kind: 'building', linkTo: ['house-a.svg'], buildingNumberId: 3 });
    expect(el.hasAttribute('data-bostad') || el.hasAttribute('data-status')).toBe(false);
    applyZoneChanges(el, linkZone('floor.svg', null, 'zone-link-1'));
    expect(readZone(el)).toMatchObject({ kind: 'link', id: 'zone-link-1', buildingNumberId: null });
    applyZoneChanges(el, unlinkedZone());
    expect(readZone(el).kind).toBeNull();
  });

  it('writes only zone attributes', () => {
    const written = [
      apartmentZone({ id: 1, bostad: 'A', status: 'sale', inactive: false }),
      detachedZone(),
      linkZone('a.svg', 1, 'z'),
      unlinkedZone(),
    ].flatMap((changes) => Object.keys(changes));
    expect(written.every((name) => ZONE_ATTRIBUTE_NAMES.includes(name))).toBe(true);
  });

  it('finds fresh ids', () => {
    expect(freshZoneId(new Set(['zone-link-1', 'zone-link-2']))).toBe('zone-link-3');
  });
});

describe('locating an element again', () => {
  it('gives the element path below the root, skipping what the page added', () => {
    const root = plan('<image data-pv-ui=""/><g><rect/><g><path id="p"/></g></g><g data-pv-ui=""/>');
    const path = root.querySelector('path')!;
    expect(locateZone(path, root, (el) => el.hasAttribute('data-pv-ui'))).toEqual({
      path: [0, 1, 0],
      name: 'path',
      id: 'p',
    });
    expect(locateZone(path, root)!.path).toEqual([1, 1, 0]);
    expect(locateZone(root, root)).toEqual({ path: [], name: 'svg', id: null });
  });
});
