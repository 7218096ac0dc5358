import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  adminToken,
  api,
  apiLogin,
  arrangeAs,
  baseURL,
  createUser,
  launchBrowser,
  PHONE,
} from './support/browser';
import { hostPage, type HostPage } from './support/host-page';
import { mailTo } from './support/mailbox';
import { signIn } from './support/session';
import { addApartment, setSettings, svgDoc, uploadFile, zoneRect } from './support/widget-fixtures';

/**
 * A whole release (issue 24, ADRs 040–042) in one pass: the client sets up a queue release in
 * the "Säljstart" tab and steps it into its wish window; the first buyer in the queue stars two
 * homes in the widget on her phone, sends them, saves them on Min sida from the mailed link and
 * reorders them there (the other two send theirs as the widget's JSON call does, both wanting the
 * same home first); the client closes the window, runs the allocation and approves
 * it; the first buyer accepts on Min sida (the home goes reserved live in an open widget on a
 * broker's page), the second declines by phone through the launch console and the home passes
 * to the third; the step to public flips the home nobody wished for to "for sale" in that
 * widget; and the draw, re-run in the browser from its protocol, agrees with the public page.
 */
let browser: Browser;
let host: HostPage;
let token: string;
let projectId: number;
let client: { email: string; password: string };
const homes: Record<'R-1' | 'R-2' | 'R-3', number> = { 'R-1': 0, 'R-2': 0, 'R-3': 0 };
/** Min sida links (their page tokens), in queue order. */
const buyers = [
  { name: 'Alva Först', email: 'alva.release@example.com', page: '' },
  { name: 'Bo Andre', email: 'bo.release@example.com', page: '' },
  { name: 'Cim Tredje', email: 'cim.release@example.com', page: '' },
];
const minSida = /https?:\/\/\S+\/interest\/my\?token=([\w%-]+)/;

