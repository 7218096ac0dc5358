import { describe, expect, it } from 'vitest';
import {
  apartmentZone,
  detachedZone,
  freshZoneId,
  linkZone,
  unlinkedZone,
  ZONE_ELEMENTS,
} from '@planvy/shared';
import { wrap, XSS_CORPUS } from '@planvy/shared/test/xss-corpus';
import { sanitizeSvg } from './svg-sanitize';
import { NotAZoneError, patchZone, ZoneNotFoundError } from './zone-patch';

const stored = sanitizeSvg(
  wrap(
    '<style>.a{fill:blue}</style><g id="floor" transform="translate(5 5)">' +
      '<rect id="12" data-bostad="A &amp; B" x="1" y="1" width="5" height="5"/>' +
      '<path d="M0 0h4v4z" class="a"/>' +
      '<g><polygon id="zone-link-1" points="0,0 1,0 1,1" data-link-to="b.svg"/></g>' +
      '</g><text x="1" y="9">Plan &lt;1&gt;</text>',
  ),
).svg;

const hostile = { id: 77, bostad: '"/><script>alert(1)</script>\u0001&', status: 'sale', inactive: '0' };

describe('a zone patch', () => {
  it('rewrites only the start tag of the element at the path', () => {
    const patch = patchZone(stored, { path: [1, 1], name: 'path', id: null }, () =>
      apartmentZone({ id: 40, bostad: '1101', status: 'sold', inactive: '1' }),
    );
    const before = '<path d="M0 0h4v4z" class="a"/>';
    const after =
      '<path d="M0 0h4v4z" class="a" id="40" data-bostad="1101" data-status="sold" data-inactive="1"/>';
    expect(stored).toContain(before);
    expect(patch.svg).toBe(stored.replace(before, after));
    expect(patch.before.kind).toBeNull();
    expect(patch.attributes).toMatchObject({ id: '40', 'data-bostad': '1101', 'data-link-to': null });
    expect(patch.scan.zones.map((z) => z.id).sort()).toEqual(['12', '40', 'zone-link-1']);
  });

  it('reads the zone as it was and keeps the attribute order of a changed tag', () => {
    const patch = patchZone(stored, { path: [1, 0], name: 'rect', id: '12' }, (before) => {
      expect(before).toMatchObject({ kind: 'apartment', apartmentId: 12, bostad: 'A & B' });
      return detachedZone();
    });
    expect(patch.svg).toContain('<rect x="1" y="1" width="5" height="5"/>');
    expect(patch.scan.zones.map((z) => z.id)).toEqual(['zone-link-1']);
  });

  it('links with a fresh id, and unlinks a building, in nested groups', () => {
    const linked = patchZone(stored, { path: [1, 1], name: 'path', id: null }, (before, ids) =>
      linkZone('house.svg', 4, before.id ?? freshZoneId(ids)),
    );
    expect(linked.attributes).toMatchObject({
      id: 'zone-link-2',
      'data-link-to': 'house.svg',
      'data-building-number': '4',
    });
    const unlinked = patchZone(linked.svg, { path: [1, 2, 0], name: 'polygon', id: 'zone-link-1' }, () =>
      unlinkedZone(),
    );
    expect(unlinked.svg).toContain('<polygon id="zone-link-1" points="0,0 1,0 1,1"/>');
  });

  it('refuses an element that is not the one the editor saw', () => {
    const attach = () => apartmentZone(hostile);
    expect(() => patchZone(stored, { path: [1, 1], name: 'rect', id: null }, attach)).toThrow(
      ZoneNotFoundError,
    );
    expect(() => patchZone(stored, { path: [1, 0], name: 'rect', id: '13' }, attach)).toThrow(
      ZoneNotFoundError,
    );
    expect(() => patchZone(stored, { path: [9], name: 'rect', id: null }, attach)).toThrow(ZoneNotFoundError);
  });

  it('changes shapes and groups only, never the root, a style or a text', () => {
    const attach = () => apartmentZone(hostile);
    expect(() => patchZone(stored, { path: [], name: 'svg', id: null }, attach)).toThrow(NotAZoneError);
    expect(() => patchZone(stored, { path: [0], name: 'style', id: null }, attach)).toThrow(NotAZoneError);
    expect(() => patchZone(stored, { path: [2], name: 'text', id: null }, attach)).toThrow(NotAZoneError);
    expect(patchZone(stored, { path: [1], name: 'g', id: 'floor' }, attach).attributes.id).toBe('77');
  });

  it('writes nothing but zone attributes', () => {
    expect(() =>
      patchZone(stored, { path: [1, 1], name: 'path', id: null }, () => ({ onclick: 'alert(1)' })),
    ).toThrow(/may not write onclick/);
  });

  it('leaves markup the sanitiser would not change, whatever the values', () => {
    const patch = patchZone(stored, { path: [1, 1], name: 'path', id: null }, () => apartmentZone(hostile));
    expect(patch.svg).not.toContain('<script');
    expect(sanitizeSvg(patch.svg).svg).toBe(patch.svg);
  });

  it.each(XSS_CORPUS.map((c) => [c.name, c.svg]))(
    'stays sanitised on a stored payload: %s',
    (_name, payload) => {
      let clean: string;
      try {
        clean = sanitizeSvg(payload).svg;
      } catch {
        return; // refused outright: nothing is stored
      }
      // The root's first element, if any: attach a hostile apartment to it.
      const first = /^<svg[^>]*>\s*<([a-zA-Z]+)([^>]*?)(\/?)>/.exec(clean);
      if (!first || !ZONE_ELEMENTS.has(first[1]!)) return;
      const id = /\sid="([^"]*)"/.exec(first[2]!)?.[1] ?? null;
      const patch = patchZone(clean, { path: [0], name: first[1]!, id }, () => apartmentZone(hostile));
      expect(sanitizeSvg(patch.svg).svg).toBe(patch.svg);
    },
  );
});
