import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { overFetch } from '@planvy/shared/test/arrange';
import { TEXT_PAYLOADS, XSS_CORPUS } from '@planvy/shared/test/xss-corpus';
import { adminToken, api, baseURL, launch } from './support/browser';
import { signInAsAdmin } from './support/session';
import {
  addApartment,
  addBuilding,
  attachBuildings,
  createProject,
  setSettings,
  svgDoc,
  untilViewShows,
  uploadFile,
  zoneRect,
} from './support/widget-fixtures';

/**
 * Every payload of the shared XSS corpus, each as its own plan, shown in real Chromium by every
 * renderer of plans (ADR 008, 020):
 *
 * The payloads are spread over a few projects of ~30 plans, each opening on a harmless one: pages
 * and plan lists stay as small as a real project's, which keeps the run short.
 *
 * - the widget page the server renders with the payload as its first plan (`?plan=`), with
 *   scripts off and with scripts on. Pages are loaded in batches of frames of one harness page
 *   (scripts off: a sandbox without `allow-scripts`), and each is compared with the page rendered
 *   for a harmless plan: the same elements outside the plan with the same computed styles, the
 *   data block intact and read as the real view, the plan all SVG and its ids in its namespace;
 * - the widget's own path (a plan shown after the first: fetched, guarded, decorated in the
 *   browser) and the admin editor, once as the server stored the plan and once raw (the markup
 *   swapped in the browser, as if the server's sanitiser had been skipped), so the browser guard
 *   is tested on its own too.
 *
 * Many payloads clean to the same markup, and what a renderer does with a plan depends only on
 * that markup, so each renderer shows each distinct one once and reports an effect found for it
 * for every payload that cleaned to it:
 * - the server page: each distinct markup the server stored (292 payloads to about 120);
 * - the apps' own paths (the widget's and the editor): each distinct markup the browser guard
 *   makes of what they fetch, stored or raw. Both apps hand what they fetch straight to that guard
 *   (`guardPlan`, shared), and nothing else reads it, so a raw payload the guard cleans to the
 *   markup of a stored plan is shown by the pass over stored plans; the raw pass shows the rest.
 *   The guard itself runs on every raw payload and every stored plan in Chromium first, in a
 *   watched page of its own, with the scopes of both apps.
 *
 * Building labels and apartment numbers are on (ADR 025): every plan carries a building label whose
 * text is a payload of `TEXT_PAYLOADS`, and each project has one more plan named by such a payload
 * (its `<title>`) with zones of apartments numbered by them.
 *
 * A survivor is anything that takes effect: a script runs (alert and friends are hooked), a
 * request leaves for another origin, a page navigates or opens a window, an element outside the
 * plan changes its computed style (or appears, or goes), the plan registers fonts, covers a point
 * outside its own box (elementFromPoint), or holds a link that could run script or navigate the
 * top window.
 */

interface Survivor {
  payload: string;
  effect: string;
}

let browser: Awaited<ReturnType<typeof launch>>;
let token: string;
const PROJECT_NAME = 'XSS corpus';
/** Payloads per project (each project opens on the benign plan first). */
const PER_PROJECT = 30;

interface Plan {
  /** Index in `plans`, the name of the frame that shows it. */
  key: number;
  projectId: number;
  /** Its place in the apps (the widget's page buttons, the editor's list). */
  index: number;
  id: number;
  name: string;
  payload: string;
  svg: string;
  /** The apartment numbers its zones show (ADR 025). */
  numbers: number;
  /**
   * The payloads stored as the same markup as this plan's, its own first: whom an effect of the
   * passes over stored plans names. Empty when an earlier plan has the same stored markup.
   */
  same: string[];
  /**
   * The same for the apps' own paths (an app shows what the browser guard makes of what it
   * fetches): the payloads, stored or raw, the guard cleans to the markup it makes of this stored
   * plan (`sameGuarded`) and of this raw payload (`sameRaw`).
   */
  sameGuarded: string[];
  sameRaw: string[];
  /** Its markup as the server stored it. */
  stored: string;
}
/** Every plan of every project; each project's in the apps' order, its benign plan first. */
const plans: Plan[] = [];
/**
 * `label`: the text of the building label on every plan of the project. Each list holds the
 * project's benign plan first, then the plans a pass shows:
 * - `stored`: each stored markup no earlier plan has, what the server page shows;
 * - `guarded`: each markup the browser guard makes of a stored plan that no earlier plan cleaned
 *   to, what the apps' own paths show as stored;
 * - `raw`: each markup the guard makes of a raw payload that no plan, stored or raw, cleaned to
 *   before, what the apps' own paths show raw (the markup swapped in the browser).
 */
const projects: {
  id: number;
  label: string;
  plans: Plan[];
  stored: Plan[];
  guarded: Plan[];
  raw: Plan[];
}[] = [];
/**
 * Each markup a plan is stored as, to the payloads stored as it (the benign plans apart: every
 * project opens on its own).
 */
