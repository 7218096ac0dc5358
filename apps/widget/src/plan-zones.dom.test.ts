import { describe, expect, it } from 'vitest';
import type { PublicApartment } from '@planvy/shared/public-view';
import { decorateZones, framePlan } from './plan-prepare';
import { syncZones, type ZoneContext } from './plan-zones';
import { guardPlan } from '@planvy/shared/plan/svg-guard';

const apartment = (id: number, status: string, inactive = false) =>
  ({ id, bostad: String(1000 + id), rooms: '2', status, inactive }) as PublicApartment;

const ctx: ZoneContext = {
  apartments: new Map([
    [1, apartment(1, 'sale')],
    [2, apartment(2, 'sold', true)],
    [3, apartment(3, 'no-such-status')],
  ]),
  planIndex: new Map([
    ['site.svg', 0],
    ['b.svg', 1],
  ]),
  apartmentLabel: (a) => `Bostad ${a.bostad}`,
  linkLabel: (i, building) => (building === null ? `Plan ${i}` : `Hus ${building}`),
};

const plan = (inner: string) =>
  guardPlan(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">${inner}</svg>`, {
    scope: ':where(.s)',
  })!;

describe('decorateZones', () => {
  it('gives each apartment zone its status class, name and button role in one pass', () => {
    const svg = plan(
      '<rect id="1" data-bostad="1001" class="st0" style="fill:#ccc;stroke:#000"/><rect id="2" data-bostad="1002"/><g id="3" data-bostad="1003"><path/></g><rect id="1" data-bostad="1001"/>',
    );
    const zones = decorateZones(svg, ctx);
    const [first] = zones.get(1)!;
    expect(first!.getAttribute('class')).toBe('st0 pv-zone pv-st-sale');
    expect(first!.getAttribute('style')).not.toContain('fill');
    expect(first!.getAttribute('tabindex')).toBe('0');
    expect(first!.getAttribute('role')).toBe('button');
    expect(first!.getAttribute('aria-label')).toBe('Bostad 1001');
    expect(zones.get(1)).toHaveLength(2);
    expect(zones.get(2)![0]!.getAttribute('class')).toBe('pv-zone pv-st-sold pv-inactive');
    expect(zones.get(3)![0]!.getAttribute('class')).toBe('pv-zone pv-st-unknown');
  });

  it('turns links to existing plans into navigation buttons, buildings named as such, and leaves the rest alone', () => {
    const svg = plan(
      '<rect id="l" data-link-to="missing.svg, b.svg" data-building-number="7"/><rect id="f" data-link-to="site.svg"/>' +
        '<rect id="x" data-link-to="gone.svg"/><rect id="99" data-bostad="9"/>',
    );
    decorateZones(svg, ctx);
    const building = svg.querySelector('#l')!;
    expect(building.getAttribute('data-pv-plan')).toBe('1');
    expect(building.getAttribute('class')).toBe('pv-zone pv-link pv-building');
    expect(building.getAttribute('aria-label')).toBe('Hus 7');
    const link = svg.querySelector('#f')!;
    expect(link.getAttribute('class')).toBe('pv-zone pv-link');
    expect(link.getAttribute('aria-label')).toBe('Plan 0');
    expect(svg.querySelector('#x')!.hasAttribute('tabindex')).toBe(false);
    expect(svg.querySelector('[id="99"]')!.hasAttribute('role')).toBe(false);
  });
});

describe('framePlan', () => {
  it('fits the plan to its box and puts a same-origin background underneath', () => {
    const svg = plan('<rect/>');
    svg.setAttribute('width', '1000');
    const base = framePlan(svg, { background_url: '/projects/1/bg.jpg' }, 'pv-p1');
    expect(base).toEqual({ x: 0, y: 0, w: 100, h: 50 });
    expect(svg.hasAttribute('width')).toBe(false);
    expect(svg.getAttribute('class')).toBe('pv-plan-svg pv-p1');
    const bg = svg.firstElementChild!;
    expect(bg.localName).toBe('image');
    expect(bg.getAttribute('href')).toBe('/projects/1/bg.jpg');
  });

  it('ignores a background that is not on this server', () => {
    const svg = plan('<rect/>');
    framePlan(svg, { background_url: '//evil.example/x.jpg' }, 'p');
    expect(svg.querySelector('image')).toBeNull();
  });
});

describe('syncZones', () => {
  it('re-marks only the zones whose apartment changed', () => {
    const svg = guardPlan(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect id="1" data-bostad="1001"/><rect id="3" data-bostad="1003"/></svg>',
    )!;
    const zones = decorateZones(svg, ctx);
    const next: ZoneContext = {
      ...ctx,
      apartments: new Map([...ctx.apartments, [1, apartment(1, 'sold', true)]]),
    };
    const untouched = zones.get(3)![0]!;
    untouched.setAttribute('aria-label', 'kept');
    syncZones(zones, next, ctx);
    const changed = zones.get(1)![0]!;
    expect(changed.classList.contains('pv-st-sold')).toBe(true);
    expect(changed.classList.contains('pv-st-sale')).toBe(false);
    expect(changed.classList.contains('pv-inactive')).toBe(true);
    expect(changed.classList.contains('pv-zone')).toBe(true);
    expect(untouched.getAttribute('aria-label')).toBe('kept');
  });
});
