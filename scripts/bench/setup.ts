/**
 * Setting up a project as a new admin would (issue 22, "Measure it"), printed, never asserted:
 * from an empty data directory with only the seeded admin, through the back-office's UI alone,
 * it signs in with the form, adds the client a project needs and the project, uploads the
 * three real plans (packages/shared/test/real-plans) as architects deliver them (Planvy's
 * zone ids and data-bostad taken out), imports 17 apartments from a CSV as Swedish Excel saves
 * it (Windows-1252, semicolons, Swedish headers and status labels, a Husnummer column naming
 * buildings A and B that do not exist yet), attaches every apartment to its shape on its plan,
 * links the site plan's building to the Hus A plan as building A, and turns on "Flera byggnader".
 *
 * Every action a person takes is counted as they would count it: a click, a command key
 * (Enter, Escape), a text field filled, a file chosen in a file dialog, a select option
 * chosen (opening the dropdown is a click of its own). The table gives the actions and the
 * seconds per phase, then the total against the goal of 80 (about 230 before issue 22). The
 * result is checked through the API at the end (17 apartments in their buildings, each one's
 * zone the shape drawn for it on its plan, the building link, the setting); a wrong result
 * prints no figure and fails.
 *
 * The zones are attached with the plan editor's "place the next apartment" loop when the
 * build has it, and again from scratch with the zone popup (pick a shape → attach an existing
 * apartment → choose it → save) for comparison; SETUP_BENCH_FLOW=loop or popup runs one flow.
 * SETUP_BENCH_TRACE=1 lists every counted action. T1–T4 on the site plan are plots drawn
 * there; the project is one sale project, so they are four of its 17 homes, without a building.
 *
 * It builds nothing: run `npm run build` first. It starts the production server with
 * e2e/support/server.ts on a free port with a fresh data directory.
 *
 *   node --import tsx scripts/bench/setup.ts      (or: npm run bench -- setup)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import type { Apartment, BuildingNumber, PlanFile } from '@planvy/shared';
import { REAL_PLANS, SITE_BUILDING_ZONE, realPlanMarkup } from '@planvy/shared/test/real-plans';
import { launchChromium } from '../../e2e/support/chromium';
import { ADMIN, call, startServer } from '../../e2e/support/server';

const GOAL = 80;
const BEFORE = 230;
const CLIENT = { first: 'Klara', email: 'klara@brf-solgarden.test' };
const PROJECT_NAME = 'Brf Solgården';
const [SITE, HUS_A, HUS_B] = REAL_PLANS as [
  (typeof REAL_PLANS)[number],
  (typeof REAL_PLANS)[number],
  (typeof REAL_PLANS)[number],
];

/**
 * Where a person clicks to pick each home's shape, in the plan's own units (its root viewBox):
 * inside the room, away from labels and walls. Inkscape's layers are shifted by (-12.5, -30.25).
 */
const SPOTS: Record<string, [number, number]> = {
  T1: [171, 43],
  T2: [230, 43],
  T3: [171, 110],
  T4: [230, 100],
  A1101: [75 - 12.5, 100 - 30.25],
  A1102: [128 - 12.5, 70 - 30.25],
  A1103: [210 - 12.5, 70 - 30.25],
  A1104: [270 - 12.5, 60 - 30.25],
  A1105: [70 - 12.5, 170 - 30.25],
  A1106: [160 - 12.5, 190 - 30.25],
  A1107: [260 - 12.5, 190 - 30.25],
  B2101: [350, 150],
  B2102: [850, 150],
  B2103: [1100, 330],
  B2104: [280, 700],
  B2105: [800, 750],
  B2106: [1250, 650],
};
/** The site plan's building A, between its outline and the dashed line inside it. */
const BUILDING_SPOT: [number, number] = [18, 71];

/** The plans as they come from the architects: no zone ids, no data-bostad. */
function rawPlans(dir: string): string[] {
  return REAL_PLANS.map((plan) => {
    const raw = realPlanMarkup(plan.file)
      .replace(/\s+id="zone-[^"]*"/g, '')
      .replace(/\s+data-bostad="[^"]*"/g, '')
      // The building is a plain shape to them.
      .replace(` id="${SITE_BUILDING_ZONE}"`, '');
    if (/zone-|data-bostad|building-a/.test(raw)) throw new Error(`${plan.file}: Planvy's marks left in it`);
    const file = path.join(dir, plan.file);
    fs.writeFileSync(file, raw);
    return file;
  });
}

