/**
 * Apartments table figures (issue 4), printed, never asserted:
 *   1. time from navigation start until the project page's table shows rows, 5,000 apartments;
 *   2. time from a search keystroke to the table's DOM update (and to the next frame), median;
 *   3. scroll smoothness: frame times while the table is scrolled programmatically;
 *   4. v2 mass status update of 1,000 apartments, timed from the browser.
 * Budgets: search within about two frames (33 ms); mass update under 1 s.
 * Wall-clock figures move with the machine's load (printed first); the main-thread CPU per
 * keystroke is what a search costs the browser whatever else is running.
 *
 * It builds nothing: run `npm run build` first. It starts the production server the way
 * e2e/global-setup.ts does, on a free port with a fresh data directory, and stops it after.
 *   node --import tsx scripts/bench/apartments-table.ts     (or: npm run bench -- apartments)
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/support/chromium';
import { ADMIN, call, createBenchProject, startServer } from '../../e2e/support/server';

const APARTMENTS = 5000;
const MASS_UPDATE = 1000;
const FRAME_MS = 1000 / 60;
const SEARCH_BUDGET_MS = 2 * FRAME_MS;
const MASS_BUDGET_MS = 1000;
/** Each keystroke changes which rows match, so each one updates the table. */
const KEYS = ['5', '5', '5', 'Backspace', 'Backspace', 'Backspace', '7', '7', 'Backspace', 'Backspace'];

declare global {
  interface Window {
    __bench?: {
      firstRowAt?: number;
      keyAt?: number;
      domMs: number[];
      frameMs: number[];
    };
  }
}

/** A sale project with APARTMENTS apartments, written by one import call. */
async function arrangeProject(baseURL: string): Promise<{ projectId: number; importMs: number }> {
  const { token, projectId } = await createBenchProject(baseURL, `Bench ${APARTMENTS}`);
  const statuses = ['Till salu', 'Såld', 'Bokad', 'Reserverad', 'Kommande'];
  const lines = ['Bostad\tRum\tVåning\tBoarea\tPris\tAvgift\tStatus\tBeskrivning'];
  for (let i = 0; i < APARTMENTS; i++) {
    lines.push(
      [
        String(1001 + i),
        `${(i % 5) + 1} rok`,
        String((i % 12) + 1),
        `${45 + (i % 80)},5`,
        String(1_500_000 + i * 1000),
        String(2500 + (i % 30) * 50),
        statuses[i % statuses.length],
        i % 9 === 0 ? 'Balkong i söderläge' : '',
      ].join('\t'),
    );
  }
  const started = performance.now();
  const result = await call<{ summary: { new: number } }>(
    baseURL,
    'POST',
    `/api/v1/admin/apartments/${projectId}/import?apply=1`,
    token,
    { csv_base64: Buffer.from(lines.join('\r\n'), 'utf8').toString('base64') },
  );
  const importMs = performance.now() - started;
  if (result.summary.new !== APARTMENTS) throw new Error(`import wrote ${result.summary.new} apartments`);
  return { projectId, importMs };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');

/** Records, from the first byte, when a table row first appears. */
async function installProbes(page: Page) {
  // tsx names functions with an `__name` helper that does not exist inside the page.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.addInitScript(() => {
    window.__bench = { domMs: [], frameMs: [] };
    const seen = new MutationObserver(() => {
      if (document.querySelector('[data-apartment-id]')) {
        window.__bench!.firstRowAt = performance.now();
        seen.disconnect();
      }
    });
    seen.observe(document, { childList: true, subtree: true });
  });
}

type Metrics = Record<string, number>;
async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