beforeAll(async () => {
  [browser, token] = await Promise.all([launchBrowser(), adminToken()]);
  const owner = await createUser(token, { role: 'client', first_name: 'Rut' });
  client = { email: owner.email, password: owner.password };
  const clientToken = await apiLogin(owner.email, owner.password);
  projectId = (await arrangeAs(token).project({ name: 'Kv. Rönnen', type: 'sale', owner: owner.id })).id;
  await setSettings(token, projectId, { show_status: '1', interest_enabled: '1' });
  for (const [i, bostad] of (['R-1', 'R-2', 'R-3'] as const).entries()) {
    homes[bostad] = await addApartment(token, projectId, {
      bostad,
      rooms: String(2 + i),
      price: 3_000_000 + i * 250_000,
      status: 'upcoming',
    });
  }
  await uploadFile(
    token,
    projectId,
    'ronnen.svg',
    svgDoc(
      zoneRect(homes['R-1'], 'R-1', 20, 40, 110, 160) +
        zoneRect(homes['R-2'], 'R-2', 145, 40, 110, 160) +
        zoneRect(homes['R-3'], 'R-3', 270, 40, 110, 160),
    ),
  );
  // Three people on the interest list, added by the client and confirmed from their mail, in
  // this order (the queue is the confirmation time, ADR 036).
  for (const b of buyers) {
    const added = await api('POST', `/api/v1/client/interest/${projectId}`, clientToken, {
      name: b.name,
      email: b.email,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const mail = await mailTo(b.email);
    const confirm = decodeURIComponent(/\/interest\/confirm\?token=([\w%-]+)/.exec(mail.text ?? '')![1]!);
    const done = await api('POST', '/api/v1/public/interest/confirm', undefined, { token: confirm });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const page = await mailTo(b.email, (m) => minSida.test(m.text ?? ''));
    b.page = minSida.exec(page.text ?? '')![0];
  }
  const code = await api<{ code: { full: string } }>('GET', `/api/v1/admin/project/code/${projectId}`, token);
  host = await hostPage(code.body.code.full, { above: 200 });
});
afterAll(async () => {
  await host?.close();
  await browser?.close();
});

/** Presses a release's button and its confirmation, and waits for the state it leads to. */
async function confirmStep(office: Page, button: string, state: string) {
  await office.getByRole('button', { name: button, exact: true }).click();
  await office.getByRole('dialog').getByRole('button', { name: 'Bekräfta' }).click();
  await office.getByText(`Läge: ${state}.`).waitFor();
}

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, `hours` from now (a datetime-local value). */
const localInput = (office: Page, hours: number) =>
  office.evaluate((h) => {
    const d = new Date(Date.now() + h * 3_600_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, hours);

describe('a release', () => {
  it('runs from set-up through ranked wishes, an approved allocation and offers to the public flip, and its draw re-runs the same', async () => {
    // The widget is open on the broker's page all along (another origin, a laptop).
    const viewer = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'sv-SE' });
    const widgetPage = await viewer.newPage();
    await widgetPage.goto(host.url);
    const widget = widgetPage.frameLocator('iframe');
    await widget.locator('#root[data-ready="1"]').waitFor();
    const zone = (bostad: keyof typeof homes, status: string) =>
      widget.locator(`.pv-zone.pv-st-${status}[data-pv-id="${homes[bostad]}"]`);
    await zone('R-3', 'upcoming').waitFor();

    // 1. The client sets the release up in the "Säljstart" tab and opens its wish window.
    const desk = await browser.newContext({ baseURL: baseURL(), locale: 'sv-SE' });
    const office = await desk.newPage();
    await signIn(office, client.email, client.password, `/projects/${projectId}?tab=releases`);
    await office.getByRole('button', { name: 'Ny säljstart' }).click();
    const form = office.getByRole('dialog', { name: 'Ny säljstart' });
    await form.getByLabel('Namn', { exact: true }).fill('Etapp R');
    await form.getByLabel('Önskeperioden öppnar').fill(await localInput(office, 1));
    await form.getByLabel('Önskeperioden stänger').fill(await localInput(office, 48));
    await form.getByLabel('Öppen försäljning från').fill(await localInput(office, 72));
    await form.getByLabel('Säljstarten avslutas').fill(await localInput(office, 240));
    for (const bostad of Object.keys(homes)) {
      await form.getByLabel('Bostäder', { exact: true }).click();
      await office.getByRole('option', { name: bostad, exact: true }).click();
    }
    await office.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Spara' }).click();
    const card = office.getByRole('region', { name: 'Etapp R' });
    await card.getByText('Läge: Utkast.').waitFor();
    await confirmStep(office, 'Gå till Schemalagd', 'Schemalagd');
    await confirmStep(office, 'Gå till Önskemål öppna', 'Önskemål öppna');
    const clientToken = await apiLogin(client.email, client.password);
    const listed = await api<{ releases: { id: number; name: string }[] }>(
      'GET',
      `/api/v1/client/releases/${projectId}`,
      clientToken,
    );
    const releaseId = listed.body.releases.find((r) => r.name === 'Etapp R')!.id;

    // 2. The first in the queue stars two homes in the widget on her phone and sends them; being
    // on the list already, she saves them on Min sida from the mailed link and moves R-1 up.
    const phone = await browser.newContext({ ...PHONE, locale: 'sv-SE' });
    const star = await phone.newPage();
    await star.goto(host.url);
    await star.locator('iframe').scrollIntoViewIfNeeded();
    const frame = star.frameLocator('iframe');
    await frame.locator('#root[data-ready="1"]').waitFor();
    await frame.getByRole('button', { name: 'Lägg till Bostad R-2 i önskelistan' }).tap();
    await frame.getByRole('button', { name: 'Lägg till Bostad R-1 i önskelistan' }).tap();
    await frame.getByRole('button', { name: 'Min önskelista (2)' }).tap();
    await frame
      .getByRole('dialog', { name: 'Min önskelista: Etapp R' })
      .getByRole('button', { name: 'Skicka mina önskemål' })
      .tap();
    const signUp = frame.getByRole('dialog', { name: 'Intresseanmälan' });
    await signUp.getByLabel('Namn', { exact: true }).fill(buyers[0]!.name);
    await signUp.getByLabel('E-post', { exact: true }).fill(buyers[0]!.email);
    await signUp.getByRole('checkbox', { name: /intresselistan/ }).check();
    await signUp.getByRole('button', { name: 'Skicka anmälan' }).tap();
    await signUp.getByText(`Tack! Bekräfta via länken vi skickade till ${buyers[0]!.email}.`).waitFor();
    const proposed = await mailTo(buyers[0]!.email, (m) =>
      /^Spara dina önskemål i Etapp R/.test(m.subject ?? ''),
    );
    expect(proposed.text).toMatch(/1\. R-2\s+2\. R-1/);
    const alva = await phone.newPage();
    // The link carries the proposal (release and wishes) after the page token.
    await alva.goto(/https?:\/\/\S+\/interest\/my\?\S+/.exec(proposed.text ?? '')![0]);
    const wishes = alva.getByRole('region', { name: 'Önskelista: Etapp R' });
    const ranked = () => wishes.locator('li[data-wish] span').allTextContents();
    await wishes.getByRole('button', { name: 'Spara de här önskemålen' }).tap();
    await expect.poll(ranked).toEqual(['R-2', 'R-1']);
    await wishes.getByRole('button', { name: 'Flytta R-1 upp' }).tap();
    await expect.poll(ranked).toEqual(['R-1', 'R-2']);
    // The other two want R-2 first, as the widget's wish list sends it.
    for (const b of buyers.slice(1)) {
      const sent = await api('PUT', `/api/v1/public/interest/me/releases/${releaseId}/wishes`, undefined, {
        token: decodeURIComponent(minSida.exec(b.page)![1]!),
        wishes: [homes['R-2']],
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }

    // 3. The client closes the window, runs the allocation, reads it and approves it.
    await confirmStep(office, 'Gå till Önskemål stängda', 'Önskemål stängda');
    await confirmStep(office, 'Kör fördelning', 'Fördelad');
    const run = office.getByRole('table', { name: /Personer i prioritetsordning/ });
    const homeColumn = async (rows: ReturnType<Page['locator']>, column: number) =>
      (await rows.evaluateAll((trs, c) => trs.map((tr) => tr.children[c]?.textContent ?? ''), column)).map(
        (s) => s.trim(),
      );
    // In queue order: Alva her first choice, Bo R-2, Cim (who wanted only R-2 too) nothing yet.
    const allocation = ['R-1', 'R-2', 'Ingen bostad'];
    await expect.poll(() => homeColumn(run.locator('tbody tr'), 4)).toEqual(allocation);
    await confirmStep(office, 'Godkänn fördelning', 'Erbjudanden ute');

    // 4. Offers: Alva accepts on Min sida, and R-1 goes reserved in the open widget.
    const offerA = await mailTo(buyers[0]!.email, (m) => /^Du erbjuds R-1/.test(m.subject ?? ''));
    await alva.goto(minSida.exec(offerA.text ?? '')![0]);
    await alva.getByRole('button', { name: 'Tacka ja till R-1' }).click();
    await zone('R-1', 'preorder').waitFor();
    await mailTo(buyers[1]!.email, (m) => /^Du erbjuds R-2/.test(m.subject ?? ''));

    // Bo calls and declines; the sales team does it in the launch console, and R-2 passes on.
    await card.getByRole('link', { name: 'Öppna lanseringskonsolen' }).click();
    await office.waitForURL(`**/projects/${projectId}/releases/${releaseId}/console`);
    const offers = office.getByRole('table', { name: 'Erbjudanden' });
    const boRow = offers.locator('tr[data-offer-id]', { hasText: 'Bo Andre' });
    await boRow.getByRole('button', { name: 'Tacka nej' }).click();
    await office.getByRole('dialog').getByRole('button', { name: 'Tacka nej' }).click();
    await offers
      .locator('tr[data-offer-id]', { hasText: 'Cim Tredje' })
      .getByText('Väntar på svar')
      .waitFor();
    await boRow.getByText('Tackat nej').waitFor();
    await mailTo(buyers[2]!.email, (m) => /^Du erbjuds R-2/.test(m.subject ?? ''));

    // 5. The step to public: R-3, which nobody wished for, flips to for sale in the open widget;
    // R-2 waits for Cim's answer.
    await office.goBack();
    await confirmStep(office, 'Gå till Öppen försäljning', 'Öppen försäljning');
    await zone('R-3', 'sale').waitFor();
    await zone('R-2', 'upcoming').waitFor();

    // 6. The draw, re-run here from its public protocol, agrees; the protocol page shows the same
    // allocation, without names.
    await card.getByRole('button', { name: 'Kör om lottningen här och jämför' }).click();
    await card.getByText(/^Protokollet stämmer:/).waitFor();
    const published = await desk.newPage();
    await published.goto(`/releases/${releaseId}/protocol`);
    const protocolRows = published.locator('table tr').filter({ has: published.locator('td') });
    expect(await homeColumn(protocolRows, 2)).toEqual(allocation);
    const text = (await published.locator('main').textContent()) ?? '';
    for (const b of buyers) expect(text).not.toContain(b.name);

    await Promise.all([viewer.close(), desk.close(), phone.close()]);
  });
});