interface Row {
  bostad: string;
  rooms: string;
  floor: string;
  area: string;
  price: string;
  status: string;
  building: string;
}

/** 17 homes: the plots of the site plan (no building), Hus A's 7 and Hus B's 6. */
function homes(): Row[] {
  const statuses = ['Till salu', 'Till salu', 'Såld', 'Bokad', 'Till salu', 'Såld'];
  return REAL_PLANS.flatMap((plan) =>
    plan.bostader.map((bostad, i) => ({
      bostad,
      rooms: String(2 + (i % 3)),
      floor: plan === SITE ? '' : plan === HUS_A ? '1' : '2',
      area: `${54 + i * 7},5`,
      // Excel shows a price as "2 250 000": groups of three, with spaces.
      price: String(2_000_000 + i * 250_000).replace(/\B(?=(\d{3})+$)/g, ' '),
      status: statuses[i % statuses.length]!,
      building: plan === HUS_A ? 'A' : plan === HUS_B ? 'B' : '',
    })),
  );
}

/** As Swedish Excel's "CSV (semikolonavgränsad)" saves it: Windows-1252 (here Latin-1 agrees), ;, CRLF. */
function excelCsv(dir: string, rows: Row[]): string {
  const lines = ['Bostad;Rum;Våning;Boarea;Pris;Status;Husnummer'].concat(
    rows.map((r) => [r.bostad, r.rooms, r.floor, r.area, r.price, r.status, r.building].join(';')),
  );
  const file = path.join(dir, 'lagenheter.csv');
  fs.writeFileSync(file, Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
  return file;
}

// ---------------------------------------------------------------------------
// Counting what a person does
// ---------------------------------------------------------------------------

interface Phase {
  actions: number;
  ms: number;
}

/** Drives the page and counts each action against the phase under way. */
class Actions {
  readonly phases = new Map<string, Phase>();
  private current: { name: string; since: number } | null = null;

  constructor(private readonly page: Page) {}

  /** Starts (or resumes) counting for `name`; the time until the next phase is its. */
  phase(name: string): void {
    this.end();
    if (!this.phases.has(name)) this.phases.set(name, { actions: 0, ms: 0 });
    this.current = { name, since: performance.now() };
  }

  end(): void {
    if (!this.current) return;
    this.phases.get(this.current.name)!.ms += performance.now() - this.current.since;
    this.current = null;
  }

  /** Every action, in order, for SETUP_BENCH_TRACE=1. */
  readonly trace: string[] = [];

  private count(what: string, n = 1): void {
    if (!this.current) throw new Error('an action outside a phase');
    this.phases.get(this.current.name)!.actions += n;
    this.trace.push(`${this.current.name}: ${what}${n > 1 ? ` (${n})` : ''}`);
  }

  async click(locator: Locator): Promise<void> {
    this.count(`click ${String(locator)}`);
    await locator.click();
  }

  async fill(locator: Locator, text: string): Promise<void> {
    this.count(`fill ${String(locator)}`);
    await locator.fill(text);
  }

  async press(key: string): Promise<void> {
    this.count(`press ${key}`);
    await this.page.keyboard.press(key);
  }

  /** Opens a dropdown and chooses an option: two actions. */
  async choose(combobox: Locator, option: string | RegExp): Promise<void> {
    await this.click(combobox);
    const list = this.page.locator(`[id="${await combobox.getAttribute('aria-controls')}"]`);
    await this.click(list.getByRole('option', { name: option }));
  }

  /** Clicks what opens the file dialog, then chooses the files: one action each. */
  async upload(opener: Locator, files: string[]): Promise<void> {
    const [chooser] = await Promise.all([this.page.waitForEvent('filechooser'), this.click(opener)]);
    this.count(`choose ${files.map((f) => path.basename(f)).join(', ')}`, files.length);
    await chooser.setFiles(files);
  }

  /**
   * A click on the plan at a point in its own units. Where the header and the plan's sticky
   * tools cover it, the page is scrolled first, as a person would (scrolling is not counted).
   */
  async clickPlan(x: number, y: number): Promise<void> {
    const at = await this.page
      .getByTestId('plan-stage')
      .locator('svg')
      .first()
      .evaluate(
        (root, p) => {
          const where = () => {
            const m = (root as SVGSVGElement).getScreenCTM()!;
            return { x: m.a * p[0]! + m.c * p[1]! + m.e, y: m.b * p[0]! + m.d * p[1]! + m.f };
          };
          const host = (root.getRootNode() as ShadowRoot).host;
          const onStage = (q: { x: number; y: number }) => document.elementFromPoint(q.x, q.y) === host;
          let q = where();
          if (!onStage(q)) {
            window.scrollBy(0, q.y - window.innerHeight / 2);
            q = where();
          }
          return onStage(q) ? q : null;
        },
        [x, y],
      );
    if (!at) throw new Error(`(${x}, ${y}) of the plan is not on screen`);
    this.count(`click the plan at (${x}, ${y})`);
    await this.page.mouse.click(at.x, at.y);
  }

  get total(): Phase {
    let actions = 0;
    let ms = 0;
    for (const p of this.phases.values()) {
      actions += p.actions;
      ms += p.ms;
    }
    return { actions, ms };
  }
}

// ---------------------------------------------------------------------------
// The set-up
// ---------------------------------------------------------------------------

async function setUp(page: Page, act: Actions, dir: string, flow: 'loop' | 'popup'): Promise<number> {
  const plans = rawPlans(dir);
  const csv = excelCsv(dir, homes());

  act.phase('login');
  await page.goto('/login');
  await act.fill(page.getByLabel('E-post'), ADMIN.email);
  await act.fill(page.getByLabel('Lösenord', { exact: true }), ADMIN.password);
  await act.click(page.getByRole('button', { name: 'Logga in' }));
  await page.waitForURL('**/projects');

  // A project belongs to a client; a fresh install has none, and the form says so.
  act.phase('client');
  await act.click(page.getByRole('link', { name: 'Lägg till projekt' }).first());
  await act.click(page.getByRole('link', { name: 'Lägg till kund' }));
  await act.fill(page.getByLabel('Förnamn'), CLIENT.first);
  await act.fill(page.getByLabel('E-post', { exact: true }), CLIENT.email);
  // The client is invited by e-mail (the form's default) and chooses a password of their own.
  await act.click(page.getByRole('button', { name: 'Spara' }));
  // Back on the project form, with the new client chosen.
  await page.waitForURL('**/project-add?client=*');

  act.phase('project');
  await act.fill(page.getByLabel('Namn'), PROJECT_NAME);
  // The type stays the default, Försäljning (bostadsrätter); the client is the one just added.
  const client = page.getByRole('combobox', { name: 'Kund' });
  while (!(await client.inputValue()).startsWith(CLIENT.first)) await page.waitForTimeout(50);
  await act.click(page.getByRole('button', { name: 'Spara' }));
  await page.waitForURL(/\/projects\/\d+/);
  const projectId = Number(/\/projects\/(\d+)/.exec(page.url())![1]);

  act.phase('plans');
  await act.click(page.getByRole('tab', { name: 'SVG-bilder' }));
  await act.click(page.getByRole('button', { name: 'Ladda upp filer' }));
  await act.upload(page.getByTestId('plan-dropzone'), plans);
  await act.click(page.getByRole('button', { name: 'Ladda upp', exact: true }));
  const uploaded = page.getByRole('list', { name: 'Valda filer' });
  for (const plan of REAL_PLANS)
    await uploaded
      .getByRole('listitem', { name: plan.file })
      .getByText('Uppladdad', { exact: true })
      .waitFor();
  await act.click(page.getByRole('tab', { name: 'Plan och lägenheter' }));

  act.phase('import');
  await act.click(page.getByRole('button', { name: 'Importera' }));
  const dialog = page.getByRole('dialog', { name: 'Importera lägenheter' });
  await act.upload(dialog.getByRole('button', { name: 'CSV-fil' }), [csv]);
  await dialog.getByText('Filen lästes som Windows-1252 med semikolon som avgränsare.').waitFor();
  await dialog.getByText('Nya (17)', { exact: true }).waitFor();
  await act.click(dialog.getByRole('checkbox', { name: 'Skapa husnummer A, B' }));
  await dialog.getByText('17 lägenheter sparas (nya: 17, ändrade: 0).').waitFor();
  await act.click(dialog.getByRole('button', { name: 'Verkställ import' }));
  await page.getByText('Importen är klar. Nya: 17, ändrade: 0. Skapade husnummer: A, B.').waitFor();

  const titles = new Map(REAL_PLANS.map((p, i) => [p.file, p.title ?? `Plan ${i + 1}`]));
  const planButton = (file: string) => page.getByRole('button', { name: titles.get(file)!, exact: true });
  const stage = page.getByTestId('plan-stage');

  /** Shows `file`'s plan (a click on its button unless it is shown) and waits until it is drawn. */
  const showPlan = async (file: string) => {
    const button = planButton(file);
    if ((await button.getAttribute('aria-pressed')) !== 'true') await act.click(button);
    await page
      .getByTestId('plan-file-name')
      .getByText(`${titles.get(file)!} · fil: ${file}`)
      .waitFor();
    await stage.locator('svg').first().waitFor();
    await stage.scrollIntoViewIfNeeded();
  };

  // The building is linked while the site plan is open: after the loop (its plots come last
  // in bostad order), or right after its plots when going plan by plan with the popup.
  if (flow === 'loop') {
    act.phase('zones');
    await placeByLoop(page, act, showPlan);
    act.phase('buildings');
    await showPlan(SITE.file);
    await linkBuilding(page, act, titles.get(HUS_A.file)!);
  } else {
    for (const plan of REAL_PLANS) {
      act.phase('zones');
      await showPlan(plan.file);
      await placeByPopup(page, act, plan.bostader);
      if (plan !== SITE) continue;
      act.phase('buildings');
      await linkBuilding(page, act, titles.get(HUS_A.file)!);
    }
    act.phase('buildings');
  }

  // Two houses: the widget's list shows and filters by house only with "Flera byggnader" on.
  await act.click(page.getByRole('tab', { name: 'Inställningar' }));
  await act.click(page.getByText('Flera byggnader', { exact: true }));
  await act.click(page.getByRole('button', { name: 'Spara ändringar' }));
  await page.getByText('Projektet har sparats').waitFor();
  act.end();
  return projectId;
}

/** The zone popup: pick the shape, attach an existing apartment, choose it, save. */
async function placeByPopup(page: Page, act: Actions, bostader: readonly string[]): Promise<void> {
  await pickTool(page, act);
  const dialog = page.getByRole('dialog');
  for (const bostad of bostader) {
    const [x, y] = SPOTS[bostad]!;
    await act.clickPlan(x, y);
    await act.click(dialog.getByRole('radio', { name: /Koppla befintlig lägenhet/ }));
    await act.click(dialog.getByRole('button', { name: 'Nästa' }));
    await act.choose(dialog.getByRole('combobox', { name: 'Lägenhet' }), new RegExp(`^${bostad} ·`));
    const saved = zoneSaved(page);
    await act.click(dialog.getByRole('button', { name: 'Spara' }));
    await saved;
    await dialog.waitFor({ state: 'detached' });
  }
}

/**
 * The "place the next apartment" loop, followed as a person would: read which apartment is next,
 * open the plan it is drawn on (and start the loop there), click its room, Enter.
 */
async function placeByLoop(
  page: Page,
  act: Actions,
  showPlan: (file: string) => Promise<void>,
): Promise<void> {
  const status = page.getByTestId('placement-next');
  const dialog = page.getByRole('dialog');
  const chosen = dialog.getByRole('combobox', { name: 'Lägenhet' });
  const startLoop = async () => {
    const button = page.getByRole('button', { name: /^Placera lägenheter/ });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await act.click(button);
    await status.waitFor();
  };
  await startLoop();
  for (let placed = 0; ; placed++) {
    const text = (await status.textContent()) ?? '';
    const next = /^Nästa: (\S+) —/.exec(text)?.[1];
    if (!next) {
      if (text !== 'Alla lägenheter ligger på en plan.') throw new Error(`the loop says "${text}"`);
      return;
    }
    if (placed > REAL_PLANS.flatMap((p) => p.bostader).length) throw new Error('the loop does not end');
    const plan = REAL_PLANS.find((p) => p.bostader.includes(next));
    if (!plan) throw new Error(`the loop offers ${next}, which is on no plan`);
    await showPlan(plan.file);
    await startLoop();
    const [x, y] = SPOTS[next]!;
    await act.clickPlan(x, y);
    await chosen.waitFor();
    const deadline = Date.now() + 10_000;
    while (!(await chosen.inputValue()).startsWith(`${next} `)) {
      if (Date.now() > deadline) throw new Error(`the attach step does not offer ${next}`);
      await page.waitForTimeout(50);
    }
    const saved = zoneSaved(page);
    await act.press('Enter');
    await saved;
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(([el, before]) => el?.textContent !== before, [
      await status.elementHandle(),
      text,
    ] as const);
  }
}

async function pickTool(page: Page, act: Actions): Promise<void> {
  const name = 'Välj en form i planen';
  await act.click(page.getByRole('button', { name, exact: true }));
  await page.getByRole('button', { name, exact: true, pressed: true }).waitFor();
}

/** The site plan's building: a link to the Hus A plan, as building A. */
async function linkBuilding(page: Page, act: Actions, target: string): Promise<void> {
  if ((await page.getByRole('button', { name: 'Välj en form i planen', pressed: true }).count()) === 0)
    await pickTool(page, act);
  const dialog = page.getByRole('dialog');
  await act.clickPlan(...BUILDING_SPOT);
  await act.click(dialog.getByRole('radio', { name: /Länka till hus/ }));
  await act.click(dialog.getByRole('button', { name: 'Nästa' }));
  await act.choose(dialog.getByRole('combobox', { name: 'Plan som ska öppnas' }), target);
  // A plan named "Hus A, …" comes with building A chosen; a person checks it and goes on.
  const building = dialog.getByRole('combobox', { name: 'Husnummer', exact: true });
  if ((await building.inputValue()) !== 'Hus A') await act.choose(building, 'A');
  const saved = zoneSaved(page);
  await act.click(dialog.getByRole('button', { name: 'Spara' }));
  await saved;
  await dialog.waitFor({ state: 'detached' });
}

/** A zone stored: one zone edit (PATCH …/zone) or, for a shape new to the plan, the drawing. */
async function zoneSaved(page: Page): Promise<void> {
  const response = await page.waitForResponse((r) => {
    const p = new URL(r.url()).pathname;
    const method = r.request().method();
    return (
      (method === 'POST' && /\/api\/v1\/admin\/svg\/\d+$/.test(p)) ||
      (method === 'PATCH' && /\/api\/v1\/admin\/plans\/\d+\/\d+\/zone$/.test(p))
    );
  });
  if (!response.ok()) throw new Error(`the zone was not saved: ${response.status()}`);
}

// ---------------------------------------------------------------------------
// Checking the result
// ---------------------------------------------------------------------------

/**
 * What a shape is, to tell whether the right one became the zone: its tag and geometry (for a
 * group, its first shape's), as the plan editor keeps them. Runs in the page (DOMParser).
 */
function shapeSignatures(page: Page, svg: string, ids: Record<string, string>) {
  return page.evaluate(
    ({ markup, wanted }) => {
      const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
      const out: Record<string, string | null> = {};
      for (const [key, id] of Object.entries(wanted)) {
        let el = doc.getElementById(id);
        if (el?.localName === 'g') el = el.querySelector('path, rect, polygon, circle, ellipse');
        out[key] = el
          ? [
              el.localName,
              ...['d', 'points', 'x', 'y', 'width', 'height'].map((a) => el.getAttribute(a) ?? ''),
            ]
              .join('|')
              .replace(/\s+/g, ' ')
          : null;
      }
      return out;
    },
    { markup: svg, wanted: ids },
  );
}

/** Throws unless the project is what the set-up meant to make. */
async function verify(page: Page, baseURL: string, projectId: number): Promise<void> {
  const { token } = await call<{ token: string }>(baseURL, 'POST', '/api/v1/login', undefined, ADMIN);
  const get = <T>(url: string) => call<T>(baseURL, 'GET', url, token);
  const { apartments } = await get<{ apartments: Apartment[] }>(`/api/v1/admin/apartments/${projectId}`);
  const { files } = await get<{ files: PlanFile[] }>(`/api/v1/admin/svg/${projectId}`);
  const { building_numbers: buildings } = await get<{ building_numbers: BuildingNumber[] }>(
    `/api/v1/building-numbers/${projectId}`,
  );
  const wrong: string[] = [];
  const expected = homes();
  if (apartments.length !== expected.length)
    wrong.push(`${apartments.length} apartments, not ${expected.length}`);
  const buildingId = new Map(buildings.map((b) => [b.label, b.id]));
  const markup = new Map(files.map((f) => [f.name, f.svg]));
  for (const plan of REAL_PLANS) {
    const svg = markup.get(plan.file);
    if (svg === undefined) {
      wrong.push(`no plan ${plan.file}`);
      continue;
    }
    for (const bostad of plan.bostader) {
      const a = apartments.find((x) => x.bostad === bostad);
      if (!a) {
        wrong.push(`${bostad} missing`);
        continue;
      }
      if (a.file_name !== plan.file) wrong.push(`${bostad} is on "${a.file_name}", not ${plan.file}`);
      // The zone is the shape the architect drew for this home, not a piece of furniture.
      const [drawn, zone] = await Promise.all([
        shapeSignatures(page, realPlanMarkup(plan.file), { s: `zone-${bostad}` }),
        shapeSignatures(page, svg, { s: String(a.id) }),
      ]);
      if (zone.s === null) wrong.push(`${bostad} has no zone on ${plan.file}`);
      else if (zone.s !== drawn.s)
        wrong.push(`${bostad}'s zone on ${plan.file} is ${zone.s}, not ${drawn.s}`);
      const row = expected.find((r) => r.bostad === bostad)!;
      const building = row.building ? (buildingId.get(row.building) ?? -1) : null;
      if (a.building_number_id !== building) wrong.push(`${bostad} is in building ${a.building_number_id}`);
    }
  }
  if (
    apartments.filter((a) => a.status === 'sold').length !==
    expected.filter((r) => r.status === 'Såld').length
  )
    wrong.push('the "Såld" rows are not sold');
  const site = markup.get(SITE.file) ?? '';
  const link = new RegExp(
    `<path(?=[^>]*data-link-to="${HUS_A.file}")(?=[^>]*data-building-number="${buildingId.get('A')}")[^>]*d="M14 30H104V112H14V30Z"`,
  );
  if (!link.test(site)) wrong.push('the site plan does not link building A to the Hus A plan');
  const multi = await get<{ value: string }>(`/api/v1/admin/settings/${projectId}?name=multi_building`);
  if (multi.value !== '1') wrong.push('"Flera byggnader" is off');
  if (wrong.length > 0) throw new Error(`the set-up is wrong, no figure printed:\n  ${wrong.join('\n  ')}`);
}

// ---------------------------------------------------------------------------

function table(act: Actions, label: string): void {
  const rows = [...act.phases.entries()].map(([name, p]) => [
    name,
    String(p.actions),
    (p.ms / 1000).toFixed(1),
  ]);
  const { actions, ms } = act.total;
  const line = (cells: string[]) =>
    `  ${cells[0]!.padEnd(10)} ${cells[1]!.padStart(7)} ${cells[2]!.padStart(8)}`;
  console.log(`${label}`);
  console.log(line(['phase', 'actions', 'seconds']));
  for (const row of rows) console.log(line(row));
  console.log(line(['total', String(actions), (ms / 1000).toFixed(1)]));
  console.log(
    `  goal ≤ ${GOAL} actions (about ${BEFORE} before issue 22): ${actions <= GOAL ? 'OK' : 'OVER'}` +
      ` · load ${os.loadavg()[0]!.toFixed(1)}`,
  );
}

async function runFlow(flow: 'loop' | 'popup'): Promise<void> {
  const server = await startServer();
  const browser = await launchChromium();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-setup-bench-'));
  try {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1440, height: 1000 },
      locale: 'sv-SE',
    });
    context.setDefaultTimeout(20_000);
    // tsx keeps function names with a helper (__name) the page does not have.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    const act = new Actions(page);
    try {
      const projectId = await setUp(page, act, dir, flow);
      await verify(page, server.baseURL, projectId);
    } catch (error) {
      const shot = path.join(os.tmpdir(), `planvy-setup-bench-${Date.now()}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      console.error(`failed; the page as it was: ${shot}`);
      throw error;
    }
    console.log(
      'verified: 17 apartments, each with its own shape as its zone on its plan; building A links to the Hus A plan',
    );
    if (process.env.SETUP_BENCH_TRACE) console.log(act.trace.map((t, i) => `  ${i + 1}. ${t}`).join('\n'));
    table(act, `zones by the ${flow === 'loop' ? '"place the next apartment" loop' : 'zone popup'}:`);
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether the built admin app has the loop (its button's text is in the bundle). */
function hasLoop(): boolean {
  const assets = path.resolve(import.meta.dirname, '../../apps/web/dist/assets');
  if (!fs.existsSync(assets)) return false;
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .some((f) => fs.readFileSync(path.join(assets, f), 'utf8').includes('Placera lägenheter'));
}

/** With the loop built, both figures: the loop's (the one the goal is for), then the popup's. */
export async function run(): Promise<void> {
  const forced = process.env.SETUP_BENCH_FLOW;
  const loop = hasLoop();
  if (forced === 'loop' && !loop) throw new Error('this build has no "place the next apartment" loop');
  const flows: ('loop' | 'popup')[] =
    forced === 'popup' || forced === 'loop' ? [forced] : loop ? ['loop', 'popup'] : ['popup'];
  if (!loop) console.log('this build has no "place the next apartment" loop: zones by the popup');
  for (const flow of flows) await runFlow(flow);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
