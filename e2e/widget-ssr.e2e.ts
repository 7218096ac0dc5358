import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, baseURL, freshPage, launch } from './support/browser';
import { signInAsAdmin, toastSeen } from './support/session';
import { hostPage } from './support/host-page';
import { paintedColours } from './support/pixels';
import { addApartment, createProject, svgDoc, uploadFile, zoneRect } from './support/widget-fixtures';

/**
 * The widget page rendered on the server (issue 14, ADR 016): the coloured plan is in the HTML,
 * so it is on screen without any script; the script then takes over the very same plan.
 */

let browser: Awaited<ReturnType<typeof launch>>;
let noScript: Awaited<ReturnType<typeof launch>>;
let token: string;

beforeAll(async () => {
  token = await adminToken();
  browser = await launch();
  noScript = await launch({ javaScriptEnabled: false });
});
afterAll(async () => {
  await browser.close();
  await noScript.close();
});

/** A project with a sold and an available apartment drawn on one plan. */
async function arrange(name: string) {
  const projectId = await createProject(token, name);
  const ids: Record<string, number> = {};
  for (const [bostad, status] of [
    ['S-1', 'sale'],
    ['S-2', 'sold'],
  ] as const) {
    ids[bostad] = await addApartment(token, projectId, { bostad, rooms: '2', status, file_name: 'plan.svg' });
  }
  await uploadFile(
    token,
    projectId,
    'plan.svg',
    svgDoc(zoneRect(ids['S-1']!, 'S-1', 20, 20) + zoneRect(ids['S-2']!, 'S-2', 150, 20)),
  );
  return { projectId, ids };
}

/** The fill a status's zones get from the project's look (the styles' defaults here). */
async function statusFill(page: import('playwright-core').Page, alias: string) {
  return page.evaluate(
    (a) => getComputedStyle(document.documentElement).getPropertyValue(`--pv-${a}-svg`).trim(),
    alias,
  );
}

