import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bostadsrattCost, defaultDownPayment, rulesOn } from '@planvy/shared/housing-cost';
import { allViolations } from './support/axe';
import {
  adminToken,
  api,
  baseURL,
  freshPage,
  launch,
  launchBrowser,
  pageTracker,
  PHONE,
} from './support/browser';
import { signInAsAdmin } from './support/session';
import { addApartment, createProject, setSettings } from './support/widget-fixtures';

/**
 * The cost calculator (issue 24, ADR 037) from the client's settings to a buyer's phone: the
 * admin sets the rate and driftkostnad in the Project tab, the card shows the month the shared
 * module computes, "Räkna själv" opens, a changed input changes the total and the address,
 * the address reopens the same figures, and turned off there is no line.
 */

let browser: Awaited<ReturnType<typeof launch>>;
/** Phones of their own, each with its own clock (the hand-worked months). */
let phones: Awaited<ReturnType<typeof launchBrowser>>;
let token: string;
const pages = pageTracker(() => browser.context);
/** The 390 × 844 phone's screen, for pages of the signed-in browser. */
const PHONE_VIEWPORT = PHONE.viewport;

beforeAll(async () => {
  token = await adminToken();
  [browser, phones] = await Promise.all([launch(), launchBrowser()]);
});
afterEach(() => pages.closeAll());
afterAll(async () => {
  await browser?.close();
  await phones?.close();
});

/** sv-SE groups thousands with a no-break space; the widget writes money that way. */
const kr = (n: number) => `${new Intl.NumberFormat('sv-SE').format(n)} kr`;

async function setting(projectId: number, name: string): Promise<string> {
  const res = await api<{ value: string }>('GET', `/api/v1/admin/settings/${projectId}?name=${name}`, token);
  return res.body.value;
}

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Spara ändringar' }).click();
  await page.getByText('Inga osparade ändringar').waitFor();
}

