import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { XSS_CORPUS } from '@planvy/shared/test/xss-corpus';
import { adminToken, baseURL, launch } from './support/browser';
import { signInAsAdmin } from './support/session';
import {
  addApartment,
  createProject,
  svgDoc,
  untilViewShows,
  uploadFile,
  zoneRect,
} from './support/widget-fixtures';

/**
 * Every payload of the shared XSS corpus, each as its own plan, shown in real Chromium in
 * the public widget and in the admin editor: once as the server stored it, and once raw
 * (the markup swapped in the browser, as if the server's sanitiser had been skipped), so
 * the browser guard is tested on its own too.
 *
 * A survivor is anything that takes effect: a script runs (alert and friends are hooked),
 * a request leaves for another origin, the page navigates or opens a window, an element
 * outside the plan changes its computed style, the plan registers fonts, the plan covers
 * a point outside its own box (elementFromPoint), or a link in the plan could run script
 * or navigate the top window.
 */

interface Survivor {
  payload: string;
  effect: string;
}

let browser: Awaited<ReturnType<typeof launch>>;
let token: string;
let projectId = 0;
/** Plan file name → the markup shown raw, in upload order; the first is a benign plan. */
const plans: { id: number; name: string; payload: string; svg: string }[] = [];

/** A plan with legitimate styles of its own: fills by class and a font, which must still render. */
const BENIGN =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">' +
  '<style>.own-fill{fill:#00ff00}.own-font{font-family:"Courier New",monospace;font-size:20px}</style>' +
  '<rect class="own-fill" x="10" y="10" width="100" height="80"/><text class="own-font" x="20" y="150">Plan</text></svg>';

