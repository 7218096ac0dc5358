import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adminToken, api, createUser, freshPage, launch } from './support/browser';
import { mailTo } from './support/mailbox';
import { expectPath, signIn, signInAsAdmin, signInWithForm } from './support/session';

let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  context = browser.context;
});
afterAll(() => browser.close());
beforeEach(async () => {
  page = await freshPage(context);
});

describe('signing in', () => {
  it('redirects a visitor to /login and an admin to /projects after signing in', async () => {
    await page.goto('/users');
    await expectPath(page, '/login');
    // The one test that signs in through the form; the others start signed in (session.ts).
    const { email, password } = inject('admin');
    await signInWithForm(page, email, password);
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toMatch(/^ey/);
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('user-profile'))) ?? '{}').roles[0].slug,
    ).toBe('admin');
    // A signed-in user who opens /login goes home.
    await page.goto('/login');
    await expectPath(page, '/projects');
  });

  it('serves the admin app with a strict Content-Security-Policy that still lets it run', async () => {
    const res = await page.goto('/login');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await page.getByRole('button', { name: 'Logga in' }).waitFor();
  });

  it('shows a message for wrong credentials and stores no token', async () => {
    await page.goto('/login');
    await page.getByLabel('E-post').fill('nobody@example.com');
    await page.getByLabel('Lösenord', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.getByText('Fel e-postadress eller lösenord').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
  });

  it('sends a user with an expired token back to /login', async () => {
    await signInAsAdmin(page);
    // A syntactically valid token whose expiry has passed.
    const expired = await page.evaluate(() => {
      const token = localStorage.getItem('user-token') ?? '';
      const [h, p, s] = token.split('.');
      const payload = JSON.parse(atob((p ?? '').replace(/-/g, '+').replace(/_/g, '/')));
      payload.exp = Math.floor(Date.now() / 1000) - 60;
      const b64 = btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      return `${h}.${b64}.${s}`;
    });
    await page.evaluate((t) => localStorage.setItem('user-token', t), expired);
    await page.goto('/users');
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
  });

  it('"Glömt lösenord?" mails a link that sets a new password, once', async () => {
    const user = await createUser(await adminToken(), { first_name: 'Glömsk' });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Glömt lösenord?' }).click();
    await expectPath(page, '/forgot-password');
    await page.getByLabel('E-post').fill(user.email);
    await page.getByRole('button', { name: 'Skicka länk' }).click();
    await page.getByText('Om adressen finns skickar vi en länk').waitFor();

    // The running server's outbox loop sends it; without SMTP_URL it lands in DATA_DIR/mail.
    const mail = await mailTo(user.email);
    expect(mail.subject).toBe('Välj ett nytt lösenord till Planvy');
    expect(mail.text).toContain('Hej Glömsk');
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text ?? '')![0];
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);

    await page.goto(link);
    await page.getByLabel('Nytt lösenord', { exact: true }).fill('glad-gran-33');
    await page.getByLabel('Bekräfta nytt lösenord').fill('glad-gran-33');
    await page.getByRole('button', { name: 'Spara lösenordet' }).click();
    await expectPath(page, '/login');
    await page.getByText('Lösenordet är bytt').waitFor();
    await signInWithForm(page, user.email, 'glad-gran-33');

    // The link was spent: opened again, it is refused and offers a new one.
    await page.getByRole('button', { name: 'Logga ut' }).first().click();
    await page.goto(link);
    await page.getByLabel('Nytt lösenord', { exact: true }).fill('other-pine-44');
    await page.getByLabel('Bekräfta nytt lösenord').fill('other-pine-44');
    await page.getByRole('button', { name: 'Spara lösenordet' }).click();
    await page.getByText('Länken har gått ut eller har redan använts').waitFor();
    await page.getByRole('link', { name: 'Be om en ny länk' }).waitFor();
  });

  it('logs out', async () => {
    await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Logga ut' }).first().click();
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('user-profile'))).toBeNull();
  });
});

