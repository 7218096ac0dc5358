import { describe, expect, it } from 'vitest';
import { applyZoneChanges, detachedZone } from '@planvy/shared';
import {
  notPickable,
  markZones,
  parsePlan,
  PlanParseError,
  stripEditorAttributes,
  zoneState,
  type ZoneContext,
} from './zone-markup';

const ctx: ZoneContext = {
  apartments: new Map([
    [1, { status: 'sale', inactive: '0' }],
    [2, { status: 'sold', inactive: '1' }],
  ]),
  plans: new Set(['a.svg', 'b.svg']),
};

const plan = (body: string) =>
  parsePlan(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${body}</svg>`);

describe('reading zones', () => {
  it('tells apartment, inactive, unknown, link, building, broken and temporary zones apart', () => {
    const root = plan(`
      <rect id="1" data-bostad="101" data-status="sold" data-inactive="1"/>
      <rect id="2" data-bostad="102"/>
      <rect id="99" data-bostad="199"/>
      <rect id="l1" data-link-to="b.svg"/>
      <rect id="l3" data-link-to="b.svg" data-building-number="4"/>
      <rect id="l2" data-link-to="gone.svg" data-building-number="4"/>
      <rect data-temp-id="t1"/>
      <rect id="plain"/>
      <rect id="x1" data-bostad="1"/>`);
    const states = Array.from(root.children).map((el) => zoneState(el, ctx));
    // Colours come from the apartments list, never from data-status or data-inactive in the markup.
    expect(states).toEqual([
      's-sale',
      'inactive',
      'unknown',
      'link',
      'building',
      'broken',
      'temp',
      null,
      'unknown',
    ]);
  });

  it('shades apartment zones by level while a shading is on, and leaves links and unknowns as they are', () => {
    const root = plan(`
      <rect id="1" data-bostad="101"/>
      <rect id="2" data-bostad="102"/>
      <rect id="99" data-bostad="199"/>
      <rect id="l1" data-link-to="b.svg"/>`);
    const shaded: ZoneContext = { ...ctx, shading: new Map([[1, 5]]) };
    // An inactive apartment is shaded too; one without clicks is level 0.
    expect(Array.from(root.children).map((el) => zoneState(el, shaded))).toEqual([
      'heat-5',
      'heat-0',
      'unknown',
      'link',
    ]);
    markZones(root, shaded);
    markZones(root, ctx);
    expect(root.children[0]!.getAttribute('data-pv-state')).toBe('s-sale');
  });

  it('marks all zones in one pass and unmarks elements that stopped being zones', () => {
    const root = plan('<rect id="1" data-bostad="101"/><rect id="l1" data-link-to="a.svg"/><rect id="p"/>');
    expect(markZones(root, ctx)).toBe(2);
    expect(root.querySelectorAll('[data-pv-state]')).toHaveLength(2);
    applyZoneChanges(root.children[0]!, detachedZone());
    markZones(root, ctx);
    expect(root.children[0]!.hasAttribute('data-pv-state')).toBe(false);
  });
});

describe('picking shapes', () => {
  it('passes over the editor’s own elements, zones, what is inside them and groups around them', () => {
    const root = plan(
      '<path d="M0 0"/><rect id="1" data-bostad="1"/><g data-pv-ui=""><circle r="1"/></g>' +
        '<g id="8" data-bostad="8"><rect/></g><g><rect data-temp-id="t1"/></g><g><rect/></g>',
    );
    const [path, zone, ui, zoneGroup, aroundTemp, group] = Array.from(root.children);
    expect(notPickable(path!)).toBe(false);
    expect(notPickable(zone!)).toBe(true);
    expect(notPickable(ui!.firstElementChild!)).toBe(true);
    expect(notPickable(zoneGroup!.firstElementChild!)).toBe(true);
    expect(notPickable(aroundTemp!)).toBe(true);
    expect(notPickable(group!)).toBe(false);
    expect(notPickable(group!.firstElementChild!)).toBe(false);
  });
});

describe('parsing plans', () => {
  it('drops scripts, foreignObject, event handlers and script URLs', () => {
    const root = plan(`
      <script>alert(1)</script>
      <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
      <rect id="r" onclick="alert(1)" ONMOUSEOVER="alert(2)"/>
      <a href="javascript:alert(3)"><rect/></a>
      <image href="data:image/png;base64,AAAA"/>
      <animate attributeName="href" to="javascript:alert(4)"/>`);
    const markup = new XMLSerializer().serializeToString(root);
    expect(markup).not.toMatch(/script|foreignObject|onclick|onmouseover|javascript:|animate/i);
    // A raster image inside the plan is harmless and stays.
    expect(markup).toContain('data:image/png;base64,AAAA');
  });

  it('confines the plan’s own styles to its root (the guard shared with the widget)', () => {
    const root = plan('<style>:host{position:fixed} body{display:none} .st0{fill:red!important}</style>');
    expect(root.getAttribute('data-planvy-plan')).toBe('');
    expect(root.querySelector('style')!.textContent).toBe(
      ':where([data-planvy-plan]) body{display:none}:where([data-planvy-plan]) .st0{fill:red}',
    );
    // An entity-encoded scheme is decoded by the parser and still removed.
    expect(
      plan('<a href="&#106;avascript:alert(1)"><rect/></a>').querySelector('a')!.hasAttribute('href'),
    ).toBe(false);
  });

  it('refuses markup that is not SVG', () => {
    expect(() => parsePlan('<html><body>no</body></html>')).toThrow(PlanParseError);
    expect(() => parsePlan('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).toThrow(PlanParseError);
  });

  it('removes the editor attributes before saving', () => {
    expect(
      stripEditorAttributes(
        '<rect id="1" data-pv-state="s-sale" data-bostad="1" data-pv-selected="" data-temp-id="t1"/>',
      ),
    ).toBe('<rect id="1" data-bostad="1"/>');
  });
});
