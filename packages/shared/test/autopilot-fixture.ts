/**
 * A floor plan drawn the way architects' Inkscape exports are (issue 22), for the autopilot's
 * unit test and its benchmark (`npm run bench -- autopilot`): 200 numbered apartments in a grid,
 * each a closed shape in a rooms layer (rectangles, L-shaped paths, polygons, outlines with no
 * fill), numbered by a text label ("1101" over "3 rok 72 m²", "Lgh 1101", rotated numbers), a few
 * named only by their id (`lgh-1101`) and a few with no closed shape at all (walls only). Around
 * them what real plans have: a patterned floor and the building's outline around every label, a
 * hidden layer of an old division, furniture (beds, rugs and tables under labels, compound paths
 * of furniture in two rooms), lamps with invisible glow ellipses over the labels, icons through
 * `<use>`, clip paths and masks in `<defs>`, and a legend and callouts outside the rooms.
 * Deterministic: the same markup every run.
 */

export interface AutopilotFixture {
  svg: string;
  apartments: { id: number; bostad: string }[];
  /** The id of each apartment's right shape; null when the plan has none (it must not be guessed). */
  expected: Map<string, string | null>;
}

/** mulberry32: a small seeded generator, so the plan is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CELL_W = 200;
const CELL_H = 220;
const LEFT = 100;
const TOP = 100;
const FONT = 28;
/** Every layer is shifted as Inkscape shifts them after a page resize. */
const LAYER = 'transform="translate(-12.5,-30.25)"';
const ROOM_STYLE = 'fill:#e3ecf7;fill-opacity:0.6;stroke:#1d2330;stroke-width:2';
const FURNITURE = 'fill:#ffffff;stroke:#555555;stroke-width:1';

/** Apartments beside these numbers only in the legend: not on this plan. */
const ELSEWHERE = ['2001', '2002', '2003', '2004', '2005'];

