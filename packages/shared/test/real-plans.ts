import fs from 'node:fs';
import path from 'node:path';

/**
 * Three plans as other tools draw them (issue 20), for API and browser tests: an Inkscape export
 * (millimetres, inkscape/sodipodi namespaces, metadata, layers as groups with transforms,
 * furniture, a `<title>`), a Floorplanner-style export (centimetres from a negative origin,
 * symbols placed with `<use>`, rotated items, a clip path, no title) and a small site plan 268
 * units wide (a Figma-like export) whose building zone links to the Inkscape plan. 17 apartment
 * zones between them, written as the plan editor leaves them (`data-bostad`), with `zone-{bostad}`
 * standing for the apartment's id until a test knows it (`withApartments`).
 */
export interface RealPlan {
  /** The file name it is uploaded under (the plan's key). */
  file: string;
  /** The name the plan takes on upload: its `<title>`, trimmed and on one line; null without one. */
  title: string | null;
  /** Its width in its own units (the viewBox). */
  width: number;
  bostader: string[];
}

export const REAL_PLANS: readonly RealPlan[] = [
  {
    file: 'site-plan.svg',
    title: null,
    width: 268,
    bostader: ['T1', 'T2', 'T3', 'T4'],
  },
  {
    file: 'inkscape-hus-a.svg',
    title: 'Hus A, plan 1',
    width: 297,
    bostader: ['A1101', 'A1102', 'A1103', 'A1104', 'A1105', 'A1106', 'A1107'],
  },
  {
    file: 'floorplanner-hus-b.svg',
    title: null,
    width: 1600,
    bostader: ['B2101', 'B2102', 'B2103', 'B2104', 'B2105', 'B2106'],
  },
];

/** The site plan's zone for building A: linked to the Inkscape plan by `withApartments`. */
export const SITE_BUILDING_ZONE = 'building-a';

export function realPlanMarkup(file: string): string {
  return fs.readFileSync(path.join(import.meta.dirname, 'real-plans', file), 'utf8');
}

/**
 * The plan with every `zone-{bostad}` id replaced by that apartment's id (what attaching a zone in
 * the editor does), and the site plan's building zone linked to `link` (what "link to building" does).
 */
export function withApartments(
  svg: string,
  ids: ReadonlyMap<string, number>,
  link?: { target: string; buildingNumberId: number },
): string {
  let out = svg.replace(/id="zone-([^"]+)"/g, (whole, bostad: string) => {
    const id = ids.get(bostad);
    return id === undefined ? whole : `id="${id}"`;
  });
  if (link)
    out = out.replace(
      `id="${SITE_BUILDING_ZONE}"`,
      `id="${SITE_BUILDING_ZONE}" data-link-to="${link.target}" data-building-number="${link.buildingNumberId}"`,
    );
  return out;
}