const rgb = (hex: string) => {
  const n = parseInt(hex.replace('#', ''), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe('the server-rendered widget page', () => {
  it('shows the plan coloured by status with JavaScript disabled', async () => {
    const { projectId, ids } = await arrange('SSR no script');
    const page = await noScript.context.newPage();
    await page.goto(`/view/${projectId}`);
    expect(await page.evaluate(() => document.getElementById('root')?.dataset.ready)).toBeUndefined(); // no widget script ran
    const sale = page.locator(`.pv-zone[data-pv-id="${ids['S-1']}"]`);
    const sold = page.locator(`.pv-zone[data-pv-id="${ids['S-2']}"]`);
    await sale.waitFor();
    expect(await sale.isVisible()).toBe(true);
    const fills = await page.evaluate(
      ([a, b]) =>
        [a, b].map((id) => getComputedStyle(document.querySelector(`.pv-zone[data-pv-id="${id}"]`)!).fill),
      [ids['S-1'], ids['S-2']],
    );
    expect(fills[0]).toBe(rgb(await statusFill(page, 'sale')));
    // Sold zones are hatched, a cue besides colour (ADR 026), drawn without script too.
    expect(fills[1]).toBe(`url("#pv-hatch") ${rgb(await statusFill(page, 'sold'))}`);
    expect(await paintedColours(sold)).toBe(2);
    expect(await paintedColours(sale)).toBe(1);
    // Named buttons in the page's language, and the project's name as the title.
    await expect(sold.getAttribute('aria-label')).resolves.toContain('Såld');
    await expect(page.title()).resolves.toBe('SSR no script');
    const box = (await page.locator('.pv-plan-svg').boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    await page.close();
  });

  it('draws the same colours, hatching and badges when the page comes unrendered (a client past its render budget)', async () => {
    const { projectId, ids } = await arrange('SSR spent');
    const page = await browser.context.newPage();
    // What the server sends past WIDGET_RENDERS_PER_MINUTE: the template, the script draws all.
    const template = fs.readFileSync(
      path.resolve(import.meta.dirname, '../apps/widget/dist/index.html'),
      'utf8',
    );
    await page.route(`${baseURL()}/view/${projectId}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: template }),
    );
    await page.goto(`/view/${projectId}`);
    await page.waitForSelector('#root[data-ready="1"]');
    const zone = (id: number) => page.locator(`.pv-zone[data-pv-id="${id}"]`);
    const fill = (id: number) => zone(id).evaluate((el) => getComputedStyle(el).fill);
    expect(await fill(ids['S-1']!)).toBe(rgb(await statusFill(page, 'sale')));
    expect(await fill(ids['S-2']!)).toBe(`url("#pv-hatch") ${rgb(await statusFill(page, 'sold'))}`);
    expect(await paintedColours(zone(ids['S-2']!))).toBe(2);
    const badge = page.locator('tbody .pv-badge.pv-st-sold');
    expect(await badge.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    await page.close();
  });

  it('keeps the very SVG element of the HTML once the widget is ready, and its zones work', async () => {
    const { projectId, ids } = await arrange('SSR hydration');
    const page = await freshPage(browser.context);
    // Runs before any script of the page: remembers the plan the HTML brought, as soon as the
    // document is parsed (before module scripts run), and every time the canvas loses a child.
    await page.addInitScript(() => {
      const w = window as unknown as { __ssrSvg?: Element | null; __removed: number };
      w.__removed = 0;
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const svg = document.querySelector('.pv-canvas > svg');
        w.__ssrSvg = svg;
        const canvas = svg?.parentNode;
        if (canvas)
          new MutationObserver((records) => {
            for (const r of records) w.__removed += r.removedNodes.length;
          }).observe(canvas, { childList: true });
      });
    });
    await page.goto(`/view/${projectId}`);
    await page.waitForSelector('#root[data-ready="1"]');
    const same = await page.evaluate(() => {
      const w = window as unknown as { __ssrSvg?: Element | null; __removed: number };
      return {
        marked: !!w.__ssrSvg,
        same: w.__ssrSvg === document.querySelector('.pv-plan-svg'),
        removed: w.__removed,
      };
    });
    expect(same).toEqual({ marked: true, same: true, removed: 0 });
    // Interactive: hover lights the row, a click opens the panel, Escape closes it.
    await page.locator(`.pv-zone[data-pv-id="${ids['S-1']}"]`).click();
    const panel = page.getByRole('dialog', { name: 'Bostad S-1' });
    await panel.getByText('Till salu').waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // The list came after the plan, filled in by the script.
    await page.locator(`tr[data-pv-row="${ids['S-2']}"]`).waitFor();
  });

  it('reaches the browser compressed, and holds its first paint until the whole plan is parsed', async () => {
    const { projectId } = await arrange('SSR over the wire');
    const page = await freshPage(browser.context);
    const encodings = new Map<string, string | undefined>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      encodings.set(url.pathname.replace(/-[\w-]{8}\.js$/, '.js'), res.headers()['content-encoding']);
    });
    await page.goto(`/view/${projectId}`);
    await page.waitForSelector('#root[data-ready="1"]');
    expect(encodings.get(`/view/${projectId}`)).toBe('br');
    expect(encodings.get('/widget/assets/index.js')).toBe('br');
    // <link rel="expect" blocking="render"> names the first element after the plan's SVG: the
    // browser renders once the whole plan is parsed, whether it waits for that element to open or to close.
    const expectation = await page.evaluate(() => {
      const link = document.querySelector('link[rel="expect"]');
      const target = document.querySelector(link?.getAttribute('href') ?? '#none');
      const svg = document.querySelector('.pv-canvas > svg');
      return {
        blocking: link?.getAttribute('blocking'),
        afterPlan: !!(
          target &&
          svg &&
          svg.compareDocumentPosition(target) === Node.DOCUMENT_POSITION_FOLLOWING
        ),
        zones: svg?.querySelectorAll('.pv-zone').length ?? 0,
      };
    });
    expect(expectation.blocking).toBe('render');
    expect(expectation.afterPlan).toBe(true);
    expect(expectation.zones).toBeGreaterThan(0);
    await page.close();
  });

  it('catches up with a change made between the rendering of the page and its script', async () => {
    const { projectId, ids } = await arrange('SSR catch up');
    const page = await freshPage(browser.context);
    // Hold the widget's script back until the status has changed on the server.
    let release!: () => void;
    const changed = new Promise<void>((r) => (release = r));
    await page.route('**/widget/assets/index-*.js', async (route) => {
      await changed;
      await route.continue();
    });
    await page.goto(`/view/${projectId}`, { waitUntil: 'commit' });
    await page.locator(`.pv-zone.pv-st-sale[data-pv-id="${ids['S-1']}"]`).waitFor();
    const res = await api('POST', '/api/v2/apartments/update-status', token, {
      apartments: [ids['S-1']],
      status: 'reserved',
      projectId,
    });
    expect(res.status).toBe(200);
    release();
    await page.waitForSelector('#root[data-ready="1"]');
    await page.locator(`.pv-zone.pv-st-reserved[data-pv-id="${ids['S-1']}"]`).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it("carries a status the admin saves in the back-office in a freshly loaded page's HTML", async () => {
    const { projectId, ids } = await arrange('SSR after a save');
    const before = await (await fetch(`${baseURL()}/view/${projectId}`)).text();
    expect(before).toMatch(new RegExp(`class="[^"]*pv-st-sale"[^>]*data-pv-id="${ids['S-1']}"`));

    const back = await freshPage(browser.context);
    await signInAsAdmin(back, `/projects/${projectId}`);
    await back.getByRole('row', { name: 'Öppna S-1', exact: true }).click();
    const form = back.getByRole('dialog');
    await form.getByRole('combobox', { name: 'Status', exact: true }).click();
    await back.getByRole('option', { name: 'Såld', exact: true }).click();
    await form.getByRole('button', { name: 'Spara' }).click();
    await toastSeen(back, 'Lägenheten har uppdaterats');

    const after = await (await fetch(`${baseURL()}/view/${projectId}`)).text();
    expect(after).toMatch(new RegExp(`class="[^"]*pv-st-sold"[^>]*data-pv-id="${ids['S-1']}"`));
    // And a buyer without JavaScript sees it.
    const page = await noScript.context.newPage();
    await page.goto(`/view/${projectId}?lang=en`);
    await expect(
      page.locator(`.pv-zone[data-pv-id="${ids['S-1']}"]`).getAttribute('aria-label'),
    ).resolves.toContain('Sold');
    await page.close();
  });

  it('becomes interactive for a project the admin names with text past Latin-1 and String.replace patterns', async () => {
    const { projectId } = await arrange('SSR name');
    const name = "Kv. Ängen – etapp 2 → $' $& $$";
    const back = await freshPage(browser.context);
    await signInAsAdmin(back, `/projects/${projectId}?tab=settings`);
    const field = back.getByRole('textbox', { name: 'Namn', exact: true });
    await field.fill(name);
    await back.getByRole('button', { name: 'Spara ändringar' }).click();
    await back.getByText('Projektet har sparats').waitFor();
    await back.close();

    const page = await freshPage(browser.context);
    await page.goto(`/view/${projectId}`);
    // The script read the inlined view and took over the server's page.
    await page.waitForSelector('#root[data-ready="1"]');
    expect(await page.title()).toBe(name);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.close();
  });

  it("reads its own view, and its clicks, live updates and host page's dataLayer name its own project, whatever a plan names pv-data (?plan= and ?planvy=)", async () => {
    const { projectId, ids } = await arrange('SSR own data');
    // A start plan holding a forged view under the data block's id, before the real block: the
    // project's own view with another id and name, prices of 1 kr and a link elsewhere.
    const real = (await api<Record<string, unknown>>('GET', `/api/v1/public/view/${projectId}`)).body as {
      project: Record<string, unknown>;
      apartments: Record<string, unknown>[];
    };
    const forged = JSON.stringify({
      etag: '"forged"',
      view: {
        ...real,
        project: { ...real.project, id: 999999, name: 'Forged project' },
        apartments: real.apartments.map((a) => ({ ...a, price: 1, link: 'https://pay.example/' })),
      },
    })
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;');
    await uploadFile(
      token,
      projectId,
      'forged.svg',
      svgDoc(
        `<desc id="pv-data">${forged}</desc><text id="pv-data">${forged}</text>${zoneRect(ids['S-1']!, 'S-1', 20, 20)}`,
      ),
    );
    const page = await freshPage(browser.context);
    const requests: string[] = [];
    page.on('request', (req) => requests.push(new URL(req.url()).pathname));
    await page.goto(`/view/${projectId}?plan=forged.svg`);
    await page.waitForSelector('#root[data-ready="1"]');
    expect(await page.locator('h1').textContent()).toBe('SSR own data');
    await page.locator(`.pv-zone[data-pv-id="${ids['S-1']}"]`).click();
    const panel = page.getByRole('dialog', { name: 'Bostad S-1' });
    await panel.waitFor();
    expect(await panel.getByText('1 kr').count()).toBe(0);
    await expect.poll(() => requests).toContain(`/api/v1/public/view/${projectId}/click`);
    await expect.poll(() => requests).toContain(`/api/v1/public/view/${projectId}/events`);
    expect(requests.filter((r) => r.includes('999999'))).toEqual([]);
    await page.close();

    // The same plan as the start plan of a shared host-page address (`?planvy=`): what the widget
    // pushes to the host's dataLayer names the project it really shows, never the forged one.
    const code = await api<{ code: { full: string } }>(
      'GET',
      `/api/v1/admin/project/code/${projectId}`,
      token,
    );
    const host = await hostPage(code.body.code.full.replace('<div ', '<div data-datalayer '));
    const hosted = await freshPage(browser.context);
    try {
      const hostedRequests: string[] = [];
      hosted.on('request', (req) => hostedRequests.push(new URL(req.url()).pathname));
      await hosted.goto(`${host.url}/?planvy=${encodeURIComponent('plan=forged.svg')}`);
      const frame = hosted.frameLocator('iframe');
      await frame.locator('#root[data-ready="1"]').waitFor();
      expect(await frame.locator('h1').textContent()).toBe('SSR own data');
      // The forged plan is the one on show, data block and all.
      expect(await frame.locator('.pv-plan-svg desc').first().textContent()).toContain('Forged project');
      await frame.locator(`.pv-zone[data-pv-id="${ids['S-1']}"]`).click();
      await frame.getByRole('dialog', { name: 'Bostad S-1' }).waitFor();
      const layer = () =>
        hosted.evaluate(() =>
          JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []),
        );
      await expect.poll(layer).toContain('"event":"planvy:apartment"');
      const pushed = await layer();
      expect(pushed).not.toContain('999999');
      expect(pushed).not.toContain('Forged project');
      const entries = JSON.parse(pushed) as { event: string; planvy: { projectId: number } }[];
      expect(entries.map((e) => e.event)).toContain('planvy:view');
      for (const e of entries) expect(e.planvy.projectId, e.event).toBe(projectId);
      expect(hostedRequests.filter((r) => r.includes('999999'))).toEqual([]);
    } finally {
      await hosted.close();
      await host.close();
    }
  });
});
