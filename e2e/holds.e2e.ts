import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, freshPage, launch } from './support/browser';
import { mailTo } from './support/mailbox';
import { signInAsAdmin } from './support/session';
import { addApartment, createProject, svgDoc, uploadFile, zoneRect } from './support/widget-fixtures';

/**
 * Reservations that expire (issue 23, ADR 035): the sales team reserves an apartment in the
 * back-office, a buyer's open widget shows it reserved live, and when the hold runs out the
 * widget shows the apartment for sale again, with nobody doing anything. The e2e server's
 * hold day is 2 seconds (HOLD_DAY_SECONDS in global-setup.ts).
 */
let browser: Awaited<ReturnType<typeof launch>>;
let token: string;

beforeAll(async () => {
  token = await adminToken();
  browser = await launch();
});
afterAll(() => browser.close());

describe('a hold', () => {
  it('shows live in an open widget when placed, and expires by itself back to for sale', async () => {
    const projectId = await createProject(token, 'Holds launch');
    const id = await addApartment(token, projectId, {
      bostad: 'H-1',
      rooms: '2',
      price: 2_500_000,
      status: 'sale',
      file_name: 'plan.svg',
    });
    await uploadFile(token, projectId, 'plan.svg', svgDoc(zoneRect(id, 'H-1', 20, 20)));

    const buyer = await freshPage(browser.context);
    await buyer.goto(`/view/${projectId}`);
    await buyer.locator(`.pv-zone.pv-st-sale[data-pv-id="${id}"]`).waitFor();

    const back = await browser.context.newPage();
    await signInAsAdmin(back, `/projects/${projectId}?tab=holds`);
    await back.getByText('Inga aktiva reservationer', { exact: false }).waitFor();
    // The broker reserves from the apartment itself: its dialog has "Reservera".
    await back.getByRole('tab', { name: 'Plan och lägenheter' }).click();
    await back.getByRole('row', { name: 'Öppna H-1', exact: true }).click();
    await back.getByRole('dialog', { name: /H-1/ }).getByRole('button', { name: 'Reservera' }).click();
    const form = back.getByRole('dialog', { name: 'Reservera en bostad' });
    expect(await form.getByRole('combobox', { name: 'Bostad' }).inputValue()).toBe('H-1');
    // Six "days" of 2 seconds: long enough to see it reserved, short enough to see it lapse.
    await form.getByRole('textbox', { name: 'Antal dagar' }).fill('6');
    await form.getByRole('textbox', { name: 'Namn' }).fill('Kim Köpare');
    await form.getByRole('textbox', { name: 'E-post' }).fill('kim.e2e@example.com');
    await form.getByRole('button', { name: 'Reservera' }).click();
    await back.getByText('H-1 är reserverad').waitFor();
    await back
      .getByRole('row', { name: 'Öppna H-1', exact: true })
      .getByText(/Reserverad till/)
      .waitFor();
    await back.getByRole('tab', { name: 'Reservationer' }).click();
    const row = back.locator('tr[data-hold-id]', { hasText: 'H-1' });
    await row.getByText('Kim Köpare').waitFor();

    // The buyer's widget, untouched, follows: reserved now.
    await buyer.bringToFront();
    await buyer.locator(`.pv-zone.pv-st-preorder[data-pv-id="${id}"]`).waitFor();
    const placed = await mailTo('kim.e2e@example.com', (m) => /är reserverad åt dig/.test(m.subject ?? ''));
    expect(placed.subject).toMatch(/^H-1, Holds launch är reserverad åt dig till /);

    // Nobody does anything: the hold lapses and the widget shows it for sale again.
    await buyer.locator(`.pv-zone.pv-st-sale[data-pv-id="${id}"]`).waitFor({ timeout: 60_000 });
    const ended = await mailTo('kim.e2e@example.com', (m) => /har upphört/.test(m.subject ?? ''));
    expect(ended.subject).toBe('Din reservation av H-1, Holds launch har upphört');
    await back.close();
  });
});