/** 20 × 10 apartments by default; tests that parse it under jsdom take a smaller one. */
export function autopilotFixture({
  seed = 22,
  rows: ROWS = 10,
  columns: COLUMNS = 20,
} = {}): AutopilotFixture {
  const rnd = random(seed);
  const rooms: string[] = [];
  const old: string[] = [];
  const furniture: string[] = [];
  const lamps: string[] = [];
  const texts: string[] = [];
  const apartments: AutopilotFixture['apartments'] = [];
  const expected = new Map<string, string | null>();
  let auto = 1000;
  const autoId = (name: string) => `${name}${auto++}`;

  for (let row = 0; row < ROWS; row++)
    for (let col = 0; col < COLUMNS; col++) {
      const n = row * COLUMNS + col;
      const bostad = String(1001 + row * 100 + col);
      apartments.push({ id: n + 1, bostad });
      const x = LEFT + col * CELL_W;
      const y = TOP + row * CELL_H;
      const cx = x + CELL_W / 2;
      const cy = y + CELL_H / 2;

      // The apartment's shape.
      const named = n % 25 === 7; // 8 apartments named by id, with no number on the plan
      const wallsOnly = n % 50 === 33; // 4 apartments drawn with walls only
      let id: string | null = null;
      if (!wallsOnly) {
        const kind = rnd();
        if (kind < 0.55) {
          id = named ? `lgh-${bostad}` : autoId('rect');
          rooms.push(
            `<rect id="${id}" style="${ROOM_STYLE}" x="${x}" y="${y}" width="${CELL_W}" height="${CELL_H}"/>`,
          );
        } else if (kind < 0.75) {
          id = named ? `lgh-${bostad}` : autoId('path');
          // L-shaped, in relative commands as Inkscape writes them.
          rooms.push(
            `<path id="${id}" style="${ROOM_STYLE}" d="m ${x},${y} h ${CELL_W - 50} v 50 h 50 v ${CELL_H - 50} h -${CELL_W} z"/>`,
          );
        } else if (kind < 0.88) {
          id = named ? `lgh-${bostad}` : autoId('polygon');
          rooms.push(
            `<polygon id="${id}" style="${ROOM_STYLE}" points="${x},${y} ${x + CELL_W},${y} ${x + CELL_W},${y + CELL_H - 40} ${x + CELL_W - 40},${y + CELL_H} ${x},${y + CELL_H}"/>`,
          );
        } else {
          id = named ? `lgh-${bostad}` : autoId('rect');
          rooms.push(
            `<rect id="${id}" style="fill:none;stroke:#1d2330;stroke-width:2" x="${x}" y="${y}" width="${CELL_W}" height="${CELL_H}"/>`,
          );
        }
      }
      expected.set(bostad, id);
      // An old division in a hidden layer: two halves, each around the label's place.
      old.push(
        `<rect style="fill:#f00" x="${x + 20}" y="${y + 20}" width="${CELL_W - 40}" height="${CELL_H - 40}"/>`,
      );

      // Furniture: a bed in a corner, and under some labels a rug, a table or a compound path.
      const bedX = x + 15;
      const bedY = y + 15 + rnd() * 20;
      furniture.push(
        `<g id="${autoId('g')}" transform="translate(${bedX},${bedY})"><rect style="${FURNITURE}" width="50" height="70"/><rect style="fill:#dddddd;stroke:#555555;stroke-width:1" width="50" height="15"/></g>`,
      );
      const under = rnd();
      if (under < 0.2) {
        furniture.push(
          `<rect id="${autoId('rect')}" style="fill:#d9c9a8;stroke:none" x="${cx - 60}" y="${cy - 45}" width="120" height="90"/>`,
        );
      } else if (under < 0.3) {
        furniture.push(
          `<circle id="${autoId('circle')}" style="${FURNITURE}" cx="${cx}" cy="${cy - 8}" r="45"/>`,
        );
      } else if (under < 0.4 && col < COLUMNS - 1) {
        // A sofa here and one in the next room, drawn as one path.
        furniture.push(
          `<path id="${autoId('path')}" style="${FURNITURE}" d="M ${cx - 50},${cy - 40} h 100 v 60 h -100 z m 200,70 h 60 v 25 h -60 z"/>`,
        );
      }
      if (rnd() < 0.3) {
        // A lamp: a visible bulb off the label, and its glow over the label at opacity 0.
        lamps.push(
          `<g id="${autoId('g')}"><ellipse style="fill:#fff6c4;fill-opacity:0;stroke:none" cx="${cx}" cy="${cy - 8}" rx="70" ry="60"/><circle style="fill:#ffe066;stroke:#555555;stroke-width:0.5" cx="${cx + 60}" cy="${cy + 70}" r="6"/></g>`,
        );
      }
      if (rnd() < 0.2) lamps.push(`<use href="#icon-socket" x="${x + CELL_W - 30}" y="${y + CELL_H - 30}"/>`);

      // The label.
      const roomName = ['Vardagsrum', 'Sovrum', 'Kök'][n % 3];
      texts.push(
        `<text style="font-size:18px;font-family:sans-serif;fill:#333333" x="${x + 20}" y="${y + CELL_H - 20}">${roomName}</text>`,
      );
      if (named) continue;
      const style = `font-size:${FONT}px;font-family:sans-serif;text-anchor:middle;fill:#1d2330`;
      const kind = rnd();
      if (kind < 0.7) {
        texts.push(
          `<text xml:space="preserve" style="${style}" x="${cx}" y="${cy}"><tspan x="${cx}" y="${cy}">${bostad}</tspan><tspan x="${cx}" y="${cy + 32}" style="font-size:18px">${2 + (n % 3)} rok ${55 + (n % 40)} m²</tspan></text>`,
        );
      } else if (kind < 0.85) {
        texts.push(`<text style="${style}" x="${cx}" y="${cy}">Lgh ${bostad}</text>`);
      } else {
        texts.push(
          `<text style="${style}" x="${cx}" y="${cy}" transform="rotate(-90,${cx},${cy - 10})">${bostad}</text>`,
        );
      }
    }

  // A legend box outside the building: numbers of this plan's apartments and of others.
  const legendX = LEFT + COLUMNS * CELL_W + 150;
  const legend = [...apartments.slice(0, 30).map((a) => a.bostad), ...ELSEWHERE];
  const legendLines = legend.map(
    (b, i) =>
      `<text style="font-size:20px;font-family:sans-serif;fill:#333333" x="${legendX + 20}" y="${TOP + 40 + i * 30}">Lgh ${b}</text>`,
  );
  // Callouts outside every shape.
  const callouts = apartments
    .slice(40, 50)
    .map(
      (a, i) =>
        `<text style="font-size:20px;fill:#333333" x="${LEFT + i * 2 * CELL_W + 40}" y="${TOP + ROWS * CELL_H + 60}">${a.bostad}</text>`,
    );
  const width = legendX + 400;
  const height = TOP + ROWS * CELL_H + 120;
  const building = `M ${LEFT},${TOP} H ${LEFT + COLUMNS * CELL_W} V ${TOP + ROWS * CELL_H} H ${LEFT} Z`;
  const walls = Array.from(
    { length: COLUMNS - 1 },
    (_, c) => `M ${LEFT + (c + 1) * CELL_W},${TOP} v ${ROWS * CELL_H}`,
  ).join(' ');

  const svg = [
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}mm" height="${height}mm" viewBox="0 0 ${width} ${height}" version="1.1" id="svg1">`,
    `<title id="title1">Kvarteret Fixturen, plan 1</title>`,
    `<defs id="defs1">`,
    `<pattern id="parkett" patternUnits="userSpaceOnUse" width="8" height="8"><path d="M 0,8 8,0" style="stroke:#d9c9a8;stroke-width:0.6"/></pattern>`,
    `<clipPath id="clip1"><rect x="${LEFT}" y="${TOP}" width="${CELL_W}" height="${CELL_H}"/></clipPath>`,
    `<mask id="mask1"><rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/></mask>`,
    `<symbol id="icon-socket" viewBox="0 0 20 20"><circle cx="10" cy="10" r="9" style="fill:#ffffff;stroke:#555555"/></symbol>`,
    `</defs>`,
    `<g id="layer1" ${LAYER}><rect id="floor" style="fill:url(#parkett);stroke:none" x="${LEFT}" y="${TOP}" width="${COLUMNS * CELL_W}" height="${ROWS * CELL_H}"/></g>`,
    `<g id="layer6" ${LAYER} style="display:none">${old.join('')}</g>`,
    `<g id="layer3" ${LAYER}>${rooms.join('')}</g>`,
    `<g id="layer2" ${LAYER}><path id="outline" style="fill:none;stroke:#1d2330;stroke-width:6" d="${building}"/><path id="walls" style="fill:none;stroke:#1d2330;stroke-width:3" d="${walls}"/></g>`,
    `<g id="layer4" ${LAYER} style="opacity:0.8">${furniture.join('')}</g>`,
    `<g id="layer7" ${LAYER} mask="url(#mask1)">${lamps.join('')}</g>`,
    `<g id="layer5" ${LAYER}>${texts.join('')}${callouts.join('')}`,
    `<rect id="legend" style="fill:#ffffff;stroke:#1d2330;stroke-width:2" x="${legendX}" y="${TOP}" width="250" height="${legend.length * 30 + 40}"/>`,
    `${legendLines.join('')}</g>`,
    `</svg>`,
  ].join('\n');
  for (const b of ELSEWHERE) apartments.push({ id: apartments.length + 1, bostad: b });
  return { svg, apartments, expected };
}