async function measureSearch(
  page: Page,
): Promise<{ dom: number[]; frame: number[]; cpuMs: number; scriptMs: number; layoutMs: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const search = page.getByLabel('Sök lägenheter');
  await search.click();
  await page.evaluate(() => {
    const bench = window.__bench!;
    const input = document.activeElement as HTMLInputElement;
    // The keystroke's own timestamp (same clock as performance.now()).
    input.addEventListener('keydown', (event) => (bench.keyAt = event.timeStamp), true);
    const viewport = document.querySelector('[data-testid="apartments-viewport"]')!;
    new MutationObserver(() => {
      const keyAt = bench.keyAt;
      if (keyAt === undefined) return;
      bench.keyAt = undefined;
      bench.domMs.push(performance.now() - keyAt);
      requestAnimationFrame(() => setTimeout(() => bench.frameMs.push(performance.now() - keyAt), 0));
    }).observe(viewport, { childList: true, subtree: true, characterData: true });
  });
  const before = await metrics(cdp);
  for (let i = 0; i < KEYS.length; i++) {
    // Keys go to the focused input directly, so no locator work runs in the page between keystrokes.
    await page.keyboard.press(KEYS[i]!);
    await page.waitForFunction((n) => (window.__bench?.frameMs.length ?? 0) >= n, i + 1, { timeout: 10_000 });
  }
  const after = await metrics(cdp);
  await cdp.detach();
  // Main-thread CPU per keystroke: what a search costs on an idle machine, whatever the load here.
  const per = (name: string) => (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / KEYS.length;
  const samples = await page.evaluate(() => ({ dom: window.__bench!.domMs, frame: window.__bench!.frameMs }));
  return {
    ...samples,
    cpuMs: per('ThreadTime'),
    scriptMs: per('ScriptDuration'),
    layoutMs: per('LayoutDuration') + per('RecalcStyleDuration'),
  };
}

async function measureScroll(page: Page) {
  return page.evaluate(async () => {
    const viewport = document.querySelector<HTMLElement>('[data-testid="apartments-viewport"]')!;
    viewport.scrollIntoView({ block: 'center' });
    viewport.scrollTop = 0;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const frames: number[] = [];
    const step = 90; // px per frame, about two rows: a brisk wheel scroll
    const duration = 3000;
    return new Promise<{ frames: number[]; distance: number; rowsSeen: number }>((resolve) => {
      const ids = new Set<string>();
      let last = performance.now();
      const start = last;
      const tick = (now: number) => {
        frames.push(now - last);
        last = now;
        for (const el of viewport.querySelectorAll('[data-apartment-id]'))
          ids.add(el.getAttribute('data-apartment-id')!);
        viewport.scrollTop += step;
        if (now - start < duration) requestAnimationFrame(tick);
        else resolve({ frames: frames.slice(1), distance: viewport.scrollTop, rowsSeen: ids.size });
      };
      requestAnimationFrame(tick);
    });
  });
}

async function measureMassUpdate(page: Page, projectId: number): Promise<number[]> {
  return page.evaluate(
    async ({ projectId, count }) => {
      const token = localStorage.getItem('user-token');
      const list = (await (
        await fetch(`/api/v1/admin/apartments/${projectId}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { apartments: { id: number }[] };
      const ids = list.apartments.slice(0, count).map((a) => a.id);
      const times: number[] = [];
      for (const status of ['upcoming', 'reserved', 'sale']) {
        const started = performance.now();
        const res = await fetch('/api/v2/apartments/update-status', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ apartments: ids, status, projectId }),
        });
        const body = (await res.json()) as { apartments?: unknown[] };
        times.push(performance.now() - started);
        if (!res.ok || body.apartments?.length !== count)
          throw new Error(`mass update failed: ${res.status}`);
      }
      return times;
    },
    { projectId, count: MASS_UPDATE },
  );
}

export async function run(): Promise<void> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const { projectId, importMs } = await arrangeProject(server.baseURL);
    const page = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
    await page.goto('/login');
    await page.getByLabel('E-post').fill(ADMIN.email);
    await page.getByLabel('Lösenord', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL('**/projects');

    await installProbes(page);
    await page.goto(`/projects/${projectId}`);
    await page.waitForFunction(() => window.__bench?.firstRowAt !== undefined, undefined, {
      timeout: 60_000,
    });
    const firstRowMs = await page.evaluate(() => window.__bench!.firstRowAt!);
    const listMs = await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .find((e) => /\/api\/v1\/admin\/apartments\/\d+$/.test(e.name))?.duration ?? NaN,
    );
    const domRows = await page.locator('[data-apartment-id]').count();

    const search = await measureSearch(page);
    await page.getByLabel('Sök lägenheter').fill('');
    await page.getByText(`Visar ${APARTMENTS} av ${APARTMENTS}`).waitFor();
    const scroll = await measureScroll(page);
    const mass = await measureMassUpdate(page, projectId);

    const fps = scroll.frames.length / (scroll.frames.reduce((a, b) => a + b, 0) / 1000);
    const janky = scroll.frames.filter((f) => f > 1.5 * FRAME_MS).length;
    const long = scroll.frames.filter((f) => f > 50).length;
    const searchDom = median(search.dom);
    const searchFrame = median(search.frame);
    const massMedian = median(mass);

    const load = os.loadavg()[0]!.toFixed(1);
    console.log(
      `Project with ${APARTMENTS} apartments (one import call: ${ms(importMs)}); load average ${load} on ${os.cpus().length} cores`,
    );
    console.log(
      `  table shows rows     ${ms(firstRowMs)} after navigation start (GET apartments ${ms(listMs)}; ${domRows} rows in the DOM)`,
    );
    const frames = (n: number) => `${(n / FRAME_MS).toFixed(1)} frames`;
    console.log(
      `  search keystroke     median ${ms(searchDom)} (${frames(searchDom)}) to the table's DOM update: ` +
        `budget ${ms(SEARCH_BUDGET_MS)}: ${verdict(searchDom <= SEARCH_BUDGET_MS)}`,
    );
    console.log(
      `                       median ${ms(searchFrame)} (${frames(searchFrame)}) until the frame after it, ` +
        `max ${ms(Math.max(...search.frame))}, ${search.dom.length} keystrokes`,
    );
    console.log(
      `                       main-thread CPU per keystroke ${ms(search.cpuMs)} (script ${ms(search.scriptMs)}, style and layout ${ms(search.layoutMs)})`,
    );
    console.log(
      `  scroll               ${scroll.frames.length} frames in 3 s, ${fps.toFixed(0)} fps, p95 frame ${ms(percentile(scroll.frames, 95))}, ` +
        `${janky} frames over 25 ms, ${long} over 50 ms; ${scroll.distance} px, ${scroll.rowsSeen} distinct rows rendered`,
    );
    console.log(
      `  mass update ${MASS_UPDATE}     median ${ms(massMedian)} (${mass.map(ms).join(', ')}); budget ${ms(MASS_BUDGET_MS)}: ${verdict(massMedian < MASS_BUDGET_MS)}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
