import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { XSS_CORPUS } from '@planvy/shared/test/xss-corpus';
import { adminToken, api, baseURL, launch, launchBrowser, pageTracker } from './support/browser';
import { allViolations } from './support/axe';
import { hostPage } from './support/host-page';
import {
  addApartment,
  addBuilding,
  attachBuildings,
  createProject,
  setSettings,
  statisticCount,
  svgDoc,
  untilViewShows,
  uploadFile,
  zoneRect,
} from './support/widget-fixtures';

/**
 * The public widget at /view/{projectId}, driven as a buyer would: on a desktop, on a
 * 360 px phone, by keyboard, in English, embedded on another origin, and with a plan
 * that is full of script payloads.
 */

let browser: Awaited<ReturnType<typeof launch>>;
let token: string;

/** Kv. Eken: a site plan with one house link and a townhouse, and the house's floor plan. */
const eken = { id: 0, building: 0, apt: {} as Record<string, number> };
/** A tomter project in the new design. */
const plots = { id: 0, apt: {} as Record<string, number> };

beforeAll(async () => {
  token = await adminToken();
  browser = await launch();

  eken.id = await createProject(token, 'Kv. Eken');
  await setSettings(token, eken.id, {
    show_status: '1',
    use_apartment_information: '1',
    link_to_project: 'https://eken.example/',
    project_email: 'info@eken.example',
    default_sort_order: 'bostad',
    bostad_as_integer: '1',
    label_font_size: '20',
  });
  const rows = [
    {
      bostad: '1001',
      rooms: '2',
      floor: '1',
      square: 55.5,
      price: 2_450_000,
      fee: 3200,
      status: 'sale',
      description: 'Ljus tvåa\nmed balkong',
      link: 'https://eken.example/1001',
      info: [{ url: 'https://eken.example/docs/1001-planritning.pdf' }],
    },
    { bostad: '1002', rooms: '3', floor: '1', square: 72, price: 3_150_000, fee: 4100, status: 'sold' },
    { bostad: '1003', rooms: '4', floor: '2', square: 95, price: 4_200_000, fee: 5200, status: 'reserved' },
    {
      bostad: '1004',
      rooms: '2',
      floor: '2',
      square: 58,
      price: 2_600_000,
      fee: 3300,
      status: 'sale',
      inactive: '1' as const,
    },
    { bostad: '1005', rooms: '3', floor: '3', square: 75, price: 3_300_000, fee: 4300, status: 'sale' },
    { bostad: '2001', rooms: '5', floor: '', square: 140, price: 5_900_000, fee: 6100, status: 'upcoming' },
  ];
  for (const row of rows) eken.apt[row.bostad] = await addApartment(token, eken.id, row);
  eken.building = await addBuilding(token, eken.id, 'A');
  const site = await uploadFile(
    token,
    eken.id,
    'omrade.svg',
    svgDoc(
      // The plan's <title> is its name for buyers (ADR 025), never its file name.
      '<title>Området</title>' +
        `<rect id="to-a" data-link-to="hus-a.svg" data-building-number="${eken.building}" x="30" y="40" width="200" height="150" fill="#ddd"/>` +
        zoneRect(eken.apt['2001']!, '2001', 280, 60),
    ),
  );
  await attachBuildings(token, site.id, [eken.building]);
  await uploadFile(
    token,
    eken.id,
    'hus-a.svg',
    svgDoc(
      '<title>Hus A, plan 1</title>' +
        ['1001', '1002', '1003', '1004', '1005']
          .map((b, i) => zoneRect(eken.apt[b]!, b, 20 + (i % 3) * 120, 30 + Math.floor(i / 3) * 120, 100, 90))
          .join(''),
    ),
  );

  plots.id = await createProject(token, 'Tomterna', 'tomter');
  await setSettings(token, plots.id, { use_new_design: '1', hide_fee_column: '1', show_status: '1' });
  plots.apt.t1 = await addApartment(token, plots.id, {
    bostad: 'Eken 1:12',
    rooms: '7',
    floor: '9',
    square: 812,
    price: 1_250_000,
    status: 'sale',
  });
  plots.apt.t2 = await addApartment(token, plots.id, {
    bostad: 'Eken 1:13',
    rooms: '8',
    square: 790,
    price: 1_100_000,
    status: 'sold',
  });
  await uploadFile(
    token,
    plots.id,
    'tomter.svg',
    svgDoc(zoneRect(plots.apt.t1, 'Eken 1:12', 40, 40) + zoneRect(plots.apt.t2, 'Eken 1:13', 200, 40)),
  );

  // The public view is cached for two seconds; wait until it shows both projects complete.
  await untilViewShows(eken.id, (v) => {
    const view = v as { plans: unknown[]; apartments: { plans: string[] }[] };
    return view.plans.length === 2 && view.apartments.every((a) => a.plans.length > 0);
  });
  await untilViewShows(plots.id, (v) => (v as { plans: unknown[] }).plans.length === 1);
});