export interface AutopilotScore {
  /** Apartments the plan has a shape for. */
  onPlan: number;
  /** Proposed on the right shape with nothing against it (ticked on the confirm screen). */
  correct: number;
  /** Proposed on the right shape with a warning (unticked). */
  correctWithWarning: number;
  /** Proposed on a wrong shape with nothing against it: the figure that must stay 0. */
  wrongWithoutWarning: number;
  /** Proposed on a wrong shape, with a warning (unticked). */
  wrongWithWarning: number;
  ambiguous: number;
  notFound: number;
}

/** How a run did against the fixture's answers. */
export function scoreAutopilot(
  result: {
    proposals: {
      apartment: { bostad: string };
      shape: { getAttribute(name: string): string | null };
      confidence: 'high' | 'low';
    }[];
    ambiguous: { apartment: { bostad: string } }[];
    notFound: { apartment: { bostad: string } }[];
  },
  expected: ReadonlyMap<string, string | null>,
): AutopilotScore {
  const score: AutopilotScore = {
    onPlan: [...expected.values()].filter((id) => id !== null).length,
    correct: 0,
    correctWithWarning: 0,
    wrongWithoutWarning: 0,
    wrongWithWarning: 0,
    ambiguous: result.ambiguous.filter((a) => expected.get(a.apartment.bostad)).length,
    notFound: result.notFound.filter((a) => expected.get(a.apartment.bostad)).length,
  };
  for (const p of result.proposals) {
    const right = expected.get(p.apartment.bostad);
    const ok = right !== undefined && right !== null && p.shape.getAttribute('id') === right;
    if (ok && p.confidence === 'high') score.correct++;
    else if (ok) score.correctWithWarning++;
    else if (p.confidence === 'high') score.wrongWithoutWarning++;
    else score.wrongWithWarning++;
  }
  return score;
}