beforeAll(async () => {
  token = await adminToken();
  browser = await launch();
  projectId = await createProject(token, 'XSS corpus');
  const all = [{ name: 'benign', svg: BENIGN }, ...XSS_CORPUS];
  for (const [i, item] of all.entries()) {
    const name = `p-${String(i).padStart(3, '0')}.svg`;
    // A payload the server refuses outright (not an SVG at all) is neutralised at upload;
    // a placeholder keeps its place so the raw pass can still show it to the browser guard.
    let stored = await upload(name, item.svg);
    if (stored.status !== 201) {
      const placeholder = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>';
      stored = await upload(name, placeholder);
      expect(stored.status).toBe(201);
    }
    plans.push({ id: stored.id, name, payload: item.name, svg: item.svg });
  }
  await untilViewShows(projectId, (v) => (v as { plans: unknown[] }).plans.length === plans.length);
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

async function upload(name: string, svg: string): Promise<{ status: number; id: number }> {
  const form = new FormData();
  form.append('file', new Blob([svg], { type: 'image/svg+xml' }), name);
  const res = await fetch(`${baseURL()}/api/v1/admin/file/${projectId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { file?: { id: number } };
  return { status: res.status, id: body.file?.id ?? 0 };
}

// ---------------------------------------------------------------------------
// Watching a page
// ---------------------------------------------------------------------------

interface Watch {
  effects: Survivor[];
  current: { payload: string };
}

/**
 * Hooks everything a payload could do to the page as a whole: dialogs and alert-like
 * functions, requests to other origins, navigations and new windows.
 */
async function watch(page: Page, app: App, raw: boolean): Promise<Watch> {
  const w: Watch = { effects: [], current: { payload: '(loading)' } };
  const hit = (effect: string) => w.effects.push({ payload: w.current.payload, effect });
  const origin = new URL(baseURL()).origin;
  await page.addInitScript(() => {
    const record = (what: string) => {
      const w = window as unknown as { __effects: string[] };
      (w.__effects ??= []).push(what);
    };
    for (const name of ['alert', 'confirm', 'prompt', 'print', 'open'] as const) {
      Object.defineProperty(window, name, {
        value: () => record(name),
        configurable: false,
        writable: false,
      });
    }
  });
  page.on('dialog', (d) => {
    hit(`dialog ${d.message()}`);
    void d.dismiss();
  });
  page.on('popup', (p) => hit(`opened a window ${p.url()}`));
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    if (url.origin !== origin) hit(`navigated to ${frame.url()}`);
  });
  page.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('http') && new URL(url).origin !== origin) hit(`request to ${url}`);
  });
  if (raw) await page.route(app.rawRoute(), (route) => app.serveRaw(route));
  return w;
}

/** Elements outside the plan whose computed style must never change, placed by the test. */
const PROBES = `<div id="xss-probes"><div class="st0 cls-1 zone own-fill">div</div><p class="st0">p</p>
<span class="cls-1">span</span><a href="#probe">a</a><button type="button">button</button><input aria-label="probe"/>
<h1>h1</h1><label>label</label><ul><li>li</li></ul><table><tbody><tr><td>td</td></tr></tbody></table>
<svg class="probe-svg" width="40" height="20"><rect class="st0 cls-1" width="10" height="10"/><text x="12" y="12">t</text></svg></div>`;

/**
 * Runs in the page: what the plan shown right now does outside itself. `stageSelector`
 * is the plan's container (its box is the plan's box); `inShadow` when the plan is in the
 * container's shadow root (the editor).
 */
function inspect(args: {
  stageSelector: string;
  planSelector: string;
  inShadow: boolean;
  baseline: Record<string, string> | null;
}) {
  const found: string[] = [];
  const w = window as unknown as { __effects?: string[] };
  for (const e of w.__effects ?? []) found.push(`called ${e}`);
  w.__effects = [];

  const stage = document.querySelector(args.stageSelector)!;
  const planRoot = (args.inShadow ? stage.shadowRoot : stage)?.querySelector(args.planSelector) ?? null;

  // Computed style of everything the test placed outside the plan, and of the page itself.
  const PROPS = [
    'display',
    'visibility',
    'position',
    'z-index',
    'color',
    'background-color',
    'background-image',
    'fill',
    'stroke',
    'outline-style',
    'filter',
    'transform',
    'opacity',
    'font-family',
    'font-size',
    'cursor',
    'content',
  ];
  const probes = [
    document.documentElement,
    document.body,
    document.getElementById('root'),
    stage,
    ...Array.from(document.querySelectorAll('#xss-probes, #xss-probes *')),
  ];
  const snapshot: Record<string, string> = {};
  probes.forEach((el, i) => {
    if (!el) return;
    const cs = getComputedStyle(el);
    snapshot[`${i}:${el.localName}.${el.getAttribute('class') ?? ''}`] = PROPS.map((p) =>
      cs.getPropertyValue(p),
    ).join('|');
  });
  snapshot['selection'] = getComputedStyle(document.body, '::selection').backgroundColor;
  snapshot['fonts'] = Array.from(document.fonts, (f) => f.family)
    .sort()
    .join(',');
  if (args.baseline) {
    for (const [key, value] of Object.entries(args.baseline)) {
      if (snapshot[key] !== value) found.push(`restyled ${key}: ${args.baseline[key]} → ${snapshot[key]}`);
    }
  }

  // Nothing of the plan may be hit outside the plan's box: a coarse grid over the viewport,
  // and a ring just outside the box (where a plan that spills over would show first).
  const box = stage.getBoundingClientRect();
  const inPlan = (el: Element | null) => !!el && (el === stage || stage.contains(el));
  const points: [number, number][] = [];
  for (let x = 3; x < innerWidth; x += 97) for (let y = 3; y < innerHeight; y += 97) points.push([x, y]);
  for (let x = box.left - 4; x <= box.right + 4; x += 40) points.push([x, box.top - 4], [x, box.bottom + 4]);
  for (let y = box.top - 4; y <= box.bottom + 4; y += 40) points.push([box.left - 4, y], [box.right + 4, y]);
  let covered = 0;
  for (const [x, y] of points) {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    if (x >= box.left - 1 && x <= box.right + 1 && y >= box.top - 1 && y <= box.bottom + 1) continue;
    if (inPlan(document.elementFromPoint(x, y))) covered++;
  }
  if (covered) found.push(`covers ${covered} points outside the plan`);

  if (planRoot) {
    for (const el of [planRoot, ...Array.from(planRoot.querySelectorAll('*'))]) {
      for (const a of Array.from(el.attributes)) {
        const name = a.localName.toLowerCase();
        // eslint-disable-next-line no-control-regex -- what URL parsers ignore
        const v = a.value.replace(/[\u0000-\u0020\u007f-\u009f\u2028\u2029]+/g, '').toLowerCase();
        if (name.startsWith('on')) found.push(`handler ${el.localName} ${a.name}`);
        if (name === 'base' && a.namespaceURI === 'http://www.w3.org/XML/1998/namespace')
          found.push(`xml:base on ${el.localName}`);
        if (
          name === 'href' &&
          !/^(#|https?:|mailto:|tel:|\/projects\/|data:image\/(png|jpe?g|gif|webp);)/.test(v)
        )
          found.push(`${el.localName} ${a.name}=${a.value.slice(0, 60)}`);
        if (name === 'target' && el.localName === 'a' && v !== '_blank') found.push(`link target ${a.value}`);
      }
    }
    for (const a of Array.from(planRoot.querySelectorAll('a'))) {
      const href = a.getAttribute('href') ?? a.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
      if (href && /^https?:/i.test(href.trim()) && a.getAttribute('target') !== '_blank')
        found.push(`link ${href} opens in this window`);
    }
  }
  return { found, snapshot, planShown: !!planRoot };
}

// ---------------------------------------------------------------------------
// The two apps
// ---------------------------------------------------------------------------

interface App {
  open(page: Page): Promise<void>;
  /** Shows plan i and resolves once it is drawn (or refused by the app). */
  show(page: Page, index: number): Promise<void>;
  stageSelector: string;
  /** The plan's root element within the stage (the widget's stage also holds icon SVGs). */
  planSelector: string;
  inShadow: boolean;
  /** The requests that carry plan markup, and how to answer them with the raw payloads. */
  rawRoute(): string;
  serveRaw(route: Route): Promise<void>;
}

const rawByName = () => new Map(plans.map((p) => [p.name, p.svg]));

const widget: App = {
  stageSelector: '.pv-stage',
  planSelector: '.pv-canvas > svg',
  inShadow: false,
  async open(page) {
    await page.goto(`/view/${projectId}`);
    await page.waitForSelector('#root[data-ready="1"]');
  },
  async show(page, index) {
    // Dispatched, not clicked: a payload that hid the page must not stop the run.
    await page.locator('.pv-pages button').nth(index).dispatchEvent('click');
    await page
      .locator(`.pv-pages button[aria-current="page"]:text-is("${index + 1}")`)
      .waitFor({ state: 'attached' });
    await page
      .locator('.pv-canvas > svg, .pv-stage-msg[role="alert"]')
      .first()
      .waitFor({ state: 'attached' });
  },
  rawRoute: () => `**/projects/${projectId}/*.svg*`,
  async serveRaw(route) {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop() ?? '');
    const svg = rawByName().get(name);
    if (svg === undefined) return route.continue();
    await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg });
  },
};

const editor: App = {
  stageSelector: '[data-testid="plan-stage"]',
  planSelector: 'svg',
  inShadow: true,
  async open(page) {
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await signInAsAdmin(page);
    await page.goto(`/projects/${projectId}`);
    await page.getByTestId('plan-stage').waitFor();
  },
  async show(page, index) {
    await page
      .locator('section[aria-labelledby="plan-viewer-title"] [role="group"] button')
      .nth(index)
      .dispatchEvent('click');
    await page.getByTestId('plan-file-name').getByText(plans[index]!.name).waitFor({ state: 'attached' });
    await page.locator('[data-testid="plan-stage"]:not([data-version=""])').waitFor({ state: 'attached' });
  },
  // The editor fetches each plan's markup on its own: serve the payload as it was, unsanitised.
  rawRoute: () => `**/api/v1/admin/plans/${projectId}/*/markup`,
  async serveRaw(route) {
    const id = Number(new URL(route.request().url()).pathname.split('/').at(-2));
    const svg = plans.find((p) => p.id === id)?.svg;
    if (svg === undefined) return route.continue();
    await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg });
  },
};

async function runCorpus(app: App, raw: boolean): Promise<Survivor[]> {
  const page = await browser.context.newPage();
  const inspectArgs = (baseline: Record<string, string> | null) => ({
    stageSelector: app.stageSelector,
    planSelector: app.planSelector,
    inShadow: app.inShadow,
    baseline,
  });
  const openApp = async () => {
    await app.open(page);
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PROBES);
  };
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    const w = await watch(page, app, raw);
    await openApp();

    // The benign plan first: its own styles render, and it sets the baseline.
    w.current.payload = 'benign';
    await app.show(page, 0);
    const first = await page.evaluate(inspect, inspectArgs(null));
    expect(first.planShown).toBe(true);
    const own = await page.evaluate(
      ({ sel, shadow }) => {
        const host = document.querySelector(sel)!;
        const root = (shadow ? host.shadowRoot : host)!;
        const rect = root.querySelector('.own-fill')!;
        const text = root.querySelector('.own-font')!;
        return { fill: getComputedStyle(rect).fill, font: getComputedStyle(text).fontFamily };
      },
      { sel: app.stageSelector, shadow: app.inShadow },
    );
    expect(own.fill).toBe('rgb(0, 255, 0)');
    expect(own.font).toContain('Courier New');
    expect(first.found).toEqual([]);
    const baseline = first.snapshot;

    for (let i = 1; i < plans.length; i++) {
      const payload = plans[i]!.payload;
      w.current.payload = payload;
      try {
        await app.show(page, i);
        // Move over the plan, so hover and pointer handlers would fire.
        const box = await page.locator(app.stageSelector).boundingBox();
        if (box) {
          for (const [x, y] of [
            [0.2, 0.2],
            [0.5, 0.5],
            [0.8, 0.8],
            [0.2, 0.8],
            [0.8, 0.2],
          ] as const) {
            await page.mouse.move(box.x + box.width * x, box.y + box.height * y);
          }
        }
        const result = await page.evaluate(inspect, inspectArgs(baseline));
        for (const effect of result.found) w.effects.push({ payload, effect });
        // Back to a neutral spot, so hover styles of the page never count.
        await page.mouse.move(1, 1);
      } catch (error) {
        // A payload that breaks the page is a survivor too; start the app again for the rest.
        w.effects.push({ payload, effect: `broke the page: ${(error as Error).message.split('\n')[0]}` });
        await openApp();
      }
    }
    w.current.payload = '(after the last plan)';
    return w.effects;
  } finally {
    await page.close();
  }
}

const report = (app: string, survivors: Survivor[]) =>
  console.log(
    `XSS corpus, ${app}: ${XSS_CORPUS.length} payloads, ${survivors.length} survivors` +
      survivors.map((s) => `\n  - ${s.payload}: ${s.effect}`).join(''),
  );

describe('the XSS corpus in real Chromium', () => {
  it('has well over 100 payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThan(150);
  });

  for (const [label, app] of [
    ['widget', widget],
    ['admin editor', editor],
  ] as const) {
    it(`${label}: nothing takes effect, as stored by the server`, async () => {
      const survivors = await runCorpus(app, false);
      report(`${label}, stored`, survivors);
      expect(survivors).toEqual([]);
    }, 600_000);

    it(`${label}: nothing takes effect from raw markup either (browser guard alone)`, async () => {
      const survivors = await runCorpus(app, true);
      report(`${label}, raw`, survivors);
      expect(survivors).toEqual([]);
    }, 600_000);
  }
});

describe('characters XML forbids', () => {
  it('are removed at upload, so such a plan renders in the editor and the widget', async () => {
    const id = await createProject(token, 'Control characters');
    const apartment = await addApartment(token, id, { bostad: 'C1', rooms: '2', status: 'sale' });
    // As some CAD exports write them: raw C0 controls, character references to them, U+FFFF.
    const markup = svgDoc(
      `<text x="10" y="30" class="a\u0001b">Plan\u0000 1\u000b&#1;&#x1F;\uffff</text>${zoneRect(apartment, 'C1', 100, 80, 160, 120)}`,
    );
    await uploadFile(token, id, 'control.svg', markup);
    await untilViewShows(
      id,
      (v) => (v as { apartments: { plans: string[] }[] }).apartments[0]?.plans.length === 1,
    );

    const page = await browser.context.newPage();
    try {
      await page.goto(`/view/${id}`);
      await page.waitForSelector('#root[data-ready="1"]');
      await page.locator(`.pv-zone[data-pv-id="${apartment}"]`).click();
      await page.getByRole('dialog', { name: 'Bostad C1' }).waitFor();
      await expect(page.locator('.pv-canvas text').first().textContent()).resolves.toBe('Plan 1');

      await page.goto('/login');
      await page.evaluate(() => localStorage.clear());
      await signInAsAdmin(page);
      await page.goto(`/projects/${id}`);
      const zone = page.getByTestId('plan-stage').locator(`[id="${apartment}"]`);
      await expect.poll(() => zone.getAttribute('data-pv-state')).toBe('s-sale');
    } finally {
      await page.close();
    }
  });
});
