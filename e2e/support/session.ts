import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import type { LoginResponse } from '@planvy/shared';
import { api, onBlankPage } from './browser';

/**
 * Signs in through the login form (Swedish labels, the default language). One test keeps this
 * path (auth-users.e2e.ts); every other test starts signed in with `signIn`.
 */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL('**/projects');
}

/** Tokens by e-mail, so each user's password is checked once per test file, not per test. */
const tokens = new Map<string, string>();

/** A live session: a known token with the profile as it is now, or a new sign-in. */
async function sessionOf(email: string, password: string): Promise<LoginResponse> {
  const known =
    tokens.get(email) ?? (email === inject('admin').email ? inject('adminSession').token : undefined);
  if (known) {
    const me = await api<{ profile: LoginResponse['user'] }>('GET', '/api/v1/user/me', known);
    // A token a test ended (sign out everywhere, a new password) is replaced by a new sign-in.
    if (me.status === 200) return { token: known, user: me.body.profile };
  }
  const res = await api<LoginResponse>('POST', '/api/v1/login', undefined, { email, password });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status}`);
  tokens.set(email, res.body.token);
  return res.body;
}

/**
 * Starts `page` signed in as the user, as the app's own sign-in leaves it: the token and profile
 * in localStorage (apps/web/src/lib/auth.ts), then the app at `at` (the projects page unless
 * told), loaded once.
 */
export async function signIn(page: Page, email: string, password: string, at = '/projects') {
  const { token, user } = await sessionOf(email, password);
  await onBlankPage(page);
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('user-token', t);
      localStorage.setItem('user-profile', u);
    },
    [token, JSON.stringify(user)] as const,
  );
  await page.goto(at);
  // Signed in: the app stays where it was sent instead of going to the login page.
  await expectPath(page, new URL(at, page.url()).pathname);
}

export async function signInAsAdmin(page: Page, at?: string) {
  const { email, password } = inject('admin');
  await signIn(page, email, password, at);
}

export async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
  expect(new URL(page.url()).pathname).toBe(path);
}

/**
 * Waits for the toast with `text`, then closes it, so a later save in the same test waits for its
 * own toast and never matches this one (two at once is a strict-mode violation).
 */
export async function toastSeen(page: Page, text: string) {
  const toast = page.locator('.mantine-Notification-root', { hasText: text });
  await toast.waitFor();
  await toast.getByRole('button').click();
  await toast.waitFor({ state: 'detached' });
}