const firstStoredAs = new Map<string, string[]>();
/** The same for the markups the browser guard makes of stored plans and raw payloads. */
const firstGuardedAs = new Map<string, string[]>();
/** What took effect while the browser guard cleaned every raw payload (`guardAll`). */
let guardEffects: Survivor[] = [];
const durations: Record<string, number> = {};

/** A plan with legitimate styles of its own: fills by class and a font, which must still render. */
const BENIGN =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">' +
  '<style>.own-fill{fill:#00ff00}.own-font{font-family:"Courier New",monospace;font-size:20px}</style>' +
  '<rect class="own-fill" x="10" y="10" width="100" height="80"/><text class="own-font" x="20" y="150">Plan</text></svg>';

const fileName = (i: number) => `p-${String(i).padStart(3, '0')}.svg`;

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A plan whose name and apartment numbers are hostile text (ADR 025): its `<title>` is `title`, and
 * it has a zone for each apartment in `zones` (id → bostad), where the widget writes the number.
 */
const textPlan = (title: string, zones: [number, string][]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><title>${xmlText(title)}</title>` +
  zones
    .map(
      ([id, bostad], i) =>
        `<rect id="${id}" data-bostad="${xmlText(bostad)}" x="${20 + i * 120}" y="60" width="110" height="80" fill="#ccc"/>`,
    )
    .join('') +
  '</svg>';

beforeAll(async () => {
  token = await adminToken();
  browser = await launch();
  for (let first = 0; first < XSS_CORPUS.length; first += PER_PROJECT) {
    const projectId = await createProject(token, PROJECT_NAME);
    // Labels and numbers on, every apartment listed on every plan (so the pages stay comparable).
    await setSettings(token, projectId, { show_zone_numbers: '1', show_all_apartments: '1' });
    const text = (k: number) => TEXT_PAYLOADS[(first / PER_PROJECT + k) % TEXT_PAYLOADS.length]!;
    const building = await addBuilding(token, projectId, text(0));
    const numbered: [number, string][] = [];
    for (const k of [1, 2, 3])
      numbered.push([await addApartment(token, projectId, { bostad: text(k), status: 'sale' }), text(k)]);
    const items = (
      [
        { name: 'benign', svg: BENIGN },
        ...XSS_CORPUS.slice(first, first + PER_PROJECT),
        {
          name: 'hostile plan name, building label and apartment numbers',
          svg: textPlan(text(4), numbered),
          numbers: numbered.length,
        },
      ] as { name: string; svg: string; numbers?: number }[]
    ).map((item, i) => ({ ...item, file: fileName(i === 0 ? 0 : first + i) }));
    // A payload the server refuses outright (not an SVG at all) is neutralised at upload;
    // a placeholder keeps its place so the raw passes can still show it to the browser guard.
    const store = async (item: (typeof items)[number]) => {
      let stored = await upload(projectId, item.file, item.svg);
      if (stored.status !== 201) {
        const placeholder = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>';
        stored = await upload(projectId, item.file, placeholder);
        expect(stored.status).toBe(201);
      }
      await attachBuildings(token, stored.id, [building]);
      return {
        id: stored.id,
        name: item.file,
        payload: item.name,
        svg: item.svg,
        numbers: item.numbers ?? 0,
      };
    };
    // The benign plan first (the apps open on it), the rest a few at a time.
    const uploaded = [await store(items[0]!)];
    for (let i = 1; i < items.length; i += 8)
      uploaded.push(...(await Promise.all(items.slice(i, i + 8).map(store))));
    await untilViewShows(projectId, (v) => (v as { plans: unknown[] }).plans.length === items.length);
    const order = (await api<{ plans: { name: string }[] }>('GET', `/api/v1/public/view/${projectId}`)).body
      .plans;
    const byName = new Map(uploaded.map((p) => [p.name, p]));
    const project = {
      id: projectId,
      label: `Hus ${text(0)}`,
      plans: [] as Plan[],
      stored: [] as Plan[],
      guarded: [] as Plan[],
      raw: [] as Plan[],
    };
    order.forEach(({ name }, index) => {
      const plan = {
        ...byName.get(name)!,
        key: plans.length,
        projectId,
        index,
        same: [],
        sameGuarded: [],
        sameRaw: [],
        stored: '',
      };
      plans.push(plan);
      project.plans.push(plan);
    });
    expect(project.plans[0]!.payload).toBe('benign');
    for (const plan of project.plans) {
      plan.stored = await storedMarkup(projectId, plan.id);
      fileUnder(plan, plan.stored, firstStoredAs, plan.same, project.stored);
    }
    projects.push(project);
  }
  // The guard over every stored markup and every raw payload: the apps show each markup it makes
  // once, as stored where a stored plan makes it.
  const guarded = await guardAll([...plans.map((p) => p.stored), ...plans.map((p) => p.svg)]);
  for (const raw of [false, true])
    for (const project of projects)
      for (const plan of project.plans) {
        const markup = guarded.keys[(raw ? plans.length : 0) + plan.key]!;
        if (raw) fileUnder(plan, markup, firstGuardedAs, plan.sameRaw, project.raw);
        else fileUnder(plan, markup, firstGuardedAs, plan.sameGuarded, project.guarded);
      }
  guardEffects = guarded.effects;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  console.log(
    `XSS corpus: ${XSS_CORPUS.length} payloads in ${projects.length} projects, stored as ${firstStoredAs.size} distinct markups; the browser guard cleans them, stored and raw, to ${firstGuardedAs.size} (${shownRaw()} from raw payloads only); seconds per renderer: ${JSON.stringify(durations)}`,
  );
});

/** The plan's markup as the server stored it (what the editor fetches). */
async function storedMarkup(projectId: number, fileId: number): Promise<string> {
  const res = await fetch(`${baseURL()}/api/v1/admin/plans/${projectId}/${fileId}/markup`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
  });
  expect(res.status).toBe(200);
  return res.text();
}

/**
 * Files `plan` under the markup it cleaned to (`markup`): the first plan cleaned to each markup
 * (and each project's benign plan) is shown, in `shown`, and its list `own` names every payload
 * cleaned to that markup, its own first: whom an effect found for it names.
 */
function fileUnder(
  plan: Plan,
  markup: string,
  firstAs: Map<string, string[]>,
  own: string[],
  shown: Plan[],
): void {
  const first = plan.index === 0 ? undefined : firstAs.get(markup);
  const names = first ?? own;
  if (!names.includes(plan.payload)) names.push(plan.payload);
  if (!first) {
    if (plan.index > 0) firstAs.set(markup, own);
    shown.push(plan);
  }
}

/**
 * Whom an effect of `plan` names in a pass: every payload that cleaned to the markup it shows
 * (as stored, for the server page; by the browser guard, for the apps' own paths).
 */
const payloadsOf = (plan: Plan, pass: 'server page' | 'stored' | 'raw'): string[] =>
  pass === 'server page' ? plan.same : pass === 'stored' ? plan.sameGuarded : plan.sameRaw;

/** How many plans the raw passes show (the benign ones apart): markups no stored plan cleans to. */
const shownRaw = () => projects.reduce((n, p) => n + p.raw.length - 1, 0);

/**
 * The browser guard (`guardPlan` of packages/shared, which both apps run on the markup they
 * fetch) over every raw payload in Chromium, in a watched page: the markup it makes of each,
 * with the editor's scope and with the widget's, as one key per payload (`'null'`: refused).
 */
async function guardAll(svgs: string[]): Promise<{ keys: string[]; effects: Survivor[] }> {
  const bundled = await build({
    entryPoints: [path.resolve(import.meta.dirname, '../packages/shared/src/plan/svg-guard.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'planvyGuard',
    write: false,
  });
  const page = await browser.context.newPage();
  try {
    const w = await watch(page);
    w.current.payloads = ['(the browser guard over every raw payload)'];
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
    const keys = await page.evaluate((markups) => {
      const { guardPlan } = (
        window as unknown as { planvyGuard: typeof import('@planvy/shared/plan/svg-guard') }
      ).planvyGuard;
      const serializer = new XMLSerializer();
      return markups.map((markup) =>
        [undefined, ':where(.pv-p1)']
          .map((scope) => {
            const root = guardPlan(markup, scope ? { scope } : {});
            return root ? serializer.serializeToString(root) : 'null';
          })
          .join('\u0000'),
      );
    }, svgs);
    return { keys, effects: w.effects };
  } finally {
    await page.close();
  }
}

async function upload(projectId: number, name: string, svg: string): Promise<{ status: number; id: number }> {
  // The answer as it is: the server refuses some payloads outright.
  const res = await overFetch(baseURL())({
    method: 'POST',
    url: `/api/v1/admin/file/${projectId}`,
    token,
    file: { name, bytes: svg, type: 'image/svg+xml' },
  });
  return { status: res.status, id: (res.body as { file?: { id: number } } | undefined)?.file?.id ?? 0 };
}

// ---------------------------------------------------------------------------
// Watching a page (and its frames)
// ---------------------------------------------------------------------------

/** Installed in every page (and the harness) by `watch`. */
interface PlanFindings {
  __planFindings: (planRoot: Element) => string[];
}

/** The computed style compared for every element outside the plan. */
const STYLE_PROPS = [
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

interface Watch {
  effects: Survivor[];
  /** Whom an effect names that cannot be traced to a frame. */
  current: { payloads: string[] };
}

/**
 * Hooks everything a payload could do to a page as a whole: dialogs and alert-like functions
 * (in every frame), requests to other origins, navigations and new windows.
 */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { effects: [], current: { payloads: ['(loading)'] } };
  const origin = new URL(baseURL()).origin;
  // Frames of the server page's harness are named by the index of the plan their page shows.
  const who = (frame: Frame | null) => {
    const plan = frame && /^\d+$/.test(frame.name()) ? plans[Number(frame.name())] : undefined;
    return plan ? payloadsOf(plan, 'server page') : w.current.payloads;
  };
  const hit = (effect: string, frame: Frame | null = null) => {
    for (const payload of who(frame)) w.effects.push({ payload, effect });
  };
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
    // What a shown plan holds that could run script or navigate: for the inspections below.
    (window as unknown as PlanFindings).__planFindings = (planRoot) => {
      const found: string[] = [];
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
          if (name === 'target' && el.localName === 'a' && v !== '_blank')
            found.push(`link target ${a.value}`);
        }
      }
      for (const a of Array.from(planRoot.querySelectorAll('a'))) {
        const href = a.getAttribute('href') ?? a.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
        if (href && /^https?:/i.test(href.trim()) && a.getAttribute('target') !== '_blank')
          found.push(`link ${href} opens in this window`);
      }
      return found;
    };
  });
  page.on('dialog', (d) => {
    hit(`dialog ${d.message()}`);
    void d.dismiss();
  });
  page.on('popup', (p) => hit(`opened a window ${p.url()}`));
  page.on('framenavigated', (frame) => {
    const url = new URL(frame.url());
    if (url.origin !== origin && url.href !== 'about:blank') hit(`navigated to ${frame.url()}`, frame);
  });
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith('http') || new URL(url).origin === origin) return;
    let frame: Frame | null = null;
    try {
      frame = req.frame();
    } catch {
      // A service worker's request has no frame.
    }
    hit(`request to ${url}`, frame);
  });
  return w;
}

// ---------------------------------------------------------------------------
// The server-rendered page, in frames of a harness page
// ---------------------------------------------------------------------------

const FRAMES_PER_BATCH = 10;

/** Loads widget pages into frames of the harness and resolves when they are loaded (and, with scripts, ready). */
function loadFrames(args: { pages: { url: string; name: string }[]; scripts: boolean }): Promise<void> {
  document.body.replaceChildren();
  const frames = args.pages.map(({ url, name }) => {
    const frame = document.createElement('iframe');
    // Without allow-scripts nothing of the page runs: a buyer with scripts off.
    if (!args.scripts) frame.setAttribute('sandbox', 'allow-same-origin');
    frame.name = name;
    frame.style.cssText = 'display:block;border:0;width:1280px;height:900px';
    const loaded = new Promise<void>((resolve) => (frame.onload = () => resolve()));
    frame.src = url;
    document.body.append(frame);
    return { frame, loaded };
  });
  const ready = ({ frame, loaded }: (typeof frames)[number]) =>
    loaded.then(async () => {
      if (!args.scripts) return;
      // The widget's script took over the server's page (or gave up; the inspection says so).
      for (let waited = 0; waited < 15_000; waited += 25) {
        const root = frame.contentDocument?.getElementById('root');
        if (root?.dataset.ready === '1') return;
        await new Promise((r) => setTimeout(r, 25));
      }
    });
  return Promise.all(frames.map(ready)).then(() => undefined);
}

interface PageSnapshot {
  /** Every element outside the plan: where it is, what it is and its computed style; and the fonts. */
  signatures: string[];
}

/**
 * Runs in the harness: what each frame's widget page, rendered with plan `indices[n]` first,
 * shows outside that plan and reads as its data, compared with `reference` (a harmless plan).
 */
function inspectFrames(args: {
  indices: number[];
  /** The apartment numbers each frame's plan shows. */
  numbers: number[];
  /** The building label every plan carries. */
  label: string;
  projectId: number;
  projectName: string;
  scripts: boolean;
  reference: PageSnapshot | null;
  props: string[];
}): { found: string[]; snapshot: PageSnapshot }[] {
  const SVG = 'http://www.w3.org/2000/svg';
  return Array.from(document.querySelectorAll('iframe'), (frame, n) => {
    const found: string[] = [];
    const doc = frame.contentDocument;
    const win = frame.contentWindow;
    if (!doc || !win) return { found: ['the page cannot be read'], snapshot: { signatures: [] } };
    for (const e of (win as unknown as { __effects?: string[] }).__effects ?? []) found.push(`called ${e}`);

    // The data block, found the widget's way (page-data.ts) and by its id.
    let block: Element | null = null;
    for (let el = doc.body?.lastElementChild ?? null; el && !block; el = el.previousElementSibling)
      if (el.localName === 'script' && el.id === 'pv-data' && el.getAttribute('type') === 'application/json')
        block = el;
    if (!block) found.push('no data block at the end of the page');
    else {
      try {
        const data = JSON.parse(block.textContent ?? '') as {
          view: { project: { id: number; name: string } };
        };
        const { id, name } = data.view.project;
        if (id !== args.projectId || name !== args.projectName)
          found.push(`the data reads as project ${id} ${name}`);
      } catch {
        found.push('the data block cannot be read');
      }
    }
    const byId = doc.getElementById('pv-data');
    if (byId !== block) found.push(`id pv-data names a <${byId?.localName}>`);
    if (args.scripts) {
      if (doc.getElementById('root')?.dataset.ready !== '1') found.push('the widget never became ready');
      const heading = doc.querySelector('h1')?.textContent;
      if (heading !== args.projectName) found.push(`the heading reads ${heading}`);
    }

    // The plan: the server's, all SVG, its ids in its own namespace, no live links or handlers.
    const index = args.indices[n]!;
    const svg = doc.querySelector('.pv-canvas > svg');
    if (!svg) found.push('the plan is not in the page');
    else {
      if (!svg.classList.contains(`pv-p${index}`))
        found.push(`the page shows plan ${svg.getAttribute('class')}`);
      const prefix = `pv-p${index}-`;
      for (const el of [svg, ...Array.from(svg.querySelectorAll('*'))]) {
        if (el.namespaceURI !== SVG) found.push(`<${el.localName}> in the plan is not SVG`);
        if (el.id && !el.id.startsWith(prefix)) found.push(`id ${el.id} in the plan`);
      }
      found.push(...(window as unknown as PlanFindings).__planFindings(svg));
      // The server drew the label and the numbers into the plan, their text as typed.
      const label = Array.from(svg.querySelectorAll('.pv-labels > .pv-label > text'), (t) => t.textContent);
      if (label.length !== 1 || label[0] !== args.label)
        found.push(`the label reads ${JSON.stringify(label)}`);
      const numbers = svg.querySelectorAll('.pv-nums > text').length;
      if (numbers !== args.numbers[n]) found.push(`${numbers} apartment numbers, not ${args.numbers[n]}`);
    }
    const inPlan = (el: Element | null) => !!el && !!svg && (el === svg || svg.contains(el));

    // Everything outside the plan, with its computed style (nav buttons by whether they are current).
    const signatures: string[] = [];
    const path = (el: Element) => {
      let p = '';
      for (let e: Element | null = el; e; e = e.parentElement)
        p = `${e.localName}${e.id ? `#${e.id}` : ''}.${e.getAttribute('class') ?? ''}>${p}`;
      return p;
    };
    for (const el of Array.from(doc.querySelectorAll('*'))) {
      if (inPlan(el)) continue;
      const current = el.getAttribute('aria-current') ? '[current]' : '';
      if (el.closest('head')) signatures.push(`${path(el)}${current}`);
      else {
        const cs = win.getComputedStyle(el);
        signatures.push(`${path(el)}${current} ${args.props.map((p) => cs.getPropertyValue(p)).join('|')}`);
      }
    }
    signatures.push(`selection ${win.getComputedStyle(doc.body, '::selection').backgroundColor}`);
    signatures.push(
      `fonts ${Array.from(doc.fonts, (f) => f.family)
        .sort()
        .join(',')}`,
    );
    signatures.sort();
    if (args.reference) {
      const count = (list: string[]) => {
        const m = new Map<string, number>();
        for (const s of list) m.set(s, (m.get(s) ?? 0) + 1);
        return m;
      };
      const mine = count(signatures);
      const theirs = count(args.reference.signatures);
      const diff: string[] = [];
      for (const [s, k] of mine) if ((theirs.get(s) ?? 0) < k) diff.push(`+ ${s}`);
      for (const [s, k] of theirs) if ((mine.get(s) ?? 0) < k) diff.push(`- ${s}`);
      if (diff.length) found.push(`the page outside the plan differs: ${diff.slice(0, 4).join(' ; ')}`);
    }

    // Nothing of the plan may be hit outside its stage.
    const stage = doc.querySelector('.pv-stage');
    if (stage && svg) {
      const box = stage.getBoundingClientRect();
      let covered = 0;
      for (let x = 3; x < 1280; x += 97)
        for (let y = 3; y < 900; y += 97) {
          if (x >= box.left - 1 && x <= box.right + 1 && y >= box.top - 1 && y <= box.bottom + 1) continue;
          if (inPlan(doc.elementFromPoint(x, y))) covered++;
        }
      if (covered) found.push(`covers ${covered} points outside the plan`);
    }
    return { found, snapshot: { signatures } };
  });
}

async function runServerPages(scripts: boolean): Promise<Survivor[]> {
  const page = await browser.context.newPage();
  const origin = new URL(baseURL()).origin;
  const url = (p: Plan) => `/view/${p.projectId}?plan=${encodeURIComponent(p.name)}`;
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    const w = await watch(page);
    // A blank page of the server's origin (served by the test), so it may read its frames.
    await page.route(`${origin}/xss-harness`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><body style="margin:0"></body></html>',
      }),
    );
    await page.goto('/xss-harness');
    // With a route in place Chromium's cache is off (Playwright): the frames would fetch and
    // compile the widget's scripts again for every page.
    await page.unroute(`${origin}/xss-harness`);
    const inspect = async (batch: Plan[], reference: PageSnapshot | null) => {
      await page.evaluate(loadFrames, {
        pages: batch.map((p) => ({ url: url(p), name: String(p.key) })),
        scripts,
      });
      return page.evaluate(inspectFrames, {
        indices: batch.map((p) => p.index),
        numbers: batch.map((p) => p.numbers),
        label: projects.find((p) => p.id === batch[0]!.projectId)!.label,
        projectId: batch[0]!.projectId,
        projectName: PROJECT_NAME,
        scripts,
        reference,
        props: STYLE_PROPS,
      });
    };

    for (const project of projects) {
      // The harmless plan first: the page as it must look whatever plan it shows.
      w.current.payloads = ['benign'];
      const [first] = await inspect([project.stored[0]!], null);
      expect(first!.found).toEqual([]);
      const reference = first!.snapshot;
      for (let start = 1; start < project.stored.length; start += FRAMES_PER_BATCH) {
        const batch = project.stored.slice(start, start + FRAMES_PER_BATCH);
        w.current.payloads = [`(one of ${batch.flatMap((p) => p.same).join(' | ')})`];
        const results = await inspect(batch, reference);
        results.forEach((r, n) => {
          for (const effect of r.found)
            for (const payload of batch[n]!.same) w.effects.push({ payload, effect });
        });
      }
    }
    w.current.payloads = ['(after the last page)'];
    await page.evaluate(() => document.body.replaceChildren());
    return w.effects;
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------------------
// The widget's own path and the admin editor, one plan after another in one page
// ---------------------------------------------------------------------------

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
  props: string[];
}) {
  const found: string[] = [];
  const w = window as unknown as { __effects?: string[] };
  for (const e of w.__effects ?? []) found.push(`called ${e}`);
  w.__effects = [];

  const stage = document.querySelector(args.stageSelector)!;
  const planRoot = (args.inShadow ? stage.shadowRoot : stage)?.querySelector(args.planSelector) ?? null;

  // Computed style of everything the test placed outside the plan, and of the page itself.
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
    snapshot[`${i}:${el.localName}.${el.getAttribute('class') ?? ''}`] = args.props
      .map((p) => cs.getPropertyValue(p))
      .join('|');
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
  for (let x = 3; x < innerWidth; x += 157) for (let y = 3; y < innerHeight; y += 157) points.push([x, y]);
  for (let x = box.left - 4; x <= box.right + 4; x += 40) points.push([x, box.top - 4], [x, box.bottom + 4]);
  for (let y = box.top - 4; y <= box.bottom + 4; y += 40) points.push([box.left - 4, y], [box.right + 4, y]);
  let covered = 0;
  for (const [x, y] of points) {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    if (x >= box.left - 1 && x <= box.right + 1 && y >= box.top - 1 && y <= box.bottom + 1) continue;
    if (inPlan(document.elementFromPoint(x, y))) covered++;
  }
  if (covered) found.push(`covers ${covered} points outside the plan`);

  if (planRoot) found.push(...(window as unknown as PlanFindings).__planFindings(planRoot));
  return { found, snapshot, planShown: !!planRoot };
}

interface App {
  /** Opens the app on a project (`first`: the page's first project). */
  open(page: Page, projectId: number, first: boolean): Promise<void>;
  /** Shows plan i and resolves once it is drawn (or refused by the app); runs in the page. */
  show: (args: { index: number; name: string }) => Promise<void>;
  stageSelector: string;
  /** The plan's root element within the stage (the widget's stage also holds icon SVGs). */
  planSelector: string;
  inShadow: boolean;
  /** The path of the request that carries `plan`'s markup, answered with the raw payload in raw passes. */
  rawPath(plan: Plan): string;
}

const widget: App = {
  stageSelector: '.pv-stage',
  planSelector: '.pv-canvas > svg',
  inShadow: false,
  async open(page, projectId) {
    await page.goto(`/view/${projectId}`);
    await page.waitForSelector('#root[data-ready="1"]');
  },
  // A click dispatched in the page (a payload that hid the page must not stop the run), then
  // every animation frame: is the plan (or the message that it cannot be shown) there?
  show: ({ index }) =>
    new Promise<void>((resolve, reject) => {
      document.querySelectorAll<HTMLButtonElement>('.pv-pages button')[index]!.click();
      const started = performance.now();
      const check = () => {
        const buttons = Array.from(document.querySelectorAll('.pv-pages button'));
        const current = buttons.findIndex((b) => b.getAttribute('aria-current') === 'page');
        if (
          document.querySelector(`.pv-canvas > svg.pv-p${index}`) ||
          (current === index && document.querySelector('.pv-stage-msg[role="alert"]'))
        )
          resolve();
        else if (performance.now() - started > 15_000) reject(new Error('the plan was never shown'));
        else requestAnimationFrame(check);
      };
      check();
    }),
  rawPath: (plan) => `/projects/${plan.projectId}/${plan.name}`,
};

const editor: App = {
  stageSelector: '[data-testid="plan-stage"]',
  planSelector: 'svg',
  inShadow: true,
  async open(page, projectId, first) {
    // Its own browser (runCorpus): signed in with the first project, then project after project.
    if (first) await signInAsAdmin(page, `/projects/${projectId}`);
    else await page.goto(`/projects/${projectId}`);
    await page.getByTestId('plan-stage').waitFor();
  },
  show: ({ index, name }) =>
    new Promise<void>((resolve, reject) => {
      const buttons = document.querySelectorAll<HTMLButtonElement>(
        'section[aria-labelledby="plan-viewer-title"] [role="group"] button',
      );
      buttons[index]!.click();
      const started = performance.now();
      const check = () => {
        if (
          document.querySelector('[data-testid="plan-file-name"]')?.textContent?.includes(name) &&
          document.querySelector('[data-testid="plan-stage"]:not([data-version=""])')
        )
          resolve();
        else if (performance.now() - started > 15_000) reject(new Error('the plan was never shown'));
        else requestAnimationFrame(check);
      };
      check();
    }),
  // The editor fetches each plan's markup on its own: the payload as it was, unsanitised.
  rawPath: (plan) => `/api/v1/admin/plans/${plan.projectId}/${plan.id}/markup`,
};

/**
 * Runs in the page before the app: the app's own requests for plan markup (by path) get the raw
 * payloads, as if the server's sanitiser had been skipped. In the page rather than a Playwright
 * route, which would turn Chromium's cache off and take a round trip through the test per plan.
 */
function answerRaw(markup: Record<string, string>) {
  const fetched = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const svg = url.origin === location.origin ? markup[decodeURIComponent(url.pathname)] : undefined;
    if (svg === undefined) return fetched(input, init);
    // Counted across the page's reloads, so the test knows the payloads were served.
    sessionStorage.setItem('raw-served', String(Number(sessionStorage.getItem('raw-served')) + 1));
    return Promise.resolve(new Response(svg, { status: 200, headers: { 'content-type': 'image/svg+xml' } }));
  };
}

async function runCorpus(app: App, raw: boolean): Promise<Survivor[]> {
  // The editor signs in, which a page of the same browser running beside it would share: its own browser.
  const own = app === editor ? await launch() : null;
  const page = await (own ?? browser).context.newPage();
  const inspectArgs = (baseline: Record<string, string> | null) => ({
    stageSelector: app.stageSelector,
    planSelector: app.planSelector,
    inShadow: app.inShadow,
    baseline,
    props: STYLE_PROPS,
  });
  const openApp = async (projectId: number, first = false) => {
    await app.open(page, projectId, first);
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PROBES);
    return (await page.locator(app.stageSelector).boundingBox())!;
  };
  /**
   * Over the plan, so hover and pointer handlers would fire (handler attributes are also looked
   * for, wherever they are): one move per plan, to one of two spots in turn, so the pointer
   * enters the new plan; it stays on the stage.
   */
  let spot = 0.35;
  const hover = async (box: { x: number; y: number; width: number; height: number }) => {
    spot = spot === 0.35 ? 0.65 : 0.35;
    await page.mouse.move(box.x + box.width * spot, box.y + box.height * spot);
  };
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    const w = await watch(page);
    if (raw)
      await page.addInitScript(answerRaw, Object.fromEntries(plans.map((p) => [app.rawPath(p), p.svg])));
    let opened = 0;
    for (const project of projects) {
      const shown = (raw ? project.raw : project.guarded).slice(1);
      // Raw, a project may have nothing to show that a stored plan has not shown already.
      if (shown.length === 0) continue;
      let box = await openApp(project.id, opened++ === 0);
      // The benign plan first: its own styles render, and it sets the baseline.
      w.current.payloads = ['benign'];
      await page.evaluate(app.show, { index: 0, name: project.plans[0]!.name });
      await hover(box);
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

      for (const plan of shown) {
        w.current.payloads = payloadsOf(plan, raw ? 'raw' : 'stored');
        try {
          await page.evaluate(app.show, { index: plan.index, name: plan.name });
          await hover(box);
          const result = await page.evaluate(inspect, inspectArgs(baseline));
          for (const effect of result.found)
            for (const payload of w.current.payloads) w.effects.push({ payload, effect });
        } catch (error) {
          // A payload that breaks the page is a survivor too; start the app again for the rest.
          const effect = `broke the page: ${(error as Error).message.split('\n')[0]}`;
          for (const payload of w.current.payloads) w.effects.push({ payload, effect });
          box = await openApp(project.id);
        }
      }
    }
    w.current.payloads = ['(after the last plan)'];
    if (raw) {
      // Every plan shown after each project's benign one came to the app as its raw payload.
      const served = Number(await page.evaluate(() => sessionStorage.getItem('raw-served')));
      expect(served).toBeGreaterThanOrEqual(shownRaw());
    }
    return w.effects;
  } finally {
    await page.close();
    await own?.close();
  }
}

/** What each kind of pass shows of the corpus (once the projects are arranged). */
const shownIn = {
  serverPage: () => `${firstStoredAs.size} distinct stored markups`,
  stored: () => `the ${firstGuardedAs.size - shownRaw()} markups the guard makes of stored plans`,
  raw: () => `the ${shownRaw()} markups the guard makes of raw payloads only`,
};

/** Survivors are payloads with an effect; every effect is listed. */
const report = (renderer: string, shown: string, effects: Survivor[]) =>
  console.log(
    `XSS corpus, ${renderer}: ${XSS_CORPUS.length} payloads (shown as ${shown})` +
      `, ${new Set(effects.map((e) => e.payload)).size} survivors` +
      ` (${effects.length} effects)` +
      effects.map((s) => `\n  - ${s.payload}: ${s.effect}`).join(''),
  );

/**
 * Two renderers at a time, each in its own page (the editor in its own browser): a run mostly
 * waits for the browser or the server, and the machine has two cores.
 */
let slots = 2;
const waiting: (() => void)[] = [];
async function inLane<T>(run: () => Promise<T>): Promise<T> {
  if (slots > 0) slots--;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else slots++;
  }
}

/** Runs one renderer over the corpus, timed (seconds, printed after the file). */
function timed(renderer: string, shown: string, run: () => Promise<Survivor[]>): Promise<Survivor[]> {
  return inLane(async () => {
    const started = Date.now();
    const survivors = await run();
    durations[renderer] = Math.round((Date.now() - started) / 100) / 10;
    report(renderer, shown, survivors);
    return survivors;
  });
}

describe('the XSS corpus', () => {
  it('has well over 250 payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThan(250);
  });

  it('browser guard: nothing takes effect while it cleans every raw payload and every stored plan', () => {
    report('browser guard alone, raw and stored', 'every payload, raw and stored', guardEffects);
    expect(guardEffects).toEqual([]);
    // The apps' own paths show each markup it made (and each project's benign plan) once.
    expect(firstGuardedAs.size).toBeGreaterThan(50);
  });
});

// The longest first (the editor over stored plans), so that the two lanes end together.
describe.concurrent('the XSS corpus in real Chromium, in every renderer of plans', () => {
  it('admin editor: nothing takes effect, as stored by the server', async ({ expect }) => {
    expect(await timed('admin editor, stored', shownIn.stored(), () => runCorpus(editor, false))).toEqual([]);
  }, 600_000);

  it('server-rendered widget page, scripts on: nothing takes effect, the widget reads its own view', async ({
    expect,
  }) => {
    expect(await timed('server page, scripts on', shownIn.serverPage(), () => runServerPages(true))).toEqual(
      [],
    );
  }, 600_000);

  it('widget client path: nothing takes effect, as stored by the server', async ({ expect }) => {
    expect(
      await timed('widget client path, stored', shownIn.stored(), () => runCorpus(widget, false)),
    ).toEqual([]);
  }, 600_000);

  it('admin editor: nothing takes effect from raw markup either (browser guard alone)', async ({
    expect,
  }) => {
    expect(await timed('admin editor, raw', shownIn.raw(), () => runCorpus(editor, true))).toEqual([]);
  }, 600_000);

  it('server-rendered widget page, scripts off: nothing takes effect', async ({ expect }) => {
    expect(
      await timed('server page, scripts off', shownIn.serverPage(), () => runServerPages(false)),
    ).toEqual([]);
  }, 600_000);

  it('widget client path: nothing takes effect from raw markup either (browser guard alone)', async ({
    expect,
  }) => {
    expect(await timed('widget client path, raw', shownIn.raw(), () => runCorpus(widget, true))).toEqual([]);
  }, 600_000);
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
      await signInAsAdmin(page, `/projects/${id}`);
      const zone = page.getByTestId('plan-stage').locator(`[id="${apartment}"]`);
      await expect.poll(() => zone.getAttribute('data-pv-state')).toBe('s-sale');
    } finally {
      await page.close();
    }
  });
});
