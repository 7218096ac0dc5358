import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** Signs in through the login form (Swedish labels, the default language). */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL('**/projects');
}

export async function signInAsAdmin(page: Page) {
  const { email, password } = inject('admin');
  await signIn(page, email, password);
}

export async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
  expect(new URL(page.url()).pathname).toBe(path);
}