describe('cost calculator', () => {
  it('shows the month of the shared module on the card, recalculates, shares by address, and turns off', async () => {
    const projectId = await createProject(token, `Kalkyl ${Date.now()}`);
    const price = 3_000_000;
    const fee = 4_000;
    const aptId = await addApartment(token, projectId, {
      bostad: '101',
      rooms: '3',
      square: 74,
      price,
      fee,
      status: 'sale',
    });
    // Sold homes get no line.
    const soldId = await addApartment(token, projectId, { bostad: '102', price, fee, status: 'sold' });

    // The admin sets the rate, its source and date, and the driftkostnad in the Project tab.
    const admin = await freshPage(browser.context);
    await signInAsAdmin(admin, `/projects/${projectId}?tab=settings`);
    await admin.getByLabel('Ränta (%)').fill('4,5');
    await admin.getByLabel('Räntans källa').fill('Exempelbanken, 3 mån');
    await admin.getByLabel('Räntans datum').fill('2026-11-02');
    await admin.getByLabel('Driftkostnad per månad (kr)').fill('800');
    await saveSettings(admin);
    expect(await setting(projectId, 'calculator_rate')).toBe('4.5');
    expect(await setting(projectId, 'calculator_operating_cost')).toBe('800');

    // What the shared module computes for this apartment under today's rules.
    const rules = rulesOn();
    const month = (downPayment: number) =>
      bostadsrattCost({ price, fee, operatingCost: 800, downPayment, ratePercent: 4.5, rules }).total;
    const expected = month(defaultDownPayment(price, 0, rules));

    // A buyer on a phone opens the home: the card shows the line near the price.
    const page = await pages.open(`/view/${projectId}?apartment=${aptId}`, PHONE_VIEWPORT);
    const card = page.getByRole('dialog', { name: 'Bostad 101' });
    const line = card.getByRole('button', { name: /Räkna själv/ });
    await line.waitFor();
    expect(await line.textContent()).toBe(`ca ${kr(expected)}/mån Räkna själv`);
    expect(await allViolations(page)).toEqual([]);

    // "Räkna själv" opens on demand, labelled as an example, with the same total.
    await line.click();
    const calc = page.getByRole('dialog', { name: 'Räkna själv: Bostad 101' });
    await calc.getByText('Exempel, inte ett låneerbjudande.').waitFor();
    await calc.getByText('Räntan 4,5 %: Exempelbanken, 3 mån, 2026-11-02').waitFor();
    const total = calc.locator('[data-pv-total]');
    expect(await allViolations(page)).toEqual([]);
    expect(await total.getAttribute('data-pv-total')).toBe(String(expected));

    // A larger kontantinsats changes the total and the address.
    await calc.getByLabel('Kontantinsats').fill('900000');
    const changed = month(900_000);
    expect(changed).not.toBe(expected);
    await page.waitForFunction(
      (n) => document.querySelector('[data-pv-total]')?.getAttribute('data-pv-total') === n,
      String(changed),
    );
    expect(await total.textContent()).toBe(`${kr(changed)}/mån`);
    await page.waitForURL((url) => url.searchParams.get('calc_down') === '900000');
    const shared = page.url();
    expect(new URL(shared).searchParams.get('calc')).toBe('1');

    // The address alone shows the same figures on a fresh page.
    const again = await pages.open(shared, PHONE_VIEWPORT);
    const reopened = again.getByRole('dialog', { name: 'Räkna själv: Bostad 101' });
    await reopened.waitFor();
    expect(await reopened.locator('[data-pv-total]').getAttribute('data-pv-total')).toBe(String(changed));
    expect(await reopened.getByLabel('Kontantinsats').inputValue()).toBe('900000');

    // Escape closes it: back on the card, focus on the line that opened it.
    await again.keyboard.press('Escape');
    await again.getByRole('dialog', { name: 'Bostad 101' }).waitFor();
    await again.waitForFunction(() => document.activeElement?.classList.contains('pv-cost-open'));
    expect(new URL(again.url()).searchParams.get('calc')).toBeNull();

    // A sold home has no line.
    const sold = await pages.open(`/view/${projectId}?apartment=${soldId}`, PHONE_VIEWPORT);
    await sold.getByRole('dialog', { name: 'Bostad 102' }).waitFor();
    expect(await sold.locator('.pv-cost').count()).toBe(0);

    // Turned off in the settings: no line, and the calculator link opens only the card.
    await admin.reload();
    await admin.getByText('Visa kostnadskalkyl', { exact: true }).click();
    await saveSettings(admin);
    expect(await setting(projectId, 'cost_calculator')).toBe('0');
    const off = await pages.open(shared, PHONE_VIEWPORT);
    await off.getByRole('dialog', { name: 'Bostad 101' }).waitFor();
    expect(await off.locator('.pv-cost').count()).toBe(0);
    expect(await off.getByRole('dialog', { name: /Räkna själv/ }).count()).toBe(0);
    await admin.close();
  });
  /**
   * The figures worked by hand in housing-cost.test.ts, now as a buyer's browser shows them, on
   * the last day of the old rules and the first day of the new (ADR 037): the browser's clock is
   * set, so the widget picks the rules by its own date as it does for a buyer. Playwright's clock
   * belongs to a browser context, not a page: each day is a phone of its own (a fresh context),
   * so no day's clock is left in the next.
   */
  it('shows the hand-worked month for each tenure under both rule dates', async () => {
    const DAYS = { before: '2026-03-31T10:00:00Z', from: '2026-04-01T10:00:00Z' } as const;
    const cases = [
      // Bostadsrätt 3 000 000, avgift 4 000, drift 800, 4 %, the minimum kontantinsats:
      // 15 015 kr (85 % cap) on 31 March, 15 660 kr (90 %) on 1 April.
      {
        type: 'sale',
        apartment: { price: 3_000_000, fee: 4_000 },
        settings: { calculator_rate: '4', calculator_operating_cost: '800' },
        query: '',
        month: { before: 15_015, from: 15_660 },
      },
      // Tomt 1 200 000 at 5 %, the largest loan: 4 675 kr on 31 March, 4 950 kr on 1 April.
      {
        type: 'tomter',
        apartment: { price: 1_200_000 },
        settings: { calculator_rate: '5' },
        query: '',
        month: { before: 4_675, from: 4_950 },
      },
      // Hyresrätt 9 500 with parking 650 and broadband 299 chosen: 10 449 kr under both.
      {
        type: 'rental',
        apartment: { price: 9_500 },
        settings: { calculator_parking: '650', calculator_broadband: '299' },
        query: '&calc=1&calc_extras=parking,broadband',
        month: { before: 10_449, from: 10_449 },
      },
    ] as const;
    for (const c of cases) {
      const projectId = await createProject(token, `Kalkyl ${c.type} ${Date.now()}`, c.type);
      const aptId = await addApartment(token, projectId, { bostad: '1', status: 'sale', ...c.apartment });
      await setSettings(token, projectId, c.settings);
      for (const day of ['before', 'from'] as const) {
        const context = await phones.newContext({ ...PHONE, baseURL: baseURL(), locale: 'sv-SE' });
        // The phone's clock starts on that day and runs on as usual.
        await context.clock.install({ time: new Date(DAYS[day]) });
        await context.clock.resume();
        const page = await context.newPage();
        await page.goto(`/view/${projectId}?apartment=${aptId}${c.query}`);
        // The server drew the card with its own day's month; the widget's figure, by the phone's
        // day, is there once the page is hydrated. Read before, a loaded machine showed the server's.
        await page.waitForSelector('#root[data-ready="1"]');
        // The phone's own date, in Sweden, is the day of the case.
        expect(
          await page.evaluate(() => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' })),
          `${c.type} ${day}: the phone's date`,
        ).toBe(DAYS[day].slice(0, 10));
        if (c.query) {
          // The shared address opens "Räkna själv" with the extras chosen.
          const total = page.locator('[data-pv-total]');
          await total.waitFor();
          expect(await total.getAttribute('data-pv-total'), `${c.type} ${day}: the panel`).toBe(
            String(c.month[day]),
          );
        } else {
          const line = page.getByRole('dialog', { name: / 1$/ }).getByRole('button', { name: /Räkna själv/ });
          await line.waitFor();
          expect(await line.textContent(), `${c.type} ${day}: the card`).toBe(
            `ca ${kr(c.month[day])}/mån Räkna själv`,
          );
        }
        await context.close();
      }
    }
  });
});
