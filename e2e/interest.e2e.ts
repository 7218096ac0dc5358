import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { InterestEntry } from '@planvy/shared';
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
import { signIn, signInAsAdmin } from './support/session';
import { addApartment, setSettings, svgDoc, uploadFile, zoneRect } from './support/widget-fixtures';

/**
 * Interest registration (ADR 036) from the admin's switch to the client's list: the admin turns
 * it on in the settings tab; a buyer on a phone (390 × 844, touch), in a host page on another
 * origin, registers from an apartment's card; the confirmation mail (DATA_DIR/mail) is opened,
 * the button confirms, and Min sida shows the queue place; the entry is in that client's list
 * and not in another client's.
 */
let browser: Browser;
let host: HostPage;
let token: string;
let projectId: number;
let clientToken: string;
let clientLogin: { email: string; password: string };
let otherClientToken: string;
let flat: number;

beforeAll(async () => {
  [browser, token] = await Promise.all([launchBrowser(), adminToken()]);
  const [client, other] = await Promise.all([
    createUser(token, { role: 'client', first_name: 'Klara' }),
    createUser(token, { role: 'client', first_name: 'Olle' }),
  ]);
  clientLogin = { email: client.email, password: client.password };
  [clientToken, otherClientToken] = await Promise.all([
    apiLogin(client.email, client.password),
    apiLogin(other.email, other.password),
  ]);
  projectId = (await arrangeAs(token).project({ name: 'Kv. Eken', type: 'sale', owner: client.id })).id;
  await arrangeAs(token).project({ name: 'Kv. Asken', type: 'sale', owner: other.id });
  await setSettings(token, projectId, { show_status: '1' });
  flat = await addApartment(token, projectId, {
    bostad: '1101',
    rooms: '3',
    price: 3_950_000,
    status: 'sale',
  });
  await uploadFile(token, projectId, 'eken.svg', svgDoc(zoneRect(flat, '1101', 40, 40, 200, 160)));
  const code = await api<{ code: { full: string } }>('GET', `/api/v1/admin/project/code/${projectId}`, token);
  host = await hostPage(code.body.code.full, { above: 900, below: 900 });
});
afterAll(async () => {
  await host?.close();
  await browser?.close();
});

describe('interest registration', () => {
  it('turned on by the admin, registered from a card on a phone, confirmed by mail, listed for the client only', async () => {
    // The admin turns it on in the back-office's settings tab.
    const laptop = await browser.newContext({ baseURL: baseURL(), locale: 'sv-SE' });
    const admin = await laptop.newPage();
    await signInAsAdmin(admin);
    await admin.goto(`/projects/${projectId}?tab=settings`);
    await admin.getByText('Ta emot intresseanmälningar', { exact: true }).click();
    await admin.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect
      .poll(
        async () =>
          (
            await api<{ value: string }>(
              'GET',
              `/api/v1/admin/settings/${projectId}?name=interest_enabled`,
              token,
            )
          ).body.value,
      )
      .toBe('1');
    await laptop.close();

    // A buyer on a phone, in the broker's page on another origin.
    const phone = await browser.newContext({ ...PHONE, locale: 'sv-SE' });
    const page = await phone.newPage();
    await page.goto(host.url);
    await page.evaluate(() => {
      const w = window as unknown as { got: unknown[] };
      w.got = [];
      window.addEventListener('planvy:interest', (e) => w.got.push((e as CustomEvent).detail));
    });
    await page.locator('iframe').scrollIntoViewIfNeeded();
    const frame = page.frameLocator('iframe');
    await frame.locator('#root[data-ready="1"]').waitFor();
    await frame.locator('[data-pv-row]').first().click();
    const card = frame.getByRole('dialog', { name: 'Bostad 1101' });
    // The primary step, ahead of everything else on the card.
    await card.locator('.pv-panel-foot .pv-action').first().click();
    const form = frame.getByRole('dialog', { name: 'Intresseanmälan' });
    await form.getByLabel('Namn', { exact: true }).fill('Greta Köpare');
    await form.getByLabel('E-post', { exact: true }).fill('greta.e2e@example.com');
    await expect.poll(() => form.getByRole('listitem').first().textContent()).toContain('1101');
    await form.getByRole('checkbox', { name: /intresselistan/ }).check();
    expect(await form.getByRole('checkbox', { name: /nyhetsbrev/ }).isChecked()).toBe(false);
    // The form fits the phone: the send button is reachable inside the frame's dialog.
    await form.getByRole('button', { name: 'Skicka anmälan' }).click();
    await form.getByText('Tack! Bekräfta via länken vi skickade till greta.e2e@example.com.').waitFor();

    // The host page heard of it, without the buyer's name or address.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { got: unknown[] }).got))
      .toEqual([{ type: 'planvy:interest', v: 1, projectId, source: 'apartment', apartmentIds: [flat] }]);

    // The mail, as the running server's outbox sent it; its link and button confirm.
    const mail = await mailTo('greta.e2e@example.com');
    expect(mail.subject).toBe('Bekräfta din intresseanmälan till Kv. Eken');
    const link = /https?:\/\/\S+\/interest\/confirm\?token=[\w%-]+/.exec(mail.text ?? '')![0];
    const confirmPage = await phone.newPage();
    const res = await confirmPage.goto(link);
    expect(res?.headers()['referrer-policy']).toBe('no-referrer');
    await confirmPage.getByRole('button', { name: 'Bekräfta' }).click();
    await confirmPage.getByRole('heading', { name: 'Min sida: Kv. Eken' }).waitFor();
    const queue = await confirmPage.locator('[data-queue]').textContent();
    expect(queue).toMatch(/\d{2}:\d{2}:\d{2}/); // to the second
    await phone.close();

    // The client, in the back-office: the entry in the interest tab, and the demand on the plan.
    const office = await browser.newContext({ baseURL: baseURL(), locale: 'sv-SE' });
    const owner = await office.newPage();
    await signIn(owner, clientLogin.email, clientLogin.password);
    await owner.goto(`/projects/${projectId}?tab=interest`);
    const row = owner.locator('[data-testid^="interest-row-"]');
    await row.getByText('Greta Köpare').waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toMatch(/Bekräftad.*I kön sedan .*\d{2}:\d{2}:\d{2}.*1\. 1101/);
    await owner.getByRole('tab', { name: 'Plan och lägenheter' }).click();
    await owner.getByTestId('demand-toggle').check();
    await owner.getByTestId('demand-legend').getByText('1 anmälan').waitFor();
    await office.close();

    // The same through the API; not in another client's list (404).
    const list = await api<{ entries: InterestEntry[] }>(
      'GET',
      `/api/v1/client/interest/${projectId}`,
      clientToken,
    );
    expect(list.body.entries).toMatchObject([
      {
        name: 'Greta Köpare',
        email: 'greta.e2e@example.com',
        status: 'confirmed',
        preferences: { apartment_ids: [flat] },
      },
    ]);
    expect((await api('GET', `/api/v1/client/interest/${projectId}`, otherClientToken)).status).toBe(404);
  });
});
