/**
 * Widget figures (issues 6 and 14), printed, never asserted:
 *   1. JS and CSS gzipped: the first-paint entry (≤ 25 KB), what a buyer downloads without
 *      interacting (the entry and the chunks the page fetches when idle, ≤ 30 KB), each chunk
 *      loaded on demand, the total, and the CSS (≤ 10 KB);
 *   2. time from navigation start until a 1,000-zone plan is coloured on screen, in Chromium
 *      with the CPU throttled ×4 and a cold browser, for the widget page and for a static HTML
 *      page holding the same already-coloured SVG served by a bare node:http server (the
 *      physical limit), in the same run, and their ratio (goals ≤ 400 ms and ≤ 1.2). Both are
 *      measured the same way (ADR 016): an init script checks each animation frame whether the
 *      1,000 zones exist with their status fill, and takes the time of the first frame where
 *      they do (that frame renders them);
 *   3. requests/second of GET /api/v1/public/view/{id} beside a bare node:http server
 *      returning the same bytes, measured in the same run, against the ≥ 0.5 ratio.
 * It builds nothing: run `npm run build` first. It starts the production server the
 * way e2e/global-setup.ts does, on a random port with a fresh data directory.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { arrange, overFetch } from '@planvy/shared/test/arrange';
import { launchChromium } from '../../e2e/support/chromium';
import {
  call,
  createBenchProject,
  freePort,
  root,
  startServer,
  stop,
  waitFor,
} from '../../e2e/support/server';

export { startServer };

const widgetDist = path.join(root, 'apps/widget/dist');
const ZONES = 1000;
const LOAD_SECONDS = 2.5;
const CONCURRENCY = 32;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** Chunks the page fetches once it is idle, without the buyer doing anything (main.tsx). */
const IDLE_PREFETCH = ['plan-prepare.js'];
const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');

