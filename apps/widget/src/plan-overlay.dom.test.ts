import { describe, expect, it } from 'vitest';
import type { PublicApartment } from '@planvy/shared/public-view';
import { REAL_PLANS, realPlanMarkup, withApartments } from '@planvy/shared/test/real-plans';
import { TEXT_PAYLOADS } from '@planvy/shared/test/xss-corpus';
import { parseDocument } from 'htmlparser2';
import { Element, type ChildNode } from 'domhandler';
import { parseTransform } from '@planvy/shared/plan/transform';
import { boxInPlan } from './plan-geometry';
import type { ZoneContext } from './plan-zones';
import { decoratePlan } from './server';

/** Labels and zone numbers in the server's page (ADR 025), from the three real plans. */

const [site, inkscape, floorplanner] = REAL_PLANS as [
  (typeof REAL_PLANS)[number],
  (typeof REAL_PLANS)[number],
  (typeof REAL_PLANS)[number],
];
const ids = new Map<string, number>();
const apartments = new Map<number, PublicApartment>();
for (const plan of REAL_PLANS)
  for (const bostad of plan.bostader) {
    const id = ids.size + 1;
    ids.set(bostad, id);
    apartments.set(id, { id, bostad, rooms: '3', status: 'sale', inactive: false } as PublicApartment);
  }
const ctx: ZoneContext = {
  apartments,
  planIndex: new Map(REAL_PLANS.map((p, i) => [p.file, i])),
  apartmentLabel: (a) => `Bostad ${a.bostad}`,
  linkLabel: () => 'Hus A',
};
const markupOf = (plan: (typeof REAL_PLANS)[number]) =>
  withApartments(realPlanMarkup(plan.file), ids, { target: inkscape.file, buildingNumberId: 5 });
const settings = { label_font_size: '45', show_zone_numbers: '0' };
const building = (label: string, label_svg = '') => ({ id: 5, label, label_svg });

/** The page's plan as a browser reads it. */
function page(markup: string): SVGSVGElement {
  const host = document.createElement('div');
  host.innerHTML = markup;
  return host.querySelector('svg')!;
}

const isElement = (n: ChildNode): n is Element => n instanceof Element;
const byId = (markup: string, id: string) => {
  const root = parseDocument(markup, { xmlMode: true }).children.find(isElement)!;
  const find = (el: Element): Element | null =>
    el.attribs.id === id
      ? el
      : el.children.filter(isElement).reduce<Element | null>((f, c) => f ?? find(c), null);
  return { el: find(root)!, root };
};

