import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanStage, type StageCallbacks } from './plan-stage';
import { apartmentZone, detachedZone, labelGeometry, linkZone } from '@planvy/shared';
import { fakeGeometry } from '@planvy/shared/test/fake-plan-geometry';
import type { ZoneContext } from './zone-markup';

const ctx: ZoneContext = {
  apartments: new Map([[7, { status: 'sold', inactive: '0' }]]),
  plans: new Set(['a.svg']),
};

const markup =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" style="background:#fff">' +
  '<rect id="7" data-bostad="701" x="1" y="1" width="10" height="10"/>' +
  '<path id="plain" d="M20 20h10v10h-10z"/></svg>';

function stage(overrides: Partial<StageCallbacks> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const callbacks: StageCallbacks = {
    onZoneActivate: vi.fn(),
    onShapeEdited: vi.fn(),
    onEditSelection: vi.fn(),
    onLabelChanged: vi.fn(),
    onDraftChange: vi.fn(),
    onOfferShape: vi.fn(),
    describeZone: () => null,
    ...overrides,
  };
  // jsdom lays nothing out: geometry from the markup, and a stage 800 × 400 px (one px per unit).
  const s = new PlanStage(host, callbacks, fakeGeometry);
  const stageEl = host.shadowRoot!.querySelector<HTMLElement>('.pv-stage')!;
  stageEl.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 400 });
  s.setEditable(true);
  s.setBackground('/projects/1/bg.png');
  s.setLabels([{ id: 3, text: 'Hus 3', geometry: null }], '45');
  s.load(markup, ctx);
  return { s, host, callbacks };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('PlanStage', () => {
  it('shows the plan in a shadow root with its zones coloured, background and labels', () => {
    const { s, host } = stage();
    const root = host.shadowRoot!.querySelector('svg')!;
    expect(root.querySelector('#\\37')!.getAttribute('data-pv-state')).toBe('s-sold');
    expect(root.querySelector('image.pv-bg')!.getAttribute('href')).toBe('/projects/1/bg.png');
    expect(root.querySelector('.pv-label text')!.textContent).toBe('Hus 3');
    // The drawing's own box becomes the view (it had width/height, no viewBox).
    expect(root.getAttribute('viewBox')).toBe('0 0 800 400');
    expect(s.zones()).toHaveLength(1);
  });

  it('serialises the plan as uploaded plus the editor’s zone changes, without its own UI', () => {
    const { s, host } = stage();
    const root = host.shadowRoot!.querySelector('svg')!;
    s.changeZone(
      root.querySelector('#plain')!,
      apartmentZone({ id: 8, bostad: '801', status: 'sale', inactive: '0' }),
    );
    // data-status and data-inactive are written from the database's values on every save.
    const saved = s.serialize(new Map([[7, { status: 'reserved', inactive: '1' }]]));
    expect(saved).toContain(
      '<path id="8" d="M20 20h10v10h-10z" data-bostad="801" data-status="sale" data-inactive="0"/>',
    );
    expect(saved).toContain(
      '<rect id="7" data-bostad="701" x="1" y="1" width="10" height="10" data-status="reserved" data-inactive="1"/>',
    );
    expect(saved).not.toMatch(/data-pv-|pv-bg|pv-label|viewBox|preserveAspectRatio/);
    expect(saved).toContain('style="background:#fff"');
    // The page still shows everything afterwards.
    expect(root.querySelector('image.pv-bg')).not.toBeNull();
    expect(root.getAttribute('viewBox')).toBe('0 0 800 400');
    expect(root.querySelector('[id="8"]')!.getAttribute('data-pv-state')).toBe('unknown');
  });

  it('opens a zone on click, and with the pick tool turns a plain shape into a temporary zone', () => {
    const { s, host, callbacks } = stage();
    const root = host.shadowRoot!.querySelector('svg')!;
    root.querySelector('#\\37')!.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    expect(callbacks.onZoneActivate).toHaveBeenCalledWith(root.querySelector('#\\37'));

    const plain = root.querySelector('#plain')!;
    plain.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 25, clientY: 25 }));
    expect(callbacks.onZoneActivate).toHaveBeenCalledTimes(1);
    // The default tool offers the room it landed on; accepting makes it a zone being made.
    expect(callbacks.onOfferShape).toHaveBeenLastCalledWith(plain);
    root.querySelector('#\\37')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(callbacks.onOfferShape).toHaveBeenLastCalledWith(null);
    s.makeZone(plain);
    expect(callbacks.onZoneActivate).toHaveBeenLastCalledWith(plain);
    expect(plain.getAttribute('data-pv-state')).toBe('temp');
    s.dropTemp(plain);
    // A reader is offered nothing.
    s.setEditable(false);
    plain.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 25, clientY: 25 }));
    expect(callbacks.onOfferShape).toHaveBeenLastCalledWith(null);
    s.setEditable(true);
    s.setTool('pick');
    plain.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 25, clientY: 25 }));
    expect(callbacks.onZoneActivate).toHaveBeenLastCalledWith(plain);
    expect(plain.getAttribute('data-pv-state')).toBe('temp');

    // Dropping a picked shape only unmarks it.
    s.dropTemp(plain);
    expect(plain.isConnected).toBe(true);
    expect(plain.hasAttribute('data-temp-id') || plain.hasAttribute('data-pv-state')).toBe(false);
  });

  it('picks the smallest shape a buyer sees around the click, and steps out on a repeated click or Alt', () => {
    const { s, host, callbacks } = stage();
    s.load(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 400">' +
        '<rect id="room" x="100" y="100" width="300" height="200" fill="none" stroke="#000"/>' +
        '<g id="bed"><rect id="mattress" x="150" y="150" width="60" height="90" fill="#fff" stroke="#555"/></g>' +
        '<ellipse id="glow" cx="180" cy="190" rx="90" ry="90" style="fill:#ff0;opacity:0"/></svg>',
      ctx,
    );
    const root = host.shadowRoot!.querySelector('svg')!;
    const $ = (id: string) => root.querySelector(`#${id}`)!;
    s.setTool('pick');
    const click = () =>
      // The glow is on top: it is what the browser hits, and what the pick passes over.
      $('glow').dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 180, clientY: 190 }));
    click();
    expect(callbacks.onZoneActivate).toHaveBeenLastCalledWith($('mattress'));
    expect($('mattress').getAttribute('data-pv-state')).toBe('temp');
    click();
    expect(callbacks.onZoneActivate).toHaveBeenLastCalledWith($('bed'));
    expect($('mattress').hasAttribute('data-temp-id')).toBe(false);
    const stageEl = host.shadowRoot!.querySelector('.pv-stage')!;
    stageEl.dispatchEvent(new KeyboardEvent('keydown', { key: 'Alt', bubbles: true }));
    expect(callbacks.onZoneActivate).toHaveBeenLastCalledWith($('room'));
    expect([$('bed'), $('room')].map((el) => el.hasAttribute('data-temp-id'))).toEqual([false, true]);
    // An outline with no fill, and nothing else: a buyer sees its stroke.
    expect(s.shapeWarnings($('room'))).toEqual([]);
    expect(s.shapeWarnings($('glow'))).toEqual(['invisible']);
    // A click elsewhere starts again from the smallest shape there.
    $('room').dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 350, clientY: 150 }));
    expect(callbacks.onZoneActivate).toHaveBeenLastCalledWith($('room'));
  });

  it('proposes zones with the autopilot and lights them', () => {
    const { s, host } = stage();
    s.load(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 400">' +
        '<rect id="r1" width="200" height="200" fill="#eee"/><rect id="r2" x="200" width="200" height="200" fill="#eee"/>' +
        '<text x="100" y="100" style="font-size:20px;text-anchor:middle">1101</text>' +
        '<text x="300" y="100" style="font-size:20px;text-anchor:middle">1102</text></svg>',
      ctx,
    );
    const root = host.shadowRoot!.querySelector('svg')!;
    const result = s.autopilot([
      { id: 1, bostad: '1101' },
      { id: 2, bostad: '1102' },
    ])!;
    expect(result.proposals.map((p) => [p.apartment.id, p.shape.id, p.confidence])).toEqual([
      [1, 'r1', 'high'],
      [2, 'r2', 'high'],
    ]);
    s.lightShapes(result.proposals.map((p) => p.shape));
    expect(root.querySelectorAll('[data-pv-proposed]')).toHaveLength(2);
    s.lightShapes([]);
    expect(root.querySelectorAll('[data-pv-proposed]')).toHaveLength(0);
  });

  it('never follows a plan link out of the editor, and shows the plan through the shared guard', () => {
    const { s, host } = stage();
    s.load(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" style="position:fixed;inset:0">' +
        '<a href="https://planvy.se/" target="_top"><rect id="in-link" width="5" height="5"/></a></svg>',
      ctx,
    );
    const root = host.shadowRoot!.querySelector('svg')!;
    expect(root.getAttribute('style')).toBeNull();
    expect(root.querySelector('a')!.getAttribute('target')).toBe('_blank');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('#in-link')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it('locates stored zones for a zone edit, skipping its own UI, but not shapes drawn since the last save', () => {
    const { s, host } = stage();
    const root = host.shadowRoot!.querySelector('svg')!;
    // The background image is the plan's first child on screen, but not in the stored plan.
    expect(root.firstElementChild!.getAttribute('class')).toBe('pv-bg');
    expect(s.locate(root.querySelector('#plain')!)).toEqual({ path: [1], name: 'path', id: 'plain' });
    const drawn = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    root.insertBefore(drawn, root.querySelector('.pv-labels'));
    expect(s.locate(drawn)).toEqual({ path: [2], name: 'rect', id: null });
    s.changeZone(root.querySelector('#\\37')!, detachedZone());
    expect(s.zones()).toHaveLength(0);
  });

  it('centres an unplaced label on its building’s zone, as the widget does', () => {
    const { s, host } = stage();
    const root = host.shadowRoot!.querySelector('svg')!;
    s.changeZone(root.querySelector('#plain')!, linkZone('a.svg', 3));
    // jsdom has no layout: the zone has no box, so the label stacks in the top-left corner.
    // The plan is 800 units wide: the label's font is 45 × 800 / 1,000 (ADR 025).
    expect(s.labelPosition(3)).toEqual({ ...labelGeometry(18, 18, 'Hus 3', 36), fontSize: 36 });
    s.setLabels([{ id: 3, text: 'Hus 3', geometry: labelGeometry(100, 50, 'Hus 3', 36) }], '45');
    expect(s.labelPosition(3)!.x).toBe(100);
  });

  it('keeps a read-only viewer to selecting', () => {
    const { s } = stage();
    s.setEditable(false);
    s.setTool('polygon');
    expect(s.getTool()).toBe('select');
  });
});
