import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminToken, api, freshPage, launch } from './support/browser';
import { signInAsAdmin, toastSeen } from './support/session';
import {
  addApartment,
  createProject,
  setSettings,
  svgDoc,
  uploadFile,
  zoneRect,
} from './support/widget-fixtures';

/**
 * Live availability (issue 14, ADR 015): a buyer's open widget follows what the sales team
 * does in the back-office, without a reload and without losing the open apartment.
 */

let browser: Awaited<ReturnType<typeof launch>>;
let token: string;

beforeAll(async () => {
  token = await adminToken();
  browser = await launch();
});
afterAll(() => browser.close());

/** A project with two apartments drawn on one plan; returns their ids by bostad. */
async function arrange(name: string) {
  const projectId = await createProject(token, name);
  const ids: Record<string, number> = {};
  for (const bostad of ['L-1', 'L-2']) {
    ids[bostad] = await addApartment(token, projectId, {
      bostad,
      rooms: '3',
      price: 3_000_000,
      status: 'sale',
      file_name: 'plan.svg',
    });
  }
  await uploadFile(
    token,
    projectId,
    'plan.svg',
    svgDoc(zoneRect(ids['L-1']!, 'L-1', 20, 20) + zoneRect(ids['L-2']!, 'L-2', 150, 20)),
  );
  return { projectId, ids };
}

async function openWidget(page: Page, projectId: number, id: number) {
  await page.goto(`/view/${projectId}`);
  const zone = page.locator(`.pv-zone.pv-st-sale[data-pv-id="${id}"]`);
  await zone.click();
  const panel = page.getByRole('dialog', { name: 'Bostad L-1' });
  await panel.getByText('Till salu').waitFor();
  return panel;
}

describe('live availability in the widget', () => {
  it('shows a status the admin saves in the back-office, keeping the buyer’s open panel', async () => {
    const { projectId, ids } = await arrange('Live launch');
    const buyer = await freshPage(browser.context);
    const panel = await openWidget(buyer, projectId, ids['L-1']!);

    // The sales team, in another tab.
    const back = await browser.context.newPage();
    await signInAsAdmin(back, `/projects/${projectId}`);
    await back.getByRole('row', { name: 'Öppna L-1', exact: true }).click();
    const form = back.getByRole('dialog');
    await form.getByRole('combobox', { name: 'Status', exact: true }).click();
    await back.getByRole('option', { name: 'Såld', exact: true }).click();
    await form.getByRole('button', { name: 'Spara' }).click();
    await toastSeen(back, 'Lägenheten har uppdaterats');
    await back.close();
    await buyer.bringToFront();

    // The same panel, still open, now says sold; the zone and the row follow, and it is announced.
    await panel.getByText('Såld').waitFor();
    await buyer.locator(`.pv-zone.pv-st-sold[data-pv-id="${ids['L-1']}"]`).waitFor();
    await buyer.locator(`tr[data-pv-row="${ids['L-1']}"]`).getByText('Såld').waitFor();
    await buyer.getByText(/^Uppdaterat: Bostad L-1, Såld/).waitFor({ state: 'attached' });
    expect(await panel.isVisible()).toBe(true);
    await expect(
      buyer.locator(`.pv-zone[data-pv-id="${ids['L-2']}"]`).getAttribute('class'),
    ).resolves.toContain('pv-st-sale');
  });

  it('shows a price the sales team lowers with a previewed mass change as "Sänkt från", live, and keeps it in the history', async () => {
    const { projectId, ids } = await arrange('Live price drop');
    await setSettings(token, projectId, { show_price_drop: '1' });
    const buyer = await freshPage(browser.context);
    const panel = await openWidget(buyer, projectId, ids['L-1']!);
    expect(await panel.getByText('Sänkt från').count()).toBe(0);

    const back = await browser.context.newPage();
    await signInAsAdmin(back, `/projects/${projectId}`);
    await back.getByRole('checkbox', { name: 'Markera L-1' }).check();
    await back.getByRole('checkbox', { name: 'Markera L-2' }).check();
    await back.getByRole('button', { name: 'Ändra pris…' }).click();
    const change = back.getByRole('dialog', { name: 'Ändra pris för markerade' });
    await change.getByLabel('Procent (+ höjer, − sänker)').fill('-5');
    // The preview names each apartment with its new price before anything is saved.
    const preview = change.getByTestId('price-preview');
    await preview.getByRole('row', { name: /L-1\s+3\s000\s000\skr\s+2\s850\s000\skr/ }).waitFor();
    await change.getByText('2 av 2 ändras').waitFor();
    await change.getByRole('button', { name: 'Spara 2 ändringar' }).click();
    await back.getByText('2 priser ändrade').waitFor();

    // The history on the apartment names the change.
    await back.getByRole('row', { name: 'Öppna L-1', exact: true }).click();
    await back
      .getByTestId('price-history')
      .getByText(/Pris 3\s000\s000\skr → 2\s850\s000\skr/)
      .waitFor();
    await back.close();
    await buyer.bringToFront();

    // The buyer's open card follows: the new price and what it was lowered from.
    await panel.getByText(/2\s850\s000\skr/).waitFor();
    const before = panel.locator('dt', { hasText: 'Sänkt från' });
    await before.waitFor();
    expect(await before.locator('xpath=following-sibling::dd[1]').textContent()).toMatch(/^3\s000\s000\skr$/);
    // A buyer who opens the widget now reads the same from the server's page.
    const later = await freshPage(browser.context);
    await (await openWidget(later, projectId, ids['L-1']!)).getByText('Sänkt från').waitFor();
  });

  it('polls the view with its ETag when events cannot get through', async () => {
    const { projectId, ids } = await arrange('Live behind a proxy');
    const buyer = await freshPage(browser.context);
    const views: (string | undefined)[] = [];
    // A proxy that refuses event streams.
    await buyer.route('**/events', (route) => route.fulfill({ status: 503, body: 'no streams here' }));
    buyer.on('request', (req) => {
      if (new URL(req.url()).pathname === `/api/v1/public/view/${projectId}`)
        views.push(req.headers()['if-none-match']);
    });
    const panel = await openWidget(buyer, projectId, ids['L-1']!);
    const res = await api('POST', '/api/v2/apartments/update-status', token, {
      apartments: [ids['L-1']],
      status: 'reserved',
      projectId,
    });
    expect(res.status).toBe(200);
    await panel.getByText('Bokad').waitFor();
    await buyer.locator(`.pv-zone.pv-st-reserved[data-pv-id="${ids['L-1']}"]`).waitFor();
    // The view came inlined in the page with its ETag (ADR 016): every request for it was a
    // conditional poll.
    expect(views.length).toBeGreaterThan(0);
    expect(views.every((etag) => etag?.startsWith('"'))).toBe(true);
    await buyer.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