describe('boxes from the markup', () => {
  it('carry shapes, groups and curves through every transform to the plan’s units', () => {
    const markup = markupOf(inkscape);
    const box = (bostad: string) => {
      const { el, root } = byId(markup, String(ids.get(bostad)));
      return boxInPlan(el, root);
    };
    // Layers move everything by (-12.5, -30.25).
    expect(box('A1101')).toEqual({ x: 12.5, y: 12, w: 70, h: 80 });
    // A group zone, translated inside its translated layer.
    expect(box('A1106')).toEqual({ x: 102.5, y: 116, w: 92, h: 82 });
    // A path with a curve: its box reaches where the curve bulges, not its control points.
    const curved = box('A1107')!;
    expect(curved.x).toBeCloseTo(194.5, 1);
    expect(curved.w).toBeCloseTo(90, 1);
    const { el, root } = byId(markupOf(floorplanner), String(ids.get('B2105')));
    expect(boxInPlan(el, root)).toEqual({ x: 560, y: 520, w: 460, h: 380 });
  });

  it('follow <use> to what it names, in its place, as Chromium’s getBBox does (figures read there)', () => {
    const markup = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1000 800">
      <defs><rect id="r" x="5" y="7" width="40" height="30"/>
      <g id="grp" transform="translate(10 20)"><rect x="0" y="0" width="50" height="10"/><circle cx="80" cy="40" r="10"/></g>
      <symbol id="sym" viewBox="0 0 100 50"><rect x="10" y="10" width="80" height="30"/></symbol>
      <symbol id="sym2"><rect x="1" y="2" width="30" height="40"/></symbol>
      <use id="loop" href="#loop"/></defs>
      <g transform="translate(100 50) scale(2)">
        <use id="u1" href="#r" x="10" y="20"/>
        <use id="u2" xlink:href="#grp" x="3" y="4" transform="rotate(30)"/>
        <use id="u3" href="#sym" x="200" y="100" width="200" height="200"/>
        <use id="u4" href="#sym2" x="50" y="60"/>
        <use id="u5" href="#u1" x="7" y="9"/>
      </g></svg>`;
    const box = (id: string) => {
      const { el, root } = byId(markup, id);
      const b = boxInPlan(el, root);
      return b && Object.values(b).map((n) => Math.round(n * 10) / 10);
    };
    expect(box('u1')).toEqual([130, 104, 80, 60]);
    expect(box('u2')).toEqual([48.5, 104.6, 205.9, 176.6]);
    expect(box('u3')).toEqual([540, 390, 320, 120]);
    expect(box('u4')).toEqual([202, 174, 60, 80]);
    expect(box('u5')).toEqual([144, 122, 80, 60]);
    expect(box('loop')).toBeNull();
  });

  it('read transform lists as browsers do', () => {
    expect(parseTransform('translate(10) scale(2)')).toEqual([2, 0, 0, 2, 10, 0]);
    const [a, b, c, d, e, f] = parseTransform('rotate(90 10 0)');
    expect([a, b, c, d, e, f].map((n) => Math.round(n))).toEqual([0, 1, -1, 0, 10, -10]);
    expect(parseTransform('matrix(1 2 3)')).toEqual([1, 0, 0, 1, 0, 0]);
  });
});

describe('labels and numbers in the server’s plan', () => {
  it('centre an unplaced label on its building’s zone, at the plan’s size: a small share of a small plan', () => {
    const decorated = decoratePlan(
      markupOf(site),
      { background_url: null, buildings: [building('A')] },
      0,
      ctx,
      'Plan',
      settings,
    )!;
    const svg = page(decorated.markup);
    const label = svg.querySelector('.pv-labels[aria-hidden="true"] > .pv-label[data-pv-label="5"]')!;
    const rect = label.querySelector('rect')!;
    const text = label.querySelector('text')!;
    expect(text.textContent).toBe('Hus A');
    expect(Number(text.getAttribute('font-size'))).toBeCloseTo(12.06, 2);
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a))) as [
      number,
      number,
      number,
      number,
    ];
    // The building zone is 14–104 × 30–112.
    expect(x + w / 2).toBeCloseTo(59, 0);
    expect(y + h / 2).toBeCloseTo(71, 0);
    expect((w * h) / (268 * 190)).toBeLessThan(0.05);
    // Labels are drawn last, over the plan, and numbers only when the setting is on.
    expect(svg.lastElementChild!.getAttribute('class')).toBe('pv-labels');
    expect(svg.querySelector('.pv-nums')).toBeNull();
  });

  it('draw each apartment’s number inside its zone, fitted to it, when the setting is on', () => {
    const decorated = decoratePlan(markupOf(floorplanner), { background_url: null }, 2, ctx, 'Plan', {
      ...settings,
      show_zone_numbers: '1',
    })!;
    const svg = page(decorated.markup);
    const numbers = [...svg.querySelectorAll('.pv-nums[aria-hidden="true"] > text.pv-num')];
    expect(numbers.map((n) => n.textContent)).toEqual(floorplanner.bostader);
    for (const n of numbers) {
      const zone = svg.querySelector(`.pv-zone[data-pv-id="${ids.get(n.textContent)}"]`)!;
      const points = zone.getAttribute('points')!.split(/[ ,]/).map(Number);
      const xs = points.filter((_, i) => i % 2 === 0);
      const [x, size] = [Number(n.getAttribute('x')), Number(n.getAttribute('font-size'))];
      expect(x).toBeGreaterThan(Math.min(...xs));
      expect(x).toBeLessThan(Math.max(...xs));
      // Never larger than six tenths of the plan's label size (45 × 1.6 × 0.6).
      expect(size).toBeLessThanOrEqual(43.2);
    }
  });

  it('keep a placed label where the admin put it, resized', () => {
    const placed = JSON.stringify({
      x: 100,
      y: 100,
      width: 40,
      height: 16,
      textX: 120,
      textY: 112,
      scale: 2,
    });
    const decorated = decoratePlan(
      markupOf(site),
      { background_url: null, buildings: [building('A', placed)] },
      0,
      ctx,
      'Plan',
      settings,
    )!;
    const svg = page(decorated.markup);
    const text = svg.querySelector('.pv-label text')!;
    expect(Number(text.getAttribute('font-size'))).toBeCloseTo(24.12, 2);
    const rect = svg.querySelector('.pv-label rect')!;
    expect(Number(rect.getAttribute('x')) + Number(rect.getAttribute('width')) / 2).toBeCloseTo(120, 1);
  });

  it('write labels and numbers that look like markup as text, whatever an admin typed', () => {
    for (const hostile of TEXT_PAYLOADS) {
      // Every apartment of the site plan is numbered with the payload.
      const numbered = new Map([...apartments].map(([id, a]) => [id, { ...a, bostad: hostile }]));
      const decorated = decoratePlan(
        markupOf(site),
        { background_url: null, buildings: [building(hostile)] },
        0,
        { ...ctx, apartments: numbered },
        'Plan',
        { ...settings, show_zone_numbers: '1' },
      );
      expect(decorated, hostile).not.toBeNull();
      const host = document.createElement('div');
      host.innerHTML = `${decorated!.markup}<p>after</p>`;
      const svg = host.firstElementChild!;
      expect(
        [...host.children].map((e) => e.localName),
        hostile,
      ).toEqual(['svg', 'p']);
      const inside = [...svg.querySelectorAll('*')];
      expect(
        inside.filter(
          (e) => e.namespaceURI !== svg.namespaceURI || /^(script|a|iframe|img)$/.test(e.localName),
        ),
        hostile,
      ).toEqual([]);
      expect(svg.querySelector('.pv-label text')!.textContent, hostile).toBe(`Hus ${hostile}`);
      // Numbers are drawn where a zone has room for them; each reads as typed.
      const numbers = [...svg.querySelectorAll('.pv-nums text')].map((t) => t.textContent);
      expect(numbers.length, hostile).toBeGreaterThan(0);
      expect(new Set(numbers), hostile).toEqual(new Set([hostile.trim()]));
    }
  });
});