describe('user administration', () => {
  it('creates a user after showing validation errors, edits them and toggles statistics', async () => {
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Användare' }).first().click();
    await expectPath(page, '/users');
    await page.getByRole('link', { name: 'Lägg till användare' }).click();
    await expectPath(page, '/user-add');

    // Nothing filled in: the required fields say so.
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Fältet är obligatoriskt').first().waitFor();
    await expectPath(page, '/user-add');

    // Invitation is the default; this admin chooses the password instead.
    await page.getByRole('radio', { name: 'Välj lösenord åt användaren' }).check();
    const email = `e2e.${Date.now()}@example.com`;
    await page.getByLabel('Förnamn').fill('Eva');
    await page.getByLabel('Efternamn').fill('Ek');
    await page.getByLabel('E-post', { exact: true }).fill('not-an-email');
    await page.getByLabel('Lösenord', { exact: true }).fill('abc');
    await page.getByLabel('Bekräfta lösenord').fill('abd');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Ange en giltig e-postadress').waitFor();
    await page.getByText('Måste vara minst 6 tecken').first().waitFor();

    await page.getByLabel('E-post', { exact: true }).fill(email);
    await page.getByLabel('Lösenord', { exact: true }).fill('hemligt1');
    await page.getByLabel('Bekräfta lösenord').fill('hemligt2');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Lösenorden är inte lika').first().waitFor();

    await page.getByLabel('Bekräfta lösenord').fill('hemligt1');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Användaren har skapats!').waitFor();
    await expectPath(page, '/users');

    // The new user is in the list with their role, and can be found by search and by role.
    await page.getByLabel('Sök användare').fill('eva ek');
    const row = page.getByRole('row', { name: new RegExp(email) });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: 'Kund', exact: true }).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Roll', exact: true }).click();
    await page.getByRole('option', { name: 'Mäklare', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Roll', exact: true }).click();
    await page.getByRole('option', { name: 'Kund', exact: true }).click();
    await row.click();
    await page.waitForURL(/\/users\/\d+$/);
    const userPath = new URL(page.url()).pathname;
    await page.waitForFunction(
      (e) => [...document.querySelectorAll('input')].some((i) => i.value === e),
      email,
    );

    // Duplicate e-mail is refused by the server with its message.
    const token = await adminToken();
    const dup = await api('POST', '/api/v1/admin/user', token, {
      email,
      first_name: 'X',
      role: 'client',
      password: 'hemligt1',
      password_confirm: 'hemligt1',
    });
    expect(dup.status).toBe(422);

    // Edit: the e-mail cannot be changed; the name can.
    await page.getByRole('link', { name: 'Redigera' }).click();
    await expectPath(page, `${userPath}/edit`);
    expect(await page.getByLabel('E-post').isDisabled()).toBe(true);
    await page.getByLabel('Förnamn').fill('Evelina');
    await page.getByRole('button', { name: 'Spara' }).click();
    await expectPath(page, userPath);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('input')].some((i) => i.value === 'Evelina'),
    );

    // Enable statistic saves at once, with a plain success toast.
    const checkbox = page.getByLabel('Aktivera statistik');
    expect(await checkbox.isChecked()).toBe(false);
    await checkbox.check();
    await page.getByText('Inställningen har sparats').waitFor();
    const id = Number(userPath.split('/').pop());
    const stored = await api<{ user: { config: { name: string; value: string }[] } }>(
      'GET',
      `/api/v1/admin/user/${id}`,
      token,
    );
    expect(stored.body.user.config).toEqual([{ name: 'project_statistic', value: '1' }]);

    // Log in as that user: they see the Statistic tab, not Users; then back to the admin.
    await page.getByRole('button', { name: 'Logga in som den här användaren' }).click();
    await expectPath(page, '/projects');
    await page.getByRole('link', { name: 'Statistik' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Användare' }).count()).toBe(0);
    await page.getByText('Evelina Ek').first().waitFor();
    await page.getByRole('button', { name: 'Tillbaka till mitt konto' }).click();
    await expectPath(page, '/users');
  });

  it('invites a user by mail: the link sets their password, they sign in, and the mail log shows it sent', async () => {
    await signInAsAdmin(page, '/user-add');
    const email = `invited.${Date.now()}@example.com`;
    expect(await page.getByRole('radio', { name: 'Skicka inbjudan via e-post' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Lösenord', { exact: true }).count()).toBe(0);
    await page.getByLabel('Förnamn').fill('Ivar');
    await page.getByLabel('E-post', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Användaren har skapats och en inbjudan har skickats!').waitFor();
    await expectPath(page, '/users');
    await page.getByLabel('Sök användare').fill(email);
    await page
      .getByRole('row', { name: new RegExp(email) })
      .getByText('Inbjuden')
      .waitFor();

    const mail = await mailTo(email);
    expect(mail.subject).toMatch(/har bjudit in dig till Planvy$/);
    expect(mail.text).toContain('Hej Ivar');
    const link = /https?:\/\/\S+\/set-password\?token=\S+/.exec(mail.text ?? '')![0];
    const token = new URL(link).searchParams.get('token')!;

    // The invited person, in a browser where nobody is signed in.
    await page.getByRole('button', { name: 'Logga ut' }).first().click();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Välj ditt lösenord' }).waitFor();
    await page.getByLabel('Nytt lösenord', { exact: true }).fill('glad-gran-33');
    await page.getByLabel('Bekräfta nytt lösenord').fill('glad-gran-33');
    await page.getByRole('button', { name: 'Spara lösenordet' }).click();
    await expectPath(page, '/login');
    await page.getByText('Ditt lösenord är sparat').waitFor();
    await signInWithForm(page, email, 'glad-gran-33');
    await page.getByText('Ivar').first().waitFor();

    // The admin's mail log lists it as sent (the outbox marked it so just after writing the
    // file this test read long before), without the link.
    await page.getByRole('button', { name: 'Logga ut' }).first().click();
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'E-post' }).first().click();
    await expectPath(page, '/mail');
    const logged = page.getByRole('row', { name: new RegExp(email) });
    await logged.getByText('Skickat').waitFor();
    await logged.getByText('Inbjudan').waitFor();
    expect(await page.content()).not.toContain(token);
  });

  it('keeps a client away from admin pages', async () => {
    const client = await createUser(await adminToken(), { role: 'client', first_name: 'Klara' });
    await signIn(page, client.email, client.password);
    expect(await page.getByRole('link', { name: 'Användare' }).count()).toBe(0);
    await page.goto('/users');
    await expectPath(page, '/projects');
    await page.goto('/user-add');
    await expectPath(page, '/projects');
    const token = await page.evaluate(() => localStorage.getItem('user-token'));
    expect((await api('GET', '/api/v1/admin/users', token ?? '')).status).toBe(403);
  });
});

describe('language', () => {
  it('switches between Swedish and English and remembers the choice', async () => {
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Projekt' }).first().waitFor();
    await page.getByLabel('Språk').first().selectOption('en');
    await page.getByRole('link', { name: 'Projects' }).first().waitFor();
    await page.getByRole('button', { name: 'Log out' }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByRole('link', { name: 'Users' }).first().waitFor();
    await page.getByLabel('Language').first().selectOption('sv');
    await page.getByRole('link', { name: 'Användare' }).first().waitFor();
  });
});
