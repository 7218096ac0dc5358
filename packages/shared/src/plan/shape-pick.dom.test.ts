import { describe, expect, it } from 'vitest';
import { fakeGeometry } from '../../test/fake-plan-geometry';
import {
  hiddenReason,
  isClosedShape,
  measuredOnce,
  partsFarApart,
  pickCandidates,
  shapeWarnings,
  stepOut,
  subpaths,
} from './shape-pick';

const plan = (body: string, viewBox = '0 0 1000 1000') => {
  const doc = new DOMParser().parseFromString(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`,
    'image/svg+xml',
  );
  const root = doc.documentElement;
  return { root, geometry: measuredOnce(fakeGeometry(root)), $: (id: string) => doc.getElementById(id)! };
};
const ids = (els: Element[]) => els.map((el) => el.getAttribute('id'));

describe('what a buyer sees', () => {
  it('skips shapes with no paint, zero opacity, hidden, or inside defs, clip paths and masks', () => {
    const { root, geometry, $ } = plan(`
      <defs><rect id="in-defs" width="10" height="10"/></defs>
      <clipPath id="clip"><rect id="in-clip" width="10" height="10"/></clipPath>
      <mask id="mask"><rect id="in-mask" width="10" height="10" fill="white"/></mask>
      <rect id="no-paint" width="10" height="10" fill="none"/>
      <rect id="outline" width="10" height="10" fill="none" stroke="#000"/>
      <ellipse id="glow" cx="5" cy="5" rx="9" ry="9" style="fill:#ff0;fill-opacity:0;stroke:none"/>
      <rect id="faded" width="10" height="10" opacity="0"/>
      <g style="opacity:0.5"><g opacity="0.01"><rect id="faded-layers" width="10" height="10"/></g></g>
      <g style="display:none"><rect id="hidden-layer" width="10" height="10"/></g>
      <rect id="invisible" width="10" height="10" visibility="hidden"/>
      <rect id="transparent" width="10" height="10" fill="rgba(0, 0, 0, 0)" stroke="transparent"/>
      <rect id="thin-air" width="10" height="10" fill="none" stroke="#000" stroke-width="0"/>
      <rect id="flat" width="0" height="0"/>
      <rect id="plain" width="10" height="10"/>`);
    const reasons = Object.fromEntries(
      Array.from(root.querySelectorAll('rect, ellipse'), (el) => [el.id, hiddenReason(el, root, geometry)]),
    );
    expect(reasons).toEqual({
      'in-defs': 'not-rendered',
      'in-clip': 'not-rendered',
      'in-mask': 'not-rendered',
      'no-paint': 'no-paint',
      outline: null,
      glow: 'no-paint',
      faded: 'opacity',
      'faded-layers': 'opacity',
      'hidden-layer': 'display',
      invisible: 'visibility',
      transparent: 'no-paint',
      'thin-air': 'no-paint',
      flat: 'no-size',
      plain: null,
    });
    expect(hiddenReason($('hidden-layer').parentElement!, root, geometry)).toBe('display');
  });
});

describe('closed shapes and their parts', () => {
  it('tells closed paths and polylines from open ones', () => {
    const { $ } = plan(`
      <path id="closed" d="M0 0h10v10h-10z"/>
      <path id="back-to-start" d="M0 0L10 0L10 10L0 0"/>
      <path id="wall" d="M0 0v80m66-80v56"/>
      <path id="compound" d="M0 0h10v10h-10zM50 50h10v10z"/>
      <polyline id="ring" points="0,0 10,0 10,10 0,0"/>
      <polyline id="line" points="0,0 10,0 10,10"/>`);
    expect(
      ['closed', 'back-to-start', 'wall', 'compound', 'ring', 'line'].map((id) => isClosedShape($(id))),
    ).toEqual([true, true, false, true, true, false]);
  });

  it('splits a compound path into its subpaths, relative moves included', () => {
    expect(subpaths('m 10,10 h 5 v 5 z m 100,0 h 5 v 5 z').map((s) => s.box)).toEqual([
      { x: 10, y: 10, w: 5, h: 5 },
      { x: 110, y: 10, w: 5, h: 5 },
    ]);
    expect(subpaths('not a path')).toEqual([]);
  });

  it('calls parts far apart when no cluster covers half the whole', () => {
    const bed = { x: 0, y: 0, w: 20, h: 30 };
    expect(partsFarApart([bed, { x: 300, y: 200, w: 30, h: 20 }])).toBe(true);
    // Touching parts (an L-shaped room as two rectangles) are one.
    expect(partsFarApart([bed, { x: 20, y: 0, w: 40, h: 10 }])).toBe(false);
    // A big part with a small one beside it: the big one is most of the whole.
    expect(
      partsFarApart([
        { x: 0, y: 0, w: 100, h: 100 },
        { x: 120, y: 0, w: 5, h: 5 },
      ]),
    ).toBe(false);
    expect(partsFarApart([bed])).toBe(false);
  });
});

describe('warnings before a zone is saved', () => {
  it('warns of invisible, tiny, scattered and open shapes, and of nothing on a room', () => {
    const { root, geometry, $ } = plan(`
      <rect id="room" x="100" y="100" width="200" height="150" fill="#eee" stroke="#000"/>
      <ellipse id="glow" cx="150" cy="150" rx="40" ry="40" fill="#ff0" fill-opacity="0"/>
      <circle id="bulb" cx="150" cy="150" r="5" fill="#ff0"/>
      <path id="bed-and-sofa" d="M110 110h30v40h-30z M600 600h40v15h-40z" fill="#fff" stroke="#555"/>
      <path id="wall" d="M100 100v300" stroke="#000" fill="none"/>
      <g id="apartment"><rect x="100" y="100" width="200" height="150" fill="#eee"/><rect x="300" y="100" width="100" height="100" fill="#eee"/></g>
      <g id="storage-far-away"><rect x="100" y="100" width="50" height="50" fill="#eee"/><rect x="800" y="800" width="50" height="50" fill="#eee"/></g>`);
    const warn = (id: string) => shapeWarnings($(id), root, geometry);
    expect(warn('room')).toEqual([]);
    expect(warn('glow')).toEqual(['invisible']);
    expect(warn('bulb')).toEqual(['tiny']);
    expect(warn('bed-and-sofa')).toEqual(['scattered']);
    expect(warn('wall')).toEqual(['tiny', 'open']);
    expect(warn('apartment')).toEqual([]);
    expect(warn('storage-far-away')).toEqual(['scattered']);
  });
});

describe('what a click picks', () => {
  const furnished = () =>
    plan(`
      <g id="floor"><rect id="background" width="1000" height="1000" fill="#fafafa"/></g>
      <g id="rooms" transform="translate(50,50)">
        <rect id="garage" x="0" y="0" width="300" height="200" fill="none" stroke="#000"/>
        <rect id="kitchen" x="300" y="0" width="200" height="200" fill="#eee" stroke="#000"/>
      </g>
      <g id="lamp">
        <ellipse id="glow" cx="200" cy="150" rx="80" ry="80" style="fill:#ffd;opacity:0"/>
        <circle id="bulb" cx="200" cy="150" r="6" fill="#ff0"/>
      </g>
      <g id="bed" transform="translate(80,70)">
        <rect id="mattress" width="60" height="90" fill="#fff" stroke="#555"/>
        <rect id="pillow" x="5" y="5" width="50" height="15" fill="#ddd"/>
      </g>
      <path id="wall" d="M50 250H1000" stroke="#000" stroke-width="4" fill="none"/>
      <g data-pv-ui=""><rect id="editor-handle" x="0" y="0" width="1000" height="1000" fill="#000"/></g>`);
  const skip = (el: Element) => el.closest('[data-pv-ui]') !== null;

  it('takes the smallest visible closed shape around the click, not the invisible glow above it', () => {
    const { root, geometry } = furnished();
    // In the garage, beside the lamp: the glow ellipse (opacity 0) is skipped, the garage
    // outline (fill none) counts by its inside, the background and its layer come last.
    expect(ids(pickCandidates(root, { x: 250, y: 150 }, geometry, { skip }))).toEqual([
      'garage',
      'rooms',
      'background',
      'floor',
    ]);
  });

  it('steps out from the pillow to the bed, the room, and round again', () => {
    const { root, geometry } = furnished();
    const chain = pickCandidates(root, { x: 110, y: 80 }, geometry, { skip });
    expect(ids(chain)).toEqual(['pillow', 'mattress', 'bed', 'garage', 'rooms', 'background', 'floor']);
    let current = chain[0]!;
    const steps = [current];
    for (let i = 0; i < chain.length; i++) steps.push((current = stepOut(chain, current)!));
    expect(ids(steps.slice(1, 4))).toEqual(['mattress', 'bed', 'garage']);
    expect(steps[steps.length - 1]).toBe(chain[0]);
    expect(stepOut([], null)).toBeNull();
  });

  it('puts an open shape under the click after every closed one', () => {
    const { root, geometry } = plan(`
      <polyline id="corner" points="0,0 100,0 100,100" fill="#ccc"/>
      <rect id="room" x="0" y="0" width="400" height="400" fill="#eee"/>`);
    expect(ids(pickCandidates(root, { x: 80, y: 20 }, geometry))).toEqual(['room', 'corner']);
  });
});
