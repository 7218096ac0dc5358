import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { allViolations } from './support/axe';
import { adminToken, api, apiLogin, createUser, freshPage, launch } from './support/browser';
import { expectPath, signIn, signInAsAdmin } from './support/session';
import { addApartment, svgDoc, untilViewShows, uploadFile, zoneRect } from './support/widget-fixtures';

/**
 * Issue 12 in the browser: an admin turns statistics on for a client; buyers click
 * apartments in the public widget; the client's dashboard shows the donut, the
 * per-project bars and the week's most-clicked apartment of their own projects only,
 * follows a change of date range, exports what it shows, and the plan in the project
 * view shades the clicked zone. A client without statistics is sent away; both languages.
 * The tests run in order and build on the first, which switches statistics on and makes
 * the clicks the others read.
 */

let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;
let page: Page;
let token: string;
let karin: Awaited<ReturnType<typeof createUser>>;
let karinToken: string;
let olle: Awaited<ReturnType<typeof createUser>>;
const eken = { id: 0, apt: {} as Record<string, number> };
const asen = { id: 0, apt: {} as Record<string, number> };
const grannen = { id: 0, apt: {} as Record<string, number> };

async function projectFor(ownerId: number, name: string, type: 'sale' | 'rental') {
  const res = await api<{ project: { id: number } }>('POST', `/api/v1/admin/project/${ownerId}`, token, {
    name,
    type,
  });
  if (res.status !== 201) throw new Error(`project ${name}: ${res.status}`);
  return res.body.project.id;
}

