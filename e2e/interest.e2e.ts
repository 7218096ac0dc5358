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
 * and not in another client's. Then a release's wish window (ADR 041): the buyer stars two homes,
 * sends them ranked, confirms, and reorders them on Min sida, each change with a receipt mail.
 */
let browser: Browser;
let host: HostPage;
let token: string;
let projectId: number;
let clientToken: string;
let clientLogin: { email: string; password: string };
let otherClientToken: string;
let flat: number;
let flat2: number;

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
  flat2 = await addApartment(token, projectId, {
    bostad: '1102',
    rooms: '2',
    price: 3_100_000,
    status: 'sale',
  });
  await uploadFile(
    token,
    projectId,
    'eken.svg',
    svgDoc(zoneRect(flat, '1101', 40, 40, 150, 160) + zoneRect(flat2, '1102', 210, 40, 150, 160)),
  );
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
    await signInAsAdmin(admin, `/projects/${projectId}?tab=settings`);
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
    await signIn(owner, clientLogin.email, clientLogin.password, `/projects/${projectId}?tab=interest`);
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

  it('a release takes ranked wishes: starred on a phone, sent, confirmed by mail, reordered on Min sida with a receipt', async () => {
    await setSettings(token, projectId, { interest_enabled: '1' });
    // The release, through its own API (ADR 040), stepped by hand into its wish window.
    const hour = 3_600_000;
    const at = (h: number) => new Date(Date.now() + h * hour).toISOString();
    type Release = { release: { id: number; version: number; state: string } };
    let release = (
      await api<Release>('POST', `/api/v1/admin/releases/${projectId}`, token, {
        name: 'Släpp 1',
        mode: 'queue',
        max_wishes: 3,
        show_demand: true,
        wishes_open_at: at(1),
        wishes_close_at: at(48),
        public_at: at(72),
        closes_at: at(240),
        apartment_ids: [flat, flat2],
      })
    ).body.release;
    for (const from of ['draft', 'scheduled']) {
      const res = await api<Release>(
        'POST',
        `/api/v1/admin/releases/${projectId}/${release.id}/step`,
        token,
        {
          from,
          version: release.version,
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      release = res.body.release;
    }
    expect(release.state).toBe('wishes_open');

    const phone = await browser.newContext({ ...PHONE, locale: 'sv-SE' });
    const page = await phone.newPage();
    await page.goto(host.url);
    await page.locator('iframe').scrollIntoViewIfNeeded();
    const frame = page.frameLocator('iframe');
    await frame.locator('#root[data-ready="1"]').waitFor();
    // Beside the heart on each card of the release; the second choice starred first, then moved.
    await frame.getByRole('button', { name: 'Lägg till Bostad 1101 i önskelistan' }).tap();
    await frame.getByRole('button', { name: 'Lägg till Bostad 1102 i önskelistan' }).tap();
    await frame.getByRole('button', { name: 'Min önskelista (2)' }).tap();
    const list = frame.getByRole('dialog', { name: 'Min önskelista: Släpp 1' });
    await list.getByRole('button', { name: 'Flytta Bostad 1102 upp' }).tap();
    expect(await list.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('1102'),
      expect.stringContaining('1101'),
    ]);
    await list.getByRole('button', { name: 'Skicka mina önskemål' }).tap();
    const form = frame.getByRole('dialog', { name: 'Intresseanmälan' });
    await form.getByText('Dina önskemål i Släpp 1, i den ordning du föredrar dem').waitFor();
    await form.getByLabel('Namn', { exact: true }).fill('Vera Önskar');
    await form.getByLabel('E-post', { exact: true }).fill('vera.e2e@example.com');
    await form.getByRole('checkbox', { name: /intresselistan/ }).check();
    await form.getByRole('button', { name: 'Skicka anmälan' }).tap();
    await form.getByText('Tack! Bekräfta via länken vi skickade till vera.e2e@example.com.').waitFor();

    // Confirmed by mail: Min sida shows the two ranked, the first choice first.
    const mail = await mailTo('vera.e2e@example.com');
    const link = /https?:\/\/\S+\/interest\/confirm\?token=[\w%-]+/.exec(mail.text ?? '')![0];
    const mine = await phone.newPage();
    await mine.goto(link);
    await mine.getByRole('button', { name: 'Bekräfta' }).tap();
    const section = mine.getByRole('region', { name: 'Önskelista: Släpp 1' });
    await section.waitFor();
    expect(await section.locator('li[data-wish] span').allTextContents()).toEqual(['1102', '1101']);
    await mailTo('vera.e2e@example.com', (m) => /1\. 1102\s+2\. 1101/.test(m.text ?? ''));

    // A reorder on Min sida (a real form button, named for its home) mails a receipt.
    await section.getByRole('button', { name: 'Flytta 1101 upp' }).tap();
    await mine.getByText('Dina önskemål är sparade.').waitFor();
    expect(
      await mine
        .getByRole('region', { name: 'Önskelista: Släpp 1' })
        .locator('li[data-wish] span')
        .allTextContents(),
    ).toEqual(['1101', '1102']);
    const receipt = await mailTo('vera.e2e@example.com', (m) => /1\. 1101\s+2\. 1102/.test(m.text ?? ''));
    expect(receipt.subject).toBe('Dina önskemål i Släpp 1, Kv. Eken');
    await phone.close();
  });
});
