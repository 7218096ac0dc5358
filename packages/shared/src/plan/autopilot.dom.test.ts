import { describe, expect, it } from 'vitest';
import { autopilotFixture, scoreAutopilot } from '../../test/autopilot-fixture';
import { fakeGeometry } from '../../test/fake-plan-geometry';
import { autopilot, labelNames } from './autopilot';
import { measuredOnce } from './shape-pick';

const parse = (markup: string) => {
  const root = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
  return { root, geometry: measuredOnce(fakeGeometry(root)) };
};
const plan = (body: string) =>
  parse(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000">${body}</svg>`);
const apartments = (...bostader: string[]) => bostader.map((bostad, i) => ({ id: i + 1, bostad }));
const label = (x: number, y: number, text: string) =>
  `<text x="${x}" y="${y}" style="font-size:20px;text-anchor:middle">${text}</text>`;
const room = (id: string, x: number, y: number, extra = '') =>
  `<rect id="${id}" x="${x}" y="${y}" width="200" height="200" fill="#eee" stroke="#000" ${extra}/>`;
const summary = (r: ReturnType<typeof autopilot>) => ({
  proposals: r.proposals.map((p) => [p.apartment.bostad, p.shape.id, p.source, p.confidence, p.warnings]),
  ambiguous: r.ambiguous.map((a) => [a.apartment.bostad, a.shapes.map((s) => s.id), a.reason]),
  notFound: r.notFound.map((a) => [a.apartment.bostad, a.reason]),
  placed: r.placed.map((a) => a.bostad),
});

describe('names on a plan', () => {
  const index = new Map(apartments('1101', 'A 12', '3').map((a) => [a.bostad.toUpperCase(), [a]]));
  it('reads "1101", "Lgh 1101", "lgh. 1101" and a bostad with a space, and no areas or prose', () => {
    const names = (text: string) => labelNames(text, index).map((a) => a.bostad);
    expect(names(' 1101 ')).toEqual(['1101']);
    expect(names('Lgh 1101')).toEqual(['1101']);
    expect(names('lgh. 1101')).toEqual(['1101']);
    expect(names('a  12')).toEqual(['A 12']);
    expect(names('3 rok 72 m²')).toEqual([]);
    expect(names('Sovrum 3')).toEqual(['3']);
    expect(names('Balkong mot gården, 3 meter')).toEqual([]);
    expect(names('11011')).toEqual([]);
  });
});

describe('the autopilot', () => {
  it('takes the smallest closed shape around each number, past invisible glows', () => {
    const { root, geometry } = plan(`
      <rect id="floor" width="1000" height="1000" fill="#fafafa"/>
      <g id="rooms">${room('r1', 0, 0)}${room('r2', 200, 0)}${room('r3', 400, 0)}</g>
      <ellipse id="glow" cx="100" cy="95" rx="60" ry="60" style="fill:#ff0;opacity:0"/>
      ${label(100, 100, '1101')}${label(300, 100, 'Lgh 1102')}${label(500, 100, '1103')}`);
    expect(summary(autopilot(root, apartments('1101', '1102', '1103', '1104'), geometry))).toEqual({
      proposals: [
        ['1101', 'r1', 'text', 'high', []],
        ['1102', 'r2', 'text', 'high', []],
        ['1103', 'r3', 'text', 'high', []],
      ],
      ambiguous: [],
      notFound: [['1104', 'no-label']],
      placed: [],
    });
  });

  it('lets the room beat a rug under its label when the other labels are in rooms of the same layer', () => {
    const { root, geometry } = plan(`
      <g id="rooms">${room('r1', 0, 0)}${room('r2', 200, 0)}${room('r3', 400, 0)}${room('r4', 600, 0)}</g>
      <g id="furniture"><rect id="rug" x="40" y="60" width="120" height="80" fill="#d9c9a8"/></g>
      <g id="walls-only"><path id="wall" d="M800 0v200" stroke="#000" fill="none"/>
        <rect id="table" x="840" y="60" width="120" height="80" fill="#fff" stroke="#555"/></g>
      ${label(100, 100, '1')}${label(300, 100, '2')}${label(500, 100, '3')}${label(700, 100, '4')}${label(900, 100, '5')}`);
    const r = summary(autopilot(root, apartments('1', '2', '3', '4', '5'), geometry));
    expect(r.proposals[0]).toEqual(['1', 'r1', 'text', 'high', []]);
    // Apartment 5 has no room: the table under its number is proposed, but not ticked.
    expect(r.proposals[4]).toEqual(['5', 'table', 'text', 'low', ['unlike-others']]);
  });

  it('knows the rooms from the furniture when most numbers, or all, are written on furniture', () => {
    const rug = (id: string, x: number) =>
      `<rect id="${id}" x="${x}" y="60" width="120" height="80" fill="#d9c9a8"/>`;
    const rooms = `<g id="rooms">${room('r1', 0, 0)}${room('r2', 200, 0)}${room('r3', 400, 0)}${room('r4', 600, 0)}</g>`;
    const labels = `${label(100, 100, '1')}${label(300, 100, '2')}${label(500, 100, '3')}${label(700, 100, '4')}`;
    const all = apartments('1', '2', '3', '4');
    // Three of four numbers on furniture: counted by the smallest shape alone, furniture would win.
    const most = plan(
      `${rooms}<g id="furniture">${rug('f1', 40)}${rug('f2', 240)}${rug('f3', 440)}</g>${labels}`,
    );
    expect(summary(autopilot(most.root, all, most.geometry)).proposals.map((p) => p[1])).toEqual([
      'r1',
      'r2',
      'r3',
      'r4',
    ]);
    // Every number on furniture: as many votes each; the rooms hold the furniture.
    const every = plan(
      `${rooms}<g id="furniture">${rug('f1', 40)}${rug('f2', 240)}${rug('f3', 440)}${rug('f4', 640)}</g>${labels}`,
    );
    expect(summary(autopilot(every.root, all, every.geometry)).proposals.map((p) => p[1])).toEqual([
      'r1',
      'r2',
      'r3',
      'r4',
    ]);
  });

  it('never proposes a shape around other apartments too, and reports labels with no shape', () => {
    const { root, geometry } = plan(`
      <path id="building" d="M0 0H600V300H0Z" fill="none" stroke="#000"/>
      ${room('r1', 0, 0)}
      <rect id="legend" x="700" y="0" width="250" height="200" fill="#fff" stroke="#000"/>
      ${label(100, 100, '1')}${label(400, 100, '2')}${label(800, 50, 'Lgh 1')}${label(800, 100, 'Lgh 2')}`);
    expect(summary(autopilot(root, apartments('1', '2'), geometry))).toMatchObject({
      proposals: [['1', 'r1', 'text', 'high', []]],
      notFound: [['2', 'no-shape']],
    });
  });

  it('finds shapes named by id or data attributes, and the outermost of nested ones', () => {
    const { root, geometry } = plan(`
      <g id="lgh-1101"><rect id="lgh-1101-floor" width="200" height="200" fill="#eee"/></g>
      <rect id="rect1102" x="200" width="200" height="200" fill="#eee" data-name="1102"/>
      <rect id="A1103" x="400" width="200" height="200" fill="#eee" aria-label="Lägenhet 1103"/>
      <rect id="path1104" x="600" width="200" height="200" fill="#eee"/>`);
    expect(summary(autopilot(root, apartments('1101', '1102', '1103', '1104'), geometry))).toMatchObject({
      proposals: [
        ['1101', 'lgh-1101', 'name', 'high', []],
        ['1102', 'rect1102', 'name', 'high', []],
        ['1103', 'A1103', 'name', 'high', []],
      ],
      notFound: [['1104', 'no-label']],
    });
  });

  it('leaves placed apartments alone and does not offer their shapes to others', () => {
    const { root, geometry } = plan(`
      ${room('1', 0, 0, 'data-bostad="1101"')}${room('r2', 200, 0)}
      ${label(100, 100, '1101')}${label(300, 100, '1102')}${label(120, 150, '1103')}`);
    expect(summary(autopilot(root, apartments('1101', '1102', '1103'), geometry))).toEqual({
      proposals: [['1102', 'r2', 'text', 'high', []]],
      ambiguous: [],
      notFound: [['1103', 'no-shape']],
      placed: ['1101'],
    });
  });

  it('calls two places for one apartment, or one shape named for two, ambiguous', () => {
    const { root, geometry } = plan(`
      ${room('r1', 0, 0)}${room('r2', 200, 0)}${room('r3', 400, 0)}
      ${label(100, 100, '1')}${label(300, 100, '1')}
      <rect id="lgh-2" x="400" width="100" height="200" fill="#eee" data-name="3"/>`);
    expect(summary(autopilot(root, apartments('1', '2', '3'), geometry)).ambiguous).toEqual([
      ['1', ['r1', 'r2'], 'several-places'],
      ['2', ['lgh-2'], 'shared-shape'],
      ['3', ['lgh-2'], 'shared-shape'],
    ]);
  });

  it('warns of a scattered compound path it had to take', () => {
    const { root, geometry } = plan(`
      <path id="bed-and-sofa" d="M40 60h120v80h-120z M700 700h60v30h-60z" fill="#fff" stroke="#555"/>
      ${label(100, 100, '1')}`);
    expect(summary(autopilot(root, apartments('1'), geometry)).proposals).toEqual([
      ['1', 'bed-and-sofa', 'text', 'low', ['scattered']],
    ]);
  });

  it('matches at least 95 % of a fixture plan, with no wrong shape proposed without a warning', () => {
    // A fifth of the benchmark's plan (jsdom parses slowly); the benchmark runs all of it in Chromium.
    const fixture = autopilotFixture({ rows: 2 });
    const { root, geometry } = parse(fixture.svg);
    const score = scoreAutopilot(autopilot(root, fixture.apartments, geometry), fixture.expected);
    expect(score.onPlan).toBe(39);
    expect(score.wrongWithoutWarning).toBe(0);
    expect(score.correct / score.onPlan).toBeGreaterThanOrEqual(0.95);
  });
});