/** A buyer opens apartments in the public widget (each open is a click). */
async function clickInWidget(projectId: number, apartmentIds: number[]) {
  const buyer = await context.newPage();
  try {
    await buyer.goto(`/view/${projectId}`);
    await buyer.waitForSelector('#root[data-ready="1"]');
    for (const id of apartmentIds) {
      await buyer.locator(`.pv-zone[data-pv-id="${id}"]`).click();
      const dialog = buyer.getByRole('dialog');
      await dialog.waitFor();
      await buyer.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  } finally {
    await buyer.close();
  }
}

beforeAll(async () => {
  browser = await launch();
  context = browser.context;
  token = await adminToken();
  karin = await createUser(token, { role: 'client', first_name: 'Karin', last_name: 'Kund' });
  olle = await createUser(token, { role: 'client', first_name: 'Olle', last_name: 'Utan' });
  const other = await createUser(token, { role: 'client', first_name: 'Greta', last_name: 'Granne' });
  karinToken = await apiLogin(karin.email, karin.password);

  eken.id = await projectFor(karin.id, 'Kv. Eken', 'sale');
  for (const [bostad, status] of [
    ['1001', 'sale'],
    ['1002', 'sold'],
    ['1003', 'reserved'],
    ['1004', 'sale'],
  ] as const) {
    eken.apt[bostad] = await addApartment(token, eken.id, {
      bostad,
      status,
      price: 2_000_000 + Number(bostad),
    });
  }
  await uploadFile(
    token,
    eken.id,
    'eken.svg',
    svgDoc(
      ['1001', '1002', '1003', '1004'].map((b, i) => zoneRect(eken.apt[b]!, b, 20 + i * 95, 40)).join(''),
    ),
  );
  asen.id = await projectFor(karin.id, 'Brf Åsen', 'rental');
  asen.apt['2001'] = await addApartment(token, asen.id, { bostad: '2001', status: 'leased' });
  grannen.id = await projectFor(other.id, 'Grannens projekt', 'sale');
  grannen.apt['9001'] = await addApartment(token, grannen.id, { bostad: '9001', status: 'sale' });
  await uploadFile(token, grannen.id, 'g.svg', svgDoc(zoneRect(grannen.apt['9001'], '9001', 40, 40)));
  await untilViewShows(eken.id, (v) => (v as { plans: unknown[] }).plans.length === 1);
  await untilViewShows(grannen.id, (v) => (v as { plans: unknown[] }).plans.length === 1);
});
afterAll(() => browser.close());
beforeEach(async () => {
  page = await freshPage(context);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    const file = path.join(os.tmpdir(), `planvy-statistics-e2e-${Date.now()}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.log(`screenshot of the failed test: ${file}`);
  }
});

const card = (testId: string) => page.getByTestId(testId);
/** Texts with every run of white space (also the no-break space before "%") as one space. */
const texts = async (locator: ReturnType<Page['locator']>) =>
  (await locator.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
/** Switches a card to its table view by keyboard, as its text alternative is reached. */
async function showTable(cardLocator: ReturnType<Page['getByTestId']>, name = 'Tabell') {
  await cardLocator.getByRole('radio', { name: name === 'Tabell' ? 'Diagram' : 'Chart' }).focus();
  await page.keyboard.press('ArrowRight');
  await cardLocator.locator('table').waitFor();
}

/** A dashboard card once its numbers are shown. */
async function ready(testId: string) {
  await page.locator(`[data-testid="${testId}"][data-state="ready"]`).waitFor();
  return card(testId);
}

describe('the statistics dashboard', () => {
  it('is switched on by an admin; buyers’ clicks then show as the client’s most-clicked apartment', async () => {
    // The admin's action in the back-office.
    await signInAsAdmin(page, `/users/${karin.id}`);
    await page.getByLabel('Aktivera statistik').check();
    await page.getByText('Inställningen har sparats').waitFor();

    // Buyers in the widget: one opens 1003 in Kv. Eken; another tenant's project is clicked too.
    await clickInWidget(eken.id, [eken.apt['1003']!]);
    await clickInWidget(grannen.id, [grannen.apt['9001']!]);
    // The server writes clicks in batches: wait until the week's count has them.
    await expect
      .poll(async () => (await api('GET', '/api/v2/statistic/projects/most-clicked', karinToken)).body, {
        timeout: 15_000,
        interval: 250,
      })
      .toMatchObject({ name: 'Kv. Eken', bostad: '1003' });

    page = await freshPage(context);
    await signIn(page, karin.email, karin.password);
    await page
      .getByRole('navigation', { name: 'Huvudmeny' })
      .getByRole('link', { name: 'Statistik' })
      .click();
    await expectPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Statistik', level: 1 }).waitFor();

    const most = await ready('most-clicked');
    await expect(most.getByTestId('most-clicked-apartment').textContent()).resolves.toBe('Bostad 1003');
    await expect(most.getByTestId('most-clicked-project').textContent()).resolves.toBe('Kv. Eken');
    await expect(most.textContent()).resolves.toContain('1 klick');

    // The donut: Karin's five apartments, shares to two decimals, labels in Swedish.
    const donut = await ready('status-donut');
    expect(await texts(donut.locator('li'))).toEqual([
      'Till salu2 · 40,00 %',
      'Bokad1 · 20,00 %',
      'Uthyrd1 · 20,00 %',
      'Såld1 · 20,00 %',
    ]);
    expect(await donut.locator('.recharts-pie-sector').count()).toBe(4);

    // The bars: one per project of Karin's, none of the neighbour's.
    const bars = await ready('project-bars');
    const names = await bars
      .locator('text.recharts-cartesian-axis-tick-value[orientation="left"]')
      .allTextContents();
    expect(names.sort()).toEqual(['Brf Åsen', 'Kv. Eken']);
    await showTable(bars);
    const rows = await texts(bars.locator('tbody tr'));
    expect(rows).toHaveLength(2);
    expect(rows.join(' ')).not.toContain('Grannens');
    expect(rows.find((r) => r.startsWith('Kv. Eken'))).toContain('2 (50,00 %)');

    // Clicks per day and the top list count Karin's click only.
    await expect(texts((await ready('top-apartments')).locator('tbody tr'))).resolves.toEqual([
      '11003Kv. EkenBokad2 001 003 kr1',
    ]);
    await expect(page.getByTestId('stat-clicks').textContent()).resolves.toContain('1');
  });

  it('changes the date range and exports what it shows', async () => {
    await signIn(page, karin.email, karin.password, '/dashboard');
    await ready('clicks-per-day');
    const period = page.getByTestId('statistics-period');
    const thirty = await period.textContent();

    await page.getByText('7 dagar', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('days') === '7');
    await expect.poll(() => period.textContent()).not.toBe(thirty);
    const clicks = await ready('clicks-per-day');
    await showTable(clicks);
    await expect.poll(() => clicks.locator('tbody tr').count()).toBe(7);

    await page.getByText('90 dagar', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('days') === '90');
    await expect.poll(() => page.locator('[data-testid="clicks-per-day"] tbody tr').count()).toBe(90);

    // A custom range starts from the range shown and can then be picked in a calendar.
    await page.getByText('Anpassad', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.has('from') && url.searchParams.has('to'));
    await page.getByRole('button', { name: 'Välj period' }).waitFor();

    // One project: the filter narrows every card.
    await page.getByRole('combobox', { name: 'Projekt', exact: true }).click();
    await page.getByRole('option', { name: 'Brf Åsen' }).click();
    await page.waitForURL((url) => url.searchParams.get('project') === String(asen.id));
    await expect
      .poll(async () => (await card('most-clicked').getAttribute('data-state')) ?? '')
      .toBe('empty');
    await expect(card('most-clicked').textContent()).resolves.toContain('Inga klick de senaste sju dagarna');
    await ready('status-donut');
    await expect(texts(card('status-donut').locator('li'))).resolves.toEqual(['Uthyrd1 · 100,00 %']);

    // The export: Excel's UTF-16 CSV of the cards shown.
    await ready('sales-progress');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportera CSV' }).click(),
    ]);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]);
    const text = bytes.subarray(2).toString('utf16le');
    expect(download.suggestedFilename()).toMatch(/^statistik-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text).toContain('Projekt\tBrf Åsen');
    expect(text).toContain('Uthyrd\t1\t100');
    expect(text).not.toContain('Kv. Eken');
  });

  it('shades the clicked zone of the plan in the project view', async () => {
    await signIn(page, karin.email, karin.password, `/projects/${eken.id}`);
    const stage = page.getByTestId('plan-stage');
    const zone = (bostad: string) => stage.locator(`[id="${eken.apt[bostad]}"]`);
    await expect.poll(() => zone('1003').getAttribute('data-pv-state')).toBe('s-reserved');

    await page.getByRole('switch', { name: 'Visa klick på planen' }).check({ force: true });
    await expect.poll(() => zone('1003').getAttribute('data-pv-state')).toBe('heat-5');
    await expect(zone('1001').getAttribute('data-pv-state')).resolves.toBe('heat-0');
    const fill = await zone('1003').evaluate((el) => getComputedStyle(el).fill);
    expect(fill).toBe('rgb(163, 58, 8)');
    const legend = page.getByTestId('click-legend');
    await expect(legend.textContent()).resolves.toContain('Inga klick');
    await expect(legend.textContent()).resolves.toContain('1 klick');

    await page.getByRole('switch', { name: 'Visa klick på planen' }).uncheck({ force: true });
    await expect.poll(() => zone('1003').getAttribute('data-pv-state')).toBe('s-reserved');
  });

  it('reads in English, and stays within a 360 px phone screen', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, karin.email, karin.password);
    await page.getByRole('button', { name: 'Visa eller dölj menyn' }).click();
    await page.getByRole('combobox', { name: 'Språk' }).selectOption('en');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    const donut = await ready('status-donut');
    await expect(donut.getByRole('heading', { name: 'All apartments by status' }).count()).resolves.toBe(1);
    expect(await texts(donut.locator('li'))).toEqual([
      'For sale2 · 40.00%',
      'Booked1 · 20.00%',
      'Leased1 · 20.00%',
      'Sold1 · 20.00%',
    ]);
    await expect((await ready('most-clicked')).textContent()).resolves.toContain('Unit 1003');
    await ready('project-bars');
    await ready('sales-progress');
    // Nothing makes the page scroll sideways; wide tables scroll inside their card.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The charts are reachable by keyboard (recharts' accessibility layer makes them focusable).
    expect(await donut.locator('svg[tabindex="0"]').count()).toBeGreaterThan(0);
  });

  it('sends a client without statistics away from /dashboard, and shows admins every project', async () => {
    await signIn(page, olle.email, olle.password);
    await expect(
      page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Statistik' }).count(),
    ).resolves.toBe(0);
    await page.goto('/dashboard');
    await expectPath(page, '/projects');
    expect(
      (await api('GET', '/api/v2/statistic/projects/all-sum', await apiLogin(olle.email, olle.password)))
        .status,
    ).toBe(403);

    page = await freshPage(context);
    await signInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Huvudmeny' })
      .getByRole('link', { name: 'Statistik' })
      .click();
    const bars = await ready('project-bars');
    await showTable(bars);
    const rows = (await bars.locator('tbody tr').allTextContents()).join(' ');
    expect(rows).toContain('Kv. Eken');
    expect(rows).toContain('Grannens projekt');

    // The neighbour's most clicked apartment is for sale: its light green badge reads (issue 20:
    // the light badges were 2.28:1).
    await page.getByRole('combobox', { name: 'Projekt', exact: true }).click();
    await page.getByRole('option', { name: 'Grannens projekt' }).click();
    await page.waitForURL((url) => url.searchParams.get('project') === String(grannen.id));
    const top = card('top-apartments');
    await expect.poll(() => texts(top.locator('tbody tr'))).toEqual(['19001Grannens projektTill salu–1']);
    expect(
      await allViolations(page, { rules: ['color-contrast'], within: '[data-testid="top-apartments"]' }),
    ).toEqual([]);
  });
});