/** A project with ZONES apartments, all drawn on one plan, arranged through the API. */
export async function arrangeProject(baseURL: string): Promise<number> {
  const { token, projectId } = await createBenchProject(baseURL, 'Bench 1000');
  await call(baseURL, 'POST', `/api/v1/admin/settings/${projectId}`, token, {
    name: 'show_status',
    value: '1',
  });
  const builders = arrange(overFetch(baseURL), token);
  const statuses = ['sale', 'sold', 'reserved', 'preorder', 'upcoming'];
  const ids: number[] = new Array<number>(ZONES);
  let next = 0;
  // A few requests at a time: PGlite is single-threaded and the machine has two cores.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < ZONES) {
        const i = next++;
        const apartment = await builders.apartment(projectId, {
          bostad: String(1001 + i),
          rooms: String((i % 5) + 1),
          floor: String(Math.floor(i / 40)),
          square: 30 + (i % 90),
          price: 1_500_000 + i * 1000,
          fee: 2000 + (i % 3000),
          status: statuses[i % statuses.length],
          inactive: i % 37 === 0 ? '1' : '0',
        });
        ids[i] = apartment.id;
      }
    }),
  );
  // 40 × 25 grid of zones drawn as paths, as exported plans usually are.
  const zones = ids.map((id, i) => {
    const x = (i % 40) * 25;
    const y = Math.floor(i / 40) * 25;
    return `<path id="${id}" data-bostad="${1001 + i}" d="M${x + 1} ${y + 1}h23v23h-23z" fill="#ddd" stroke="#555" stroke-width="0.5"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 625"><rect width="1000" height="625" fill="#fafafa"/><g id="zones">${zones.join('')}</g></svg>`;
  await builders.plan(projectId, { name: 'plan-1000.svg', markup: svg });
  return projectId;
}

/**
 * Gzip sizes: what the page loads before its first paint (the entry script and stylesheet
 * named in index.html) apart from each chunk loaded on demand.
 */
function bundleSizes(): { js: number; css: number; lazy: { name: string; size: number }[]; embed: number } {
  const assets = path.join(widgetDist, 'assets');
  if (!fs.existsSync(assets)) throw new Error('apps/widget/dist is missing: run "npm run build" first');
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  const html = fs.readFileSync(path.join(widgetDist, 'index.html'), 'utf8');
  const sizes = { js: 0, css: 0, lazy: [] as { name: string; size: number }[] };
  // The build's own .br and .gz copies (scripts/vite-precompress.ts) are not counted again.
  for (const f of fs.readdirSync(assets).sort()) {
    if (/\.(br|gz)$/.test(f)) continue;
    const size = gz(path.join(assets, f));
    const initial = html.includes(`/assets/${f}`);
    if (initial && f.endsWith('.js')) sizes.js += size;
    else if (initial && f.endsWith('.css')) sizes.css += size;
    else sizes.lazy.push({ name: f.replace(/-[\w-]{8}\./, '.'), size });
  }
  const embedFile = path.join(widgetDist, 'embed.js');
  return { ...sizes, embed: fs.existsSync(embedFile) ? gz(embedFile) : 0 };
}

/**
 * Runs in every page before its own scripts: at each animation frame, checks whether the
 * 1,000 zones are in the document with their status fill, and records the time of the first
 * frame where they are: that frame renders them (its style, layout and paint follow at once).
 * The same script and the same check for the widget and for the static page. (A task queued
 * from that frame would run after the paint, but also after whatever else is queued, such as
 * the widget's hydration, which does not delay the painted plan.)
 */
const COLOURED_PROBE = `(() => {
  const check = () => {
    const zones = document.querySelectorAll('.pv-zone[data-pv-id]');
    if (zones.length === ${ZONES} && getComputedStyle(zones[0]).fill !== 'rgb(221, 221, 221)') {
      window.__colouredAt = performance.now();
      performance.mark('pv-coloured');
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

interface LoadTiming {
  /** Navigation start → 1,000 zones coloured on screen. */
  coloured: number;
  /** Navigation start → the widget's script has taken over (data-ready); NaN for the static page. */
  ready: number;
}

/**
 * Loads one URL with the CPU throttled ×4 in a fresh browser context (empty HTTP cache),
 * navigating a new tab straight to it ("cold": it includes starting a renderer).
 */
async function timeToColoured(browser: Browser, url: string, widget: boolean): Promise<LoadTiming> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(COLOURED_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    // Slow polling: Playwright's default (every animation frame) would compete with the page
    // for the throttled main thread and inflate the figure.
    // Functions, not strings: a string predicate is evaluated with eval, which the widget's CSP refuses.
    await (widget
      ? page.waitForFunction(
          () => '__colouredAt' in window && document.getElementById('root')?.dataset.ready === '1',
          undefined,
          { polling: 250, timeout: 30_000 },
        )
      : page.waitForFunction(() => '__colouredAt' in window, undefined, { polling: 250, timeout: 30_000 }));
    // A string, not a function: tsx would wrap named helpers in calls the page cannot see.
    return await page.evaluate<LoadTiming>(`({
      coloured: window.__colouredAt,
      ready: performance.getEntriesByName('pv-plan-ready')[0]?.startTime ?? NaN,
    })`);
  } finally {
    await context.close();
  }
}

/**
 * The physical limit: one HTML page holding the widget page's own coloured plan (its SVG and the
 * inlined status and theme CSS, which is what colours it) and nothing else: no stylesheet, no
 * script, no data. Served by node:http in its own process.
 */
async function startStaticPage(widgetHtml: string): Promise<{ url: string; close: () => Promise<void> }> {
  const svg = /<svg[\s\S]*<\/svg>/.exec(widgetHtml)?.[0];
  const css = /<style id="pv-page-css">[\s\S]*?<\/style>/.exec(widgetHtml)?.[0];
  if (!svg || !css)
    throw new Error('the widget page holds no server-rendered plan: is the widget server bundle built?');
  const page =
    `<!doctype html><html lang="sv"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Static</title>${css}<style>.pv-plan-svg{display:block;width:100%;height:auto}</style></head>` +
    `<body>${svg}</body></html>`;
  return startBareServer(Buffer.from(page), 'text/html; charset=utf-8');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  tdur?: number;
}

/**
 * Main-thread CPU time (trace thread durations, no throttling) from navigation to the frame
 * that renders the coloured zones. Unlike wall time it hardly grows when other work shares
 * the machine, so it says what each page itself costs.
 */
async function cpuToColoured(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(COLOURED_PROBE);
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'blink.user_timing',
      ],
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => '__colouredAt' in window, undefined, { polling: 250, timeout: 30_000 });
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
      .traceEvents;
    const mark = events.find((e) => e.name === 'pv-coloured' && e.cat?.includes('user_timing'));
    if (!mark) throw new Error('no pv-coloured mark in the trace');
    const from =
      events
        .filter((e) => e.name === 'navigationStart' && e.pid === mark.pid && e.ts <= mark.ts)
        .sort((a, b) => b.ts - a.ts)[0]?.ts ?? 0;
    let cpu = 0;
    for (const e of events) {
      if (e.pid !== mark.pid || e.tid !== mark.tid || e.ph !== 'X' || e.name !== 'RunTask') continue;
      if (e.ts >= from && e.ts <= mark.ts && e.tdur !== undefined) cpu += e.tdur / 1000;
    }
    return cpu;
  } finally {
    await context.close();
  }
}

const RUNS = 11;

/** Widget and static page loaded in turn, RUNS times each, in one browser: their medians and ratio. */
async function reportColoured(baseURL: string, projectId: number): Promise<void> {
  const widgetUrl = `${baseURL}/view/${projectId}`;
  const html = await (await fetch(widgetUrl)).text();
  console.log(
    `widget page HTML    ${kb(Buffer.byteLength(html))}, ${kb(zlib.gzipSync(html, { level: 6 }).length)} gzip (plan, view data and CSS inlined)`,
  );
  const staticPage = await startStaticPage(html);
  const browser = await launchChromium();
  const widget: LoadTiming[] = [];
  const bare: LoadTiming[] = [];
  const cpu = { widget: [] as number[], bare: [] as number[] };
  try {
    for (let i = 0; i < RUNS; i++) {
      widget.push(await timeToColoured(browser, widgetUrl, true));
      bare.push(await timeToColoured(browser, staticPage.url, false));
    }
    for (let i = 0; i < 5; i++) {
      cpu.widget.push(await cpuToColoured(browser, widgetUrl));
      cpu.bare.push(await cpuToColoured(browser, staticPage.url));
    }
  } finally {
    await browser.close();
    await staticPage.close();
  }
  const w = median(widget.map((t) => t.coloured));
  const b = median(bare.map((t) => t.coloured));
  const list = (ts: LoadTiming[], k: keyof LoadTiming) => ts.map((t) => t[k].toFixed(0)).join(', ');
  console.log(`${ZONES} zones coloured on screen, CPU ×4, cold (median of ${RUNS}):`);
  console.log(
    `    widget page        ${w.toFixed(0).padStart(5)} ms   goal ≤ 400 ms   ${verdict(w <= 400)}   [${list(widget, 'coloured')}]`,
  );
  console.log(
    `    static HTML page   ${b.toFixed(0).padStart(5)} ms   (node:http, same coloured SVG)   [${list(bare, 'coloured')}]`,
  );
  console.log(
    `    ratio              ${(w / b).toFixed(2).padStart(5)}      goal ≤ 1.2      ${verdict(w / b <= 1.2)}`,
  );
  const cw = median(cpu.widget);
  const cb = median(cpu.bare);
  console.log(
    `    main-thread CPU to that frame, unthrottled (trace, median of 5): widget ${cw.toFixed(0)} ms, ` +
      `static ${cb.toFixed(0)} ms, ratio ${(cw / cb).toFixed(2)}`,
  );
  console.log(
    `    widget interactive (script ran, plan adopted): median ${median(widget.map((t) => t.ready)).toFixed(0)} ms   [${list(widget, 'ready')}]`,
  );
}

/** Requests completed in `seconds` by CONCURRENCY keep-alive loops. */
async function load(url: string, seconds: number): Promise<{ rps: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const req = http.get(url, { agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode === 200) done++;
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) await once();
    }),
  );
  agent.destroy();
  return { rps: done / ((Date.now() - started) / 1000), errors };
}

/**
 * The baseline: node:http answering every request with the same bytes and content type,
 * in its own process like the real server, so neither shares a core with the load loop.
 */
async function startBareServer(
  body: Buffer,
  contentType = 'application/json; charset=utf-8',
): Promise<{ url: string; close: () => Promise<void> }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-bare-')), 'body');
  fs.writeFileSync(file, body);
  const port = await freePort();
  const code = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': ${JSON.stringify(contentType)}, 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url, child, () => '');
  return {
    url,
    async close() {
      await stop(child);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`;

export async function run(): Promise<void> {
  // Timings on a shared machine depend on what else runs: say how busy it was, before and after.
  console.log(`${loadAverage()} (timings are noisy on a shared machine: run twice and compare)`);
  const sizes = bundleSizes();
  const lazyTotal = sizes.lazy.reduce((n, c) => n + c.size, 0);
  const lazyJs = sizes.lazy.filter((c) => c.name.endsWith('.js')).reduce((n, c) => n + c.size, 0);
  console.log(
    `widget JS, first paint (gzip) ${kb(sizes.js).padStart(9)}   goal ≤ 25 KB   ${verdict(sizes.js <= 25 * 1024)}`,
  );
  const idle = sizes.lazy.filter((c) => IDLE_PREFETCH.includes(c.name)).reduce((n, c) => n + c.size, 0);
  console.log(
    `widget JS, no interaction     ${kb(sizes.js + idle).padStart(9)}   goal ≤ 30 KB   ${verdict(sizes.js + idle <= 30 * 1024)}   (${sizes.js + idle} bytes: first paint + ${IDLE_PREFETCH.join(', ')} when idle)`,
  );
  for (const c of sizes.lazy) console.log(`    on demand  ${c.name.padEnd(22)} ${kb(c.size).padStart(9)}`);
  console.log(
    `widget JS, total (gzip)       ${kb(sizes.js + lazyJs).padStart(9)}   (with every chunk on demand)`,
  );
  console.log(
    `widget CSS, first paint (gzip)${kb(sizes.css).padStart(9)}   budget ≤ 10 KB   ${verdict(sizes.css <= 10 * 1024)}   (on demand ${kb(lazyTotal - lazyJs)})`,
  );
  console.log(`embed.js (gzip)               ${kb(sizes.embed).padStart(9)}`);

  const server = await startServer();
  try {
    const projectId = await arrangeProject(server.baseURL);
    const viewUrl = `${server.baseURL}/api/v1/public/view/${projectId}`;
    const body = Buffer.from(await (await fetch(viewUrl)).arrayBuffer());

    await reportColoured(server.baseURL, projectId);
    console.log(`    ${loadAverage()}`);

    const bare = await startBareServer(body);
    try {
      // Warm both up, then measure one after the other in the same run.
      await load(viewUrl, 0.5);
      await load(bare.url, 0.5);
      const api = await load(viewUrl, LOAD_SECONDS);
      const baseline = await load(bare.url, LOAD_SECONDS);
      const ratio = api.rps / baseline.rps;
      console.log(
        `public view body    ${kb(body.length)} JSON, ${CONCURRENCY} keep-alive connections, ${LOAD_SECONDS} s each`,
      );
      console.log(
        `GET public view     ${api.rps.toFixed(0).padStart(7)} req/s${api.errors ? `  (${api.errors} errors)` : ''}`,
      );
      console.log(
        `bare node:http      ${baseline.rps.toFixed(0).padStart(7)} req/s${baseline.errors ? `  (${baseline.errors} errors)` : ''}`,
      );
      console.log(
        `ratio               ${ratio.toFixed(2).padStart(7)}         budget ≥ 0.5     ${verdict(ratio >= 0.5)}`,
      );
    } finally {
      await bare.close();
    }
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
