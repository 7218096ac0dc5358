import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adminToken, baseURL, freshPage, launch } from './support/browser';
import { signInAsAdmin, toastSeen } from './support/session';
import {
  addApartment,
  createProject,
  svgDoc,
  untilViewShows,
  uploadFile,
  zoneRect,
} from './support/widget-fixtures';

/**
 * Apartment links and info files a buyer can follow (issue 9): only http(s), and mailto:
 * or tel: for the link. An admin cannot save anything else from the back-office; what is
 * saved is what the buyer gets; and a link stored before the rule never becomes a link.
 */

let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;
let page: Page;
let token: string;

beforeAll(async () => {
  browser = await launch();
  context = browser.context;
  token = await adminToken();
});
afterAll(() => browser.close());
beforeEach(async () => {
  page = await freshPage(context);
});

async function projectWithZone(name: string) {
  const id = await createProject(token, name);
  const apartment = await addApartment(token, id, { bostad: 'L1', rooms: '2', status: 'sale' });
  await uploadFile(token, id, 'plan.svg', svgDoc(zoneRect(apartment, 'L1', 100, 80, 160, 120)));
  return { id, apartment };
}

describe('apartment links', () => {
  it('an admin cannot save a script link or a non-web info file; the buyer follows the web ones', async () => {
    const { id, apartment } = await projectWithZone('Länkar');
    await signInAsAdmin(page, `/projects/${id}`);
    await page.getByRole('row', { name: 'Öppna L1', exact: true }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('heading', { name: 'Bostad L1' }).waitFor();

    const link = form.getByLabel('Länk', { exact: true });
    await link.fill('javascript:alert(document.domain)');
    await form.getByLabel('Fil-URL').fill('data:text/html,<script>alert(1)</script>');
    await form.getByText('Ange en webbadress som börjar med https:// eller http://').waitFor();
    expect(await form.getByRole('button', { name: 'Lägg till', exact: true }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Spara' }).click();
    await form.getByText('Ange en webbadress (https://…), en mailto:-adress eller ett tel:-nummer').waitFor();

    await link.fill('https://eken.example/l1');
    await form.getByLabel('Fil-URL').fill('https://eken.example/docs/l1-ritning.pdf');
    await form.getByRole('button', { name: 'Lägg till', exact: true }).click();
    await form.getByRole('button', { name: 'Spara' }).click();
    await toastSeen(page, 'Lägenheten har uppdaterats');

    await untilViewShows(id, (v) => (v as { apartments: { link: string }[] }).apartments[0]?.link !== '');
    const buyer = await context.newPage();
    await buyer.goto(`/view/${id}`);
    await buyer.waitForSelector('#root[data-ready="1"]');
    await buyer.locator(`.pv-zone[data-pv-id="${apartment}"]`).click();
    const panel = buyer.getByRole('dialog', { name: 'Bostad L1' });
    await expect(panel.getByRole('link', { name: 'Läs mer om bostaden' }).getAttribute('href')).resolves.toBe(
      'https://eken.example/l1',
    );
    await expect(panel.getByRole('link', { name: 'l1-ritning.pdf' }).getAttribute('href')).resolves.toBe(
      'https://eken.example/docs/l1-ritning.pdf',
    );
    await buyer.close();
  });

  it("with no project e-mail the card's first step is the apartment's link, and without a link it shares the apartment", async () => {
    // The project shows no project information, so the card has no "Kontakta oss" (issue 20).
    const { id, apartment } = await projectWithZone('Nästa steg');
    await signInAsAdmin(page, `/projects/${id}`);

    /** The admin sets the apartment's link in the back-office form ('' clears it). */
    const setLink = async (value: string) => {
      await page.getByRole('row', { name: 'Öppna L1', exact: true }).click();
      const form = page.getByRole('dialog');
      await form.getByRole('heading', { name: 'Bostad L1' }).waitFor();
      await form.getByLabel('Länk', { exact: true }).fill(value);
      await form.getByRole('button', { name: 'Spara' }).click();
      await toastSeen(page, 'Lägenheten har uppdaterats');
      await form.waitFor({ state: 'detached' });
      await untilViewShows(
        id,
        (v) => (v as { apartments: { link: string }[] }).apartments[0]?.link === value,
      );
    };
    /** The buyer's card for L1, opened from its zone, and its first (primary) action. */
    const card = async () => {
      const buyer = await context.newPage();
      await buyer.goto(`/view/${id}`);
      await buyer.waitForSelector('#root[data-ready="1"]');
      await buyer.locator(`.pv-zone[data-pv-id="${apartment}"]`).click();
      const panel = buyer.getByRole('dialog', { name: 'Bostad L1' });
      await panel.waitFor();
      expect(await panel.getByRole('link', { name: 'Kontakta oss' }).count()).toBe(0);
      const primary = panel.locator('.pv-panel-foot > *').first();
      // Drawn as the primary action, and on screen.
      await expect(primary.getAttribute('class')).resolves.toBe('pv-action');
      const box = (await primary.boundingBox())!;
      const { width, height } = buyer.viewportSize()!;
      expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height).toBe(
        true,
      );
      return { buyer, panel, primary };
    };

    await setLink('https://eken.example/l1');
    const withLink = await card();
    expect((await withLink.primary.textContent())?.trim()).toBe('Läs mer om bostaden');
    await expect(withLink.primary.getAttribute('href')).resolves.toBe('https://eken.example/l1');
    // Sharing is still there, as a secondary step.
    await expect(withLink.panel.getByRole('button', { name: 'Dela' }).getAttribute('class')).resolves.toBe(
      'pv-action pv-secondary',
    );
    await withLink.buyer.close();

    // With neither link nor e-mail the card still has a next step: sharing this apartment.
    await setLink('');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    const bare = await card();
    expect(await bare.panel.getByRole('link', { name: 'Läs mer om bostaden' }).count()).toBe(0);
    expect((await bare.primary.textContent())?.trim()).toBe('Dela');
    await bare.panel.getByRole('button', { name: 'Dela' }).click();
    await bare.buyer.getByRole('status').filter({ hasText: 'Länken är kopierad.' }).waitFor();
    const shared = new URL(await bare.buyer.evaluate(() => navigator.clipboard.readText()));
    expect(shared.pathname).toBe(`/view/${id}`);
    expect(shared.searchParams.get('apartment')).toBe(String(apartment));
    // The link opens the same apartment's card.
    await bare.buyer.goto(shared.href);
    await bare.buyer.getByRole('dialog', { name: 'Bostad L1' }).waitFor();
    await bare.buyer.close();
  });

  it('the widget never renders a stored link that breaks the rule (old data)', async () => {
    const { id, apartment } = await projectWithZone('Gamla länkar');
    await untilViewShows(id, (v) => (v as { plans: unknown[] }).plans.length === 1);
    // The view as a server before the rule could have stored it: inlined in the page (ADR 016)
    // and, for a refetch, from the API.
    type View = { apartments: { link: string; info: { url: string }[] }[] };
    const old = (view: View) => {
      view.apartments[0]!.link = ' java\tscript:alert(1)';
      view.apartments[0]!.info = [
        { url: 'javascript:alert(2)' },
        { url: 'data:text/html,<script>alert(3)</script>' },
        { url: '/relative/doc.pdf' },
        { url: 'https://eken.example/ok.pdf' },
      ];
      return view;
    };
    await page.route(
      (url) => url.pathname === `/view/${id}`,
      async (route) => {
        const res = await route.fetch();
        const html = (await res.text()).replace(
          /(<script type="application\/json" id="pv-data">)([\s\S]*?)(<\/script>)/,
          (_all, open: string, json: string, close: string) => {
            const data = JSON.parse(json) as { etag: string; view: View };
            return open + JSON.stringify({ ...data, view: old(data.view) }).replace(/</g, '\\u003c') + close;
          },
        );
        expect(html).toContain('eken.example/ok.pdf');
        await route.fulfill({ response: res, body: html });
      },
    );
    await page.route(`**/api/v1/public/view/${id}`, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: old((await res.json()) as View) });
    });
    await page.goto(`/view/${id}`);
    await page.waitForSelector('#root[data-ready="1"]');
    await page.locator(`.pv-zone[data-pv-id="${apartment}"]`).click();
    const panel = page.getByRole('dialog', { name: 'Bostad L1' });
    await panel.waitFor();
    const hrefs = await panel
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['https://eken.example/ok.pdf']);
  });
});
