// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { PublicApartment } from '@planvy/shared/src/public-view';
import { REAL_PLANS, realPlanMarkup, withApartments } from '@planvy/shared/test/real-plans';
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { boxInPlan, parseTransform } from './plan-geometry';
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

const isElement = (n: ChildNode): n is Element => n.type === 'tag';
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
      const zone = svg.querySelector(`.pv-zone[data-pv-id="${ids.get(n.textContent!)}"]`)!;
      const points = zone.getAttribute('points')!.split(/[ ,]/).map(Number);
      const xs = points.filter((_, i) => i % 2 === 0);
      const [x, size] = [Number(n.getAttribute('x')), Number(n.getAttribute('font-size'))];
      expect(x).toBeGreaterThan(Math.min(...xs));
      expect(x).toBeLessThan(Math.max(...xs));
      // Never larger than six tenths of the plan's label size (45 × 1.6 × 0.6).
      expect(size).toBeLessThanOrEqual(43.2);
    }
  });

  it('keep a placed label where the admin put it, resized; text that looks like markup stays text', () => {
    const placed = JSON.stringify({
      x: 100,
      y: 100,
      width: 40,
      height: 16,
      textX: 120,
      textY: 112,
      scale: 2,
    });
    const hostile = '</text><script>alert(1)</script><text>';
    const decorated = decoratePlan(
      markupOf(site),
      { background_url: null, buildings: [building(hostile, placed)] },
      0,
      {
        ...ctx,
        apartments: new Map([
          [1, { ...apartments.get(1)!, bostad: '<b>T1</b>' }],
          ...[...apartments].slice(1),
        ]),
      },
      'Plan',
      { ...settings, show_zone_numbers: '1' },
    )!;
    expect(decorated).not.toBeNull();
    const svg = page(decorated.markup);
    expect(svg.querySelectorAll('script, b')).toHaveLength(0);
    const text = svg.querySelector('.pv-label text')!;
    expect(text.textContent).toBe(`Hus ${hostile}`);
    expect(Number(text.getAttribute('font-size'))).toBeCloseTo(24.12, 2);
    const rect = svg.querySelector('.pv-label rect')!;
    expect(Number(rect.getAttribute('x')) + Number(rect.getAttribute('width')) / 2).toBeCloseTo(120, 1);
  });
});
