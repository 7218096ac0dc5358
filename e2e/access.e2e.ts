import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adminToken, api, apiLogin, createUser, freshPage, launch } from './support/browser';
import { expectPath, signIn, signInAsAdmin, toastSeen } from './support/session';

/**
 * Issue 9 in the browser: sign out everywhere, log in as (and back, all in the audit
 * log), deleting a user, and the refusal of a common password.
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

const dialog = () => page.getByRole('dialog');
/** Waits until the user page has loaded the user's e-mail. */
const userPageLoaded = (email: string) =>
  page.waitForFunction((e) => [...document.querySelectorAll('input')].some((i) => i.value === e), email);

describe('sign out everywhere', () => {
  it('ends this session and every other one: another session’s token stops working', async () => {
    const user = await createUser(token, { role: 'client', first_name: 'Sara', last_name: 'Session' });
    const otherSession = await apiLogin(user.email, user.password);
    expect((await api('GET', '/api/v1/user/me', otherSession)).status).toBe(200);

    await signIn(page, user.email, user.password);
    await page.getByRole('link', { name: 'Sara Session' }).first().click();
    await expectPath(page, '/account');
    await page.getByRole('button', { name: 'Logga ut överallt' }).click();
    await dialog().getByText('Du loggas ut på alla enheter, även den här').waitFor();
    await dialog().getByRole('button', { name: 'Logga ut överallt' }).click();
    await expectPath(page, '/login');
    await page.getByText('Du har loggats ut överallt.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();

    const after = await api<{ message: string }>('GET', '/api/v1/user/me', otherSession);
    expect(after.status).toBe(401);
    // Signing in again works.
    expect((await api('GET', '/api/v1/user/me', await apiLogin(user.email, user.password))).status).toBe(200);
  });
});

describe('log in as', () => {
  it('is not offered for an admin; acting as a client, a write and "Back to my account" all land in the audit log with both names', async () => {
    const otherAdmin = await createUser(token, { role: 'admin', first_name: 'Agnes', last_name: 'Admin' });
    const client = await createUser(token, { role: 'client', first_name: 'Kim', last_name: 'Kund' });
    const project = await api<{ project: { id: number } }>(
      'POST',
      `/api/v1/admin/project/${client.id}`,
      token,
      {
        name: 'Impersonation e2e',
        type: 'sale',
        description: '',
      },
    );
    const projectId = project.body.project.id;
    const apartment = await api('POST', `/api/v1/admin/apartment/${projectId}`, token, {
      bostad: 'IMP-1',
      status: 'sale',
      file_name: 'plan.svg',
    });
    expect(apartment.status).toBe(201);

    await signInAsAdmin(page, `/users/${otherAdmin.id}`);
    await userPageLoaded(otherAdmin.email);
    await page.getByRole('link', { name: 'Redigera' }).waitFor();
    expect(await page.getByRole('button', { name: 'Logga in som den här användaren' }).count()).toBe(0);

    await page.goto(`/users/${client.id}`);
    await userPageLoaded(client.email);
    await page.getByRole('button', { name: 'Logga in som den här användaren' }).click();
    await expectPath(page, '/projects');
    await page.getByText('Du är inloggad som Kim Kund').waitFor();

    // A write as the client: the apartment's price and status. Both histories name both people.
    await page.goto(`/projects/${projectId}`);
    const apartmentRow = page.getByRole('row', { name: 'Öppna IMP-1', exact: true });
    await apartmentRow.click();
    await dialog().getByLabel('Pris', { exact: true }).fill('1 234 000');
    await dialog().getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Bokad', exact: true }).click();
    await dialog().getByRole('button', { name: 'Spara' }).click();
    await toastSeen(page, 'Lägenheten har uppdaterats');
    await dialog().waitFor({ state: 'detached' });
    await apartmentRow.click();
    await dialog()
      .getByRole('region', { name: 'Statushistorik' })
      .getByText('av Admin som Kim Kund')
      .waitFor();
    await dialog().getByTestId('price-history').getByText('av Admin som Kim Kund').waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Tillbaka till mitt konto' }).click();
    await expectPath(page, '/users');

    await page.getByRole('link', { name: 'Händelselogg' }).first().click();
    await expectPath(page, '/audit');
    const table = page.getByRole('table', { name: 'Händelser, nyaste först' });
    // Other files run beside this one and write to the same log, enough to push this test's rows
    // off the first page: the user filter keeps Kim Kund's (as actor, as the one acted as, or acted on).
    await page.getByRole('combobox', { name: 'Användare', exact: true }).fill('Kim Kund');
    await page
      .getByRole('option', { name: /Kim Kund/ })
      .first()
      .click();
    await table.getByRole('row').filter({ hasText: 'Tillbaka till eget konto' }).first().waitFor();
    await expect
      .poll(async () =>
        (await table.getByRole('row').allTextContents()).slice(1).every((r) => r.includes('Kim Kund')),
      )
      .toBe(true);
    const rows = (await table.getByRole('row').allTextContents()).slice(1, 4);
    expect(rows[0]).toContain('Tillbaka till eget konto');
    expect(rows[0]).toMatch(/Admin.* som Kim Kund/);
    expect(rows[1]).toContain('Ändrade');
    expect(rows[1]).toContain('Lägenhet IMP-1');
    expect(rows[1]).toContain('fält: price, status');
    expect(rows[1]).toMatch(/Admin.* som Kim Kund/);
    expect(rows[1]).toContain('Impersonation e2e');
    expect(rows[2]).toContain('Loggade in som');
    expect(rows[2]).toContain('Användare Kim Kund');

    // The project filter keeps this project's entries only.
    await page.reload();
    await page.getByRole('combobox', { name: 'Projekt', exact: true }).click();
    await page.getByRole('option', { name: 'Impersonation e2e', exact: true }).click();
    await table.getByRole('row').filter({ hasText: 'Skapade' }).first().waitFor();
    await expect
      .poll(async () =>
        (await table.getByRole('row').allTextContents())
          .slice(1)
          .every((r) => r.includes('Impersonation e2e')),
      )
      .toBe(true);
  });
});

describe('user administration', () => {
  it('deletes a user after a confirmation that names them, and their session ends', async () => {
    const doomed = await createUser(token, { role: 'broker', first_name: 'Dora', last_name: 'Delete' });
    const doomedToken = await apiLogin(doomed.email, doomed.password);
    await signInAsAdmin(page, `/users/${doomed.id}`);
    await userPageLoaded(doomed.email);

    await page.getByRole('button', { name: 'Ta bort användare' }).click();
    await dialog().getByText('Är du säker på att du vill ta bort Dora Delete?').waitFor();
    await dialog().getByRole('button', { name: 'Avbryt' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect((await api('GET', `/api/v1/admin/user/${doomed.id}`, token)).status).toBe(200);

    await page.getByRole('button', { name: 'Ta bort användare' }).click();
    await dialog().getByRole('button', { name: 'Ta bort', exact: true }).click();
    await page.getByText('Dora Delete har tagits bort.').waitFor();
    await expectPath(page, '/users');
    expect((await api('GET', `/api/v1/admin/user/${doomed.id}`, token)).status).toBe(404);
    expect((await api('GET', '/api/v1/user/me', doomedToken)).status).toBe(401);
  });

  it('shows the server’s refusal of a common password under the password field, in Swedish', async () => {
    await signInAsAdmin(page, '/user-add');
    await page.getByRole('radio', { name: 'Välj lösenord åt användaren' }).check();
    await page.getByLabel('Förnamn').fill('Petra');
    await page.getByLabel('E-post', { exact: true }).fill(`common.${Date.now()}@example.com`);
    await page.getByLabel('Lösenord', { exact: true }).fill('qwerty123');
    await page.getByLabel('Bekräfta lösenord').fill('qwerty123');
    await page.getByRole('button', { name: 'Spara' }).click();
    const message = 'Lösenordet är för vanligt och lätt att gissa.';
    await page.locator('.mantine-PasswordInput-error', { hasText: message }).waitFor();
    await expectPath(page, '/user-add');
  });
});