afterAll(async () => {
  await browser?.close();
});

const pages = pageTracker(() => browser.context);
afterEach(() => pages.closeAll());
const open = pages.open;

/** The house plan (the second page), with its list rendered. */
async function openHouse(query = '', viewport?: { width: number; height: number }): Promise<Page> {
  const page = await open(`/view/${eken.id}${query}`, viewport);
  // A phone chooses the plan from a list; wider screens have a button per plan.
  const chooser = page.getByRole('combobox', { name: 'Planer' });
  if (await chooser.isVisible()) await chooser.selectOption({ label: 'Hus A, plan 1' });
  else await page.getByRole('button', { name: 'Hus A, plan 1' }).click();
  await page.locator(`.pv-zone[data-pv-id="${eken.apt['1001']}"]`).waitFor();
  await page.locator('[data-pv-row]').first().waitFor();
  return page;
}

const zone = (page: Page, bostad: string) => page.locator(`.pv-zone[data-pv-id="${eken.apt[bostad]}"]`);
const row = (page: Page, bostad: string) => page.locator(`tr[data-pv-row="${eken.apt[bostad]}"]`);
const fill = (page: Page, bostad: string) => zone(page, bostad).evaluate((el) => getComputedStyle(el).fill);
/** Zone states are class toggles made after rendering: poll rather than read once. */
const classes = (locator: Locator) => async () => ((await locator.getAttribute('class')) ?? '').split(' ');
const listedBostads = (page: Page) =>
  page.locator('tbody tr[data-pv-row] th').evaluateAll((cells) => cells.map((c) => c.textContent));

describe('the view', () => {
  it('draws the plans in order, colours zones by status, greys inactive ones and labels buildings', async () => {
    const page = await open(`/view/${eken.id}`);
    // Plans by their names, never their file names (ADR 025).
    await expect(page.locator('.pv-pages button').allTextContents()).resolves.toEqual([
      'Området',
      'Hus A, plan 1',
    ]);
    expect(await page.locator('.pv-plan-nav').textContent()).not.toContain('.svg');
    expect(await fill(page, '2001')).toBe('rgb(204, 153, 0)'); // upcoming #cc9900
    await expect(page.locator('.pv-labels text').textContent()).resolves.toBe('Hus A');
    // The legend names every status with its count, as text.
    await expect(page.locator('.pv-legend').textContent()).resolves.toContain('Kommande 1');

    await page.getByRole('button', { name: 'Hus A, plan 1' }).click();
    await zone(page, '1002').waitFor();
    expect(await fill(page, '1002')).toBe('url("#pv-hatch") rgb(128, 60, 60)'); // sold #803c3c, hatched
    expect(await fill(page, '1001')).toBe('rgb(16, 183, 77)'); // sale #10b74d
    expect(await fill(page, '1004')).toBe('rgb(158, 158, 158)'); // inactive, whatever the status
    await expect(page.locator('.pv-legend').textContent()).resolves.toMatch(/Till salu 3.*Bokad 1.*Såld 1/);
  });

  it('hover lights a zone with a tooltip and its list row; hovering a row lights the zone', async () => {
    const page = await openHouse();
    await zone(page, '1001').hover();
    const tooltip = page.locator('.pv-tooltip');
    await tooltip.waitFor({ state: 'visible' });
    expect(await tooltip.textContent()).toMatch(/Bostad 1001.*Till salu.*2 rum/);
    await expect.poll(classes(zone(page, '1001'))).toContain('pv-hl');
    await expect.poll(classes(row(page, '1001'))).toContain('pv-hl');

    await row(page, '1003').hover();
    await expect.poll(classes(zone(page, '1003'))).toContain('pv-hl');
    await expect.poll(classes(zone(page, '1001'))).not.toContain('pv-hl');
    await expect(tooltip.isHidden()).resolves.toBe(true);
  });

  it('a click opens the apartment panel with its details and records the click', async () => {
    const before = await statisticCount(token, eken.id, eken.apt['1001']!);
    const page = await openHouse();
    await zone(page, '1001').click();
    const dialog = page.getByRole('dialog', { name: 'Bostad 1001' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Till salu');
    expect(text).toMatch(/Pris2\s450\s000 kr/);
    expect(text).toMatch(/Avgift3\s200 kr\/mån/);
    expect(text).toMatch(/Storlek55,5 m²/);
    expect(text).toContain('Våning1');
    expect(text).toContain('Ljus tvåa');
    await expect(
      dialog.getByRole('link', { name: 'Läs mer om bostaden' }).getAttribute('href'),
    ).resolves.toBe('https://eken.example/1001');
    await expect(dialog.getByRole('link', { name: '1001-planritning.pdf' }).count()).resolves.toBe(1);
    await expect(
      dialog.getByRole('link', { name: 'Projektets webbplats' }).getAttribute('href'),
    ).resolves.toBe('https://eken.example/');
    await expect(dialog.getByRole('link', { name: 'Kontakta oss' }).getAttribute('href')).resolves.toMatch(
      /^mailto:info@eken\.example\?subject=/,
    );

    // The server writes clicks in batches every couple of seconds.
    await expect
      .poll(() => statisticCount(token, eken.id, eken.apt['1001']!), { timeout: 10_000, interval: 300 })
      .toBe(before + 1);
  });

  it('an inactive apartment shows no price or fee, and a list row opens its panel', async () => {
    const page = await openHouse();
    await row(page, '1004').getByRole('button', { name: '1004', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Bostad 1004' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).not.toContain('Pris');
    expect(text).not.toContain('Avgift');
    expect(await row(page, '1004').textContent()).not.toMatch(/2\s600\s000/);
  });

  it('filters by status, rooms, price and size, dimming the zones that do not match', async () => {
    const page = await openHouse();
    await expect.poll(() => listedBostads(page)).toEqual(['1001', '1002', '1003', '1004', '1005']);

    await page.getByRole('checkbox', { name: 'Såld' }).check();
    await expect.poll(() => listedBostads(page)).toEqual(['1002']);
    await expect(page.locator('.pv-count-line').textContent()).resolves.toBe('Visar 1 av 5');
    await expect.poll(classes(zone(page, '1001'))).toContain('pv-dim');
    await expect.poll(classes(zone(page, '1002'))).not.toContain('pv-dim');
    await page.getByRole('button', { name: 'Rensa filter' }).click();

    await page.getByLabel('Rum', { exact: true }).selectOption('3');
    await expect.poll(() => listedBostads(page)).toEqual(['1002', '1005']);
    await page.getByRole('button', { name: 'Rensa filter' }).click();

    // An apartment without a price (inactive) is not "under 3 000 000".
    await page.getByLabel('Pris till').fill('3000000');
    await expect.poll(() => listedBostads(page)).toEqual(['1001']);
    await page.getByRole('button', { name: 'Rensa filter' }).click();

    await page.getByLabel('Storlek från (m²)').fill('70');
    await expect.poll(() => listedBostads(page)).toEqual(['1002', '1003', '1005']);
    await page.getByRole('button', { name: 'Rensa filter' }).click();
    await expect.poll(() => listedBostads(page)).toHaveLength(5);
  });

  it('sorts by bostad as a number by default and by a column when its header is clicked', async () => {
    const page = await openHouse();
    await expect.poll(() => listedBostads(page)).toEqual(['1001', '1002', '1003', '1004', '1005']);
    const price = page.getByRole('button', { name: 'Pris', exact: true });
    await price.click();
    // Missing prices go last in both directions.
    await expect.poll(() => listedBostads(page)).toEqual(['1001', '1002', '1005', '1003', '1004']);
    await expect(page.locator('th[aria-sort="ascending"]').textContent()).resolves.toContain('Pris');
    await price.click();
    await expect.poll(() => listedBostads(page)).toEqual(['1003', '1005', '1002', '1001', '1004']);
  });

  it('a link zone leads to its plan, back returns, and page buttons switch plans', async () => {
    const page = await open(`/view/${eken.id}`);
    const link = page.getByRole('button', { name: 'Hus A', exact: true });
    await link.click();
    await zone(page, '1001').waitFor();
    const current = page.locator('.pv-pages [aria-current="page"]');
    await expect(current.textContent()).resolves.toBe('Hus A, plan 1');
    // Only this plan's apartments are listed (show_all_apartments is off).
    await page.locator('[data-pv-row]').first().waitFor();
    await expect.poll(() => listedBostads(page)).not.toContain('2001');

    await page.getByRole('button', { name: 'Tillbaka till Området' }).click();
    await zone(page, '2001').waitFor();
    await expect(page.getByRole('button', { name: /^Tillbaka/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Området' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );

    await page.getByRole('button', { name: 'Hus A, plan 1' }).click();
    await zone(page, '1003').waitFor();
    await expect(
      page.getByRole('button', { name: 'Hus A, plan 1' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
  });

  it('a deep link opens that apartment on its plan', async () => {
    const page = await open(`/view/${eken.id}?apartment=${eken.apt['1003']}`);
    await page.getByRole('dialog', { name: 'Bostad 1003' }).waitFor();
    await expect(page.locator('.pv-pages [aria-current="page"]').textContent()).resolves.toBe(
      'Hus A, plan 1',
    );
    await expect.poll(classes(zone(page, '1003'))).toContain('pv-sel');
  });

  it('pans and zooms with the buttons, Ctrl + wheel and dragging, and fits back', async () => {
    const page = await openHouse();
    const svg = page.locator('.pv-plan-svg');
    const viewBox = async () => ((await svg.getAttribute('viewBox')) ?? '').split(' ').map(Number);
    expect(await viewBox()).toEqual([0, 0, 400, 300]);
    await page.getByRole('button', { name: 'Zooma in' }).click();
    const zoomed = await viewBox();
    expect(zoomed[2]).toBeCloseTo(400 / 1.25, 1);

    const box = (await page.locator('.pv-stage').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -200);
    await page.keyboard.up('Control');
    await expect.poll(async () => (await viewBox())[2]).toBeLessThan(zoomed[2]!);

    const before = await viewBox();
    await page.mouse.move(box.x + 100, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + 180, box.y + 140, { steps: 5 });
    await page.mouse.up();
    const after = await viewBox();
    expect(after[0]).toBeLessThan(before[0]!);
    expect(after[2]).toBeCloseTo(before[2]!, 3);
    // A drag is not a click: no panel opened.
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Visa hela planen' }).click();
    expect(await viewBox()).toEqual([0, 0, 400, 300]);
  });
});

describe('keyboard and accessibility', () => {
  it('Tab reaches a named zone, Enter opens it, Escape closes and returns focus', async () => {
    const page = await openHouse();
    let label = '';
    for (let i = 0; i < 40 && !label.startsWith('Bostad'); i++) {
      await page.keyboard.press('Tab');
      label = await page.evaluate(() =>
        document.activeElement?.classList.contains('pv-zone')
          ? (document.activeElement.getAttribute('aria-label') ?? '')
          : '',
      );
    }
    expect(label).toBe('Bostad 1001, Till salu, 2 rum');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('button');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Bostad 1001' });
    await dialog.waitFor();
    // Focus moves in an effect, a frame after the dialog is in the page: wait for it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toContain('pv-close');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Bostad 1001, Till salu, 2 rum');
    await page.keyboard.press(' ');
    await dialog.waitFor();
  });

  it('has no axe-core violations of any impact, with and without the panel open', async () => {
    const page = await openHouse();
    expect(await allViolations(page)).toEqual([]);
    await zone(page, '1001').click();
    await page.getByRole('dialog').waitFor();
    expect(await allViolations(page)).toEqual([]);
  });

  it('speaks English with ?lang=en', async () => {
    const page = await openHouse('?lang=en');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await expect(page.locator('#pv-list-title').textContent()).resolves.toBe('Homes');
    await expect(zone(page, '1001').getAttribute('aria-label')).resolves.toBe('Unit 1001, For sale, 2 rooms');
    await zone(page, '1001').click();
    const dialog = page.getByRole('dialog', { name: 'Unit 1001' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Price2,450,000 kr/);
    await expect(page.locator('.pv-legend').textContent()).resolves.toContain('For sale');
  });
});

describe('phones', () => {
  it('fits 360 px without horizontal scrolling and the panel is usable', async () => {
    const page = await openHouse('', { width: 360, height: 740 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await zone(page, '1003').click();
    const dialog = page.getByRole('dialog', { name: 'Bostad 1003' });
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Stäng' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('a tap opens the panel straight away, without a hover tooltip', async () => {
    const phone = await launchBrowser();
    try {
      const context = await phone.newContext({
        baseURL: baseURL(),
        viewport: { width: 360, height: 740 },
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      await page.goto(`/view/${eken.id}?apartment=${eken.apt['1001']}`);
      await page.waitForSelector('#root[data-ready="1"]');
      await page.getByRole('button', { name: 'Stäng' }).tap();
      await zone(page, '1005').tap();
      await page.getByRole('dialog', { name: 'Bostad 1005' }).waitFor();
      await expect(page.locator('.pv-tooltip').isHidden()).resolves.toBe(true);
      await page.getByRole('button', { name: 'Stäng' }).tap();

      // Two fingers moving apart zoom in.
      const box = (await page.locator('.pv-stage').boundingBox())!;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      const cdp = await context.newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints:
            type === 'touchEnd'
              ? []
              : [
                  { x: cx - spread, y: cy, id: 1 },
                  { x: cx + spread, y: cy, id: 2 },
                ],
        });
      await touch('touchStart', 20);
      for (const spread of [30, 45, 60, 80]) await touch('touchMove', spread);
      await touch('touchEnd', 0);
      const width = Number(
        ((await page.locator('.pv-plan-svg').getAttribute('viewBox')) ?? '').split(' ')[2],
      );
      expect(width).toBeLessThan(400 / 2);
    } finally {
      await phone.close();
    }
  });
});

describe('the new design and tomter', () => {
  it('shows cards, plot labels and no floor', async () => {
    const page = await open(`/view/${plots.id}`);
    await page.locator('.pv-cards .pv-card').first().waitFor();
    await expect(page.locator('.pv-root').getAttribute('class')).resolves.toContain('pv-modern');
    await expect(page.locator('table').count()).resolves.toBe(0);
    const card = page.locator('.pv-card').first();
    expect(await card.textContent()).toContain('Fastighetsbeteckning Eken 1:12');
    expect(await card.textContent()).not.toContain('Avgift');
    await page.locator(`.pv-zone[data-pv-id="${plots.apt.t1}"]`).click();
    const dialog = page.getByRole('dialog', { name: 'Fastighetsbeteckning Eken 1:12' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Tomtnr7');
    expect(text).not.toContain('Avgift');
    expect(text).not.toContain('Våning');
    await expect(page.locator('#pv-list-title').textContent()).resolves.toBe('Tomter');
  });
});

describe('embedding', () => {
  async function snippets() {
    const res = await api<{ code: { full: string; iframe: string } }>(
      'GET',
      `/api/v1/admin/project/code/${eken.id}`,
      token,
    );
    expect(res.status).toBe(200);
    return res.body.code;
  }

  it('the full snippet on another origin loads the widget, resizes the frame and ignores forged messages', async () => {
    const code = await snippets();
    const host = await hostPage(code.full);
    try {
      const page = await browser.context.newPage();
      pages.track(page);
      await page.goto(`${host.url}/?apartment=${eken.apt['1003']}`);
      const iframe = page.locator('iframe');
      await iframe.waitFor();
      const src = (await iframe.getAttribute('src')) ?? '';
      expect(src).toContain(`${baseURL()}/view/${eken.id}?`);
      const query = new URL(src).searchParams;
      expect(query.get('embed')).toBe('1');
      expect(query.get('lang')).toBe('sv');
      expect(query.get('parent')).toBe(host.url);
      expect(query.get('apartment')).toBe(String(eken.apt['1003']));

      const frame = page.frameLocator('iframe');
      await frame.locator('#root[data-ready="1"]').waitFor();
      // The host page's deep link reached the widget.
      await frame.getByRole('dialog', { name: 'Bostad 1003' }).waitFor();
      const height = () => iframe.evaluate((el) => (el as HTMLIFrameElement).style.height);
      await expect.poll(height).not.toBe('600px');
      // The frame follows its content: the first height the widget sends may come before the
      // plan and the list are drawn (on a busy machine), so the frame settles to the content.
      const content = () => frame.locator('.pv-root').evaluate((el) => el.getBoundingClientRect().height);
      await expect
        .poll(async () => Math.abs(parseInt(await height(), 10) - (await content())))
        .toBeLessThan(40);
      const fitted = parseInt(await height(), 10);
      // The widget names its frame after the project.
      await expect.poll(() => iframe.getAttribute('title')).toBe('Kv. Eken');

      // A message from anywhere but the widget frame is ignored. embed.js listened first,
      // so once this page's own listener has the message, embed.js has seen it too.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            window.addEventListener('message', (e) => {
              if ((e.data as { height?: number } | null)?.height === 123) resolve();
            });
            window.postMessage({ type: 'planvy:height', height: 123 }, '*');
          }),
      );
      expect(await height()).toBe(`${fitted}px`);

      // Content that shrinks shrinks the frame.
      await frame.getByRole('button', { name: 'Stäng' }).click();
      await frame.getByRole('checkbox', { name: 'Såld' }).check();
      await expect.poll(async () => parseInt(await height(), 10)).toBeLessThan(fitted);
    } finally {
      await host.close();
    }
  });

  it('passes the snippet language through', async () => {
    const code = await snippets();
    const host = await hostPage(code.full.replace('data-lang="sv"', 'data-lang="en"'));
    try {
      const page = await browser.context.newPage();
      pages.track(page);
      await page.goto(host.url);
      const frame = page.frameLocator('iframe');
      await frame.locator('#root[data-ready="1"]').waitFor();
      await expect(frame.locator('#pv-list-title').textContent()).resolves.toBe('Homes');
    } finally {
      await host.close();
    }
  });

  it('the plain iframe snippet works without embed parameters', async () => {
    const code = await snippets();
    const host = await hostPage(code.iframe.replace(' loading="lazy"', ''));
    try {
      const page = await browser.context.newPage();
      pages.track(page);
      await page.goto(host.url);
      const frame = page.frameLocator('iframe');
      await frame.locator('#root[data-ready="1"]').waitFor();
      await frame.locator(`.pv-zone[data-pv-id="${eken.apt['2001']}"]`).click();
      const dialog = frame.getByRole('dialog', { name: 'Bostad 2001' });
      await dialog.waitFor();
      // No band arrives without embed.js: the frame's own viewport holds the card (ADR 024).
      const [card, own] = [await dialog.boundingBox(), await page.locator('iframe').boundingBox()];
      expect(card!.y).toBeGreaterThanOrEqual(own!.y - 0.5);
      expect(card!.y + card!.height).toBeLessThanOrEqual(own!.y + own!.height + 0.5);
    } finally {
      await host.close();
    }
  });
});

describe('headers', () => {
  it('an unknown project shows a message instead of a plan', async () => {
    const page = await browser.context.newPage();
    pages.track(page);
    await page.goto('/view/999999');
    await page.getByRole('heading', { level: 1, name: 'Projektet hittades inte.' }).waitFor();
  });

  it('allows framing, runs no inline script, sets no cookies, and serves embed.js for any site', async () => {
    const res = await fetch(`${baseURL()}/view/${eken.id}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      'frame-ancestors *',
      "base-uri 'none'",
      "form-action 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
    // The one script without a src is the inlined view: a JSON data block, never executed (ADR 016).
    expect((await res.text()).match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual([
      '<script type="application/json" id="pv-data">',
    ]);

    const embed = await fetch(`${baseURL()}/embed.js`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(embed.headers.get('cache-control')).toBe('public, max-age=300');
    expect(embed.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('untrusted plan markup', () => {
  const TRAPS = [
    '<script>window.__xss = 1</script>',
    '<rect width="5" height="5" onmouseover="window.__xss = 2" onclick="window.__xss = 2"/>',
    '<a href="javascript:window.__xss=3"><rect x="300" y="0" width="20" height="20"/></a>',
    '<foreignObject width="50" height="50"><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="window.__xss = 4"/></foreignObject>',
    '<image href="x" onerror="window.__xss = 5" width="1" height="1"/>',
  ];
  /** The payloads' insides in one plan (each is a whole <svg> document). */
  const inner = (svg: string) => svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

  async function watch(page: Page) {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.addInitScript(() => {
      Object.defineProperty(window, 'alert', {
        value: () => ((window as unknown as { __xss: number }).__xss = 99),
      });
    });
    return dialogs;
  }

  async function exercise(page: Page, apartmentId: number) {
    // Move over every part of the plan (every 100 px: a handler that survived would also be named
    // by the check for handler attributes below) and open the normal zone.
    const box = (await page.locator('.pv-stage').boundingBox())!;
    for (let x = 5; x < box.width; x += 100) {
      for (let y = 5; y < box.height; y += 100) await page.mouse.move(box.x + x, box.y + y);
    }
    await page.locator(`.pv-zone[data-pv-id="${apartmentId}"]`).click();
    await page.getByRole('dialog', { name: 'Bostad X1' }).waitFor();
    const leftovers = await page.evaluate(() => {
      const svg = document.querySelector('.pv-plan-svg')!;
      const bad = [...svg.querySelectorAll('*')].filter(
        (el) =>
          ['script', 'foreignobject', 'iframe', 'embed', 'object', 'animate', 'set'].includes(
            el.localName.toLowerCase(),
          ) ||
          [...el.attributes].some(
            (a) => a.name.toLowerCase().startsWith('on') || /^\s*(javascript|data:text)/i.test(a.value),
          ),
      );
      return bad.map((el) => el.outerHTML.slice(0, 80));
    });
    expect(leftovers).toEqual([]);
  }

  it('a plan full of XSS payloads, uploaded by an admin, runs no script and its normal zone works', async () => {
    const id = await createProject(token, 'XSS');
    const apartment = await addApartment(token, id, { bostad: 'X1', rooms: '2', status: 'sale' });
    // The normal zone first: one payload closes its <svg> early on purpose.
    const svg = svgDoc(
      zoneRect(apartment, 'X1', 150, 100, 120, 90) +
        [...XSS_CORPUS.map((c) => inner(c.svg)), ...TRAPS].join(''),
    );
    await uploadFile(token, id, 'xss.svg', svg);
    await untilViewShows(
      id,
      (v) => (v as { apartments: { plans: string[] }[] }).apartments[0]?.plans.length === 1,
    );

    const page = await browser.context.newPage();
    pages.track(page);
    const dialogs = await watch(page);
    await page.goto(`/view/${id}`);
    await page.waitForSelector('#root[data-ready="1"]');
    await exercise(page, apartment);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('raw payloads that skipped the server sanitiser are still stripped by the widget', async () => {
    const id = await createProject(token, 'XSS raw');
    const apartment = await addApartment(token, id, { bostad: 'X1', rooms: '2', status: 'sale' });
    // The first plan arrives rendered by the server from the stored (sanitised) markup; the
    // browser guard handles every plan after it, so the raw payloads come as the second.
    await uploadFile(token, id, 'entry.svg', svgDoc(''));
    await uploadFile(token, id, 'raw.svg', svgDoc(zoneRect(apartment, 'X1', 150, 100, 120, 90)));
    await untilViewShows(
      id,
      (v) => (v as { apartments: { plans: string[] }[] }).apartments[0]?.plans.length === 1,
    );

    const page = await browser.context.newPage();
    pages.track(page);
    const dialogs = await watch(page);
    // Only the payloads that are well-formed XML: a broken file is refused as a whole.
    await page.goto('about:blank');
    const wellFormed = await page.evaluate(
      (list) =>
        list.filter(
          (s) =>
            new DOMParser()
              .parseFromString(
                `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${s}</svg>`,
                'image/svg+xml',
              )
              .getElementsByTagName('parsererror').length === 0,
        ),
      [...XSS_CORPUS.map((c) => inner(c.svg)), ...TRAPS],
    );
    expect(wellFormed.length).toBeGreaterThan(20);
    const raw =
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 400 300" onload="window.__xss = 6">` +
      wellFormed.join('') +
      zoneRect(apartment, 'X1', 150, 100, 120, 90) +
      '</svg>';
    let served = 0;
    await page.route(`**/projects/${id}/raw.svg`, async (route) => {
      served++;
      await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: raw });
    });
    await page.goto(`/view/${id}`);
    await page.waitForSelector('#root[data-ready="1"]');
    await page.getByRole('button', { name: /^Plan 2/ }).click();
    await page.locator(`.pv-zone[data-pv-id="${apartment}"]`).waitFor();
    expect(served).toBeGreaterThan(0);
    await exercise(page, apartment);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
