import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { arrange, overFetch, type Arrange, type ArrangedUser } from '@planvy/shared/test/arrange';
import { launchChromium, launchChromiumProfile } from './chromium';

export const baseURL = () => inject('baseURL');

/**
 * Chromium (support/chromium.ts) on a fresh profile, pointed at the started server, as a user who
 * prefers reduced motion unless told otherwise. One per test file. The profile holds nothing of
 * another file's but the browser's cache (see `cachesIn`).
 */
export async function launch(
  options: {
    viewport?: { width: number; height: number };
    locale?: string;
    javaScriptEnabled?: boolean;
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
) {
  const browser = await launchChromiumProfile(
    {
      baseURL: baseURL(),
      viewport: options.viewport ?? { width: 1280, height: 900 },
      locale: options.locale ?? 'sv-SE',
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      // Dialogs, drawers and toasts open and close without their transitions (the theme respects
      // reduced motion), so a test waits for no animation and the browser draws fewer frames.
      reducedMotion: options.reducedMotion ?? 'reduce',
    },
    // The apps' code compiled by the previous file of this worker: a returning visitor.
    { cachesIn: inject('browserCaches'), forTests: true },
  );
  browser.context.setDefaultTimeout(15_000);
  return browser;
}

/**
 * Chromium without a persistent profile, for contexts a persistent one cannot give: several
 * viewports at once, or a phone (`hasTouch`, `isMobile`). See PHONE.
 */
export const launchBrowser = () => launchChromium({ forTests: true });

/** A phone as a buyer holds it (390 × 844, touch), for `browser.newContext`. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/**
 * Puts `page` on an empty document of the app's origin, without loading the app: to read or
 * write the origin's storage before the app first loads (a test then loads only what it needs).
 */
export async function onBlankPage(page: Page): Promise<void> {
  const blank = '/__e2e-blank';
  await page.route(`**${blank}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }),
  );
  await page.goto(blank);
  await page.unroute(`**${blank}`);
}

/** A fresh page with an empty localStorage (a signed-out visitor), on an empty document. */
export async function freshPage(context: BrowserContext): Promise<Page> {
  for (const p of context.pages()) await p.close();
  await context.clearCookies();
  const page = await context.newPage();
  await onBlankPage(page);
  await page.evaluate(() => localStorage.clear());
  return page;
}

/**
 * The pages a test file opens, closed after each test (`closeAll` in afterEach). `open` loads a
 * widget URL at a viewport and waits until its script has taken over.
 */
export function pageTracker(context: () => BrowserContext) {
  let pages: Page[] = [];
  const track = (page: Page): Page => {
    pages.push(page);
    return page;
  };
  return {
    track,
    open: async (url: string, viewport = { width: 1280, height: 900 }): Promise<Page> => {
      const page = track(await context().newPage());
      await page.setViewportSize(viewport);
      await page.goto(url);
      await page.waitForSelector('#root[data-ready="1"]');
      return page;
    },
    closeAll: async (): Promise<void> => {
      for (const page of pages) await page.close().catch(() => undefined);
      pages = [];
    },
  };
}

/** Calls the API directly (to arrange data) with an admin token. */
export async function api<T = unknown>(
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL()}${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function apiLogin(email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>('POST', '/api/v1/login', undefined, { email, password });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status}`);
  return res.body.token;
}

/** The admin's token, signed in once for the whole run (e2e/global-setup.ts). */
export async function adminToken(): Promise<string> {
  return Promise.resolve(inject('adminSession').token);
}

/**
 * The arrange builders (@planvy/shared/test/arrange) over real HTTP to the started server, acting
 * as `token`'s user: `arrangeAs(token).project({ type: 'rental' })`.
 */
export const arrangeAs = (token: string): Arrange => arrange(overFetch(baseURL()), token);

/** Creates a user through the API; the password is always "secret123". */
export function createUser(
  token: string,
  fields: { role?: 'client' | 'admin' | 'broker'; first_name?: string; last_name?: string } = {},
): Promise<ArrangedUser> {
  return arrangeAs(token).user(fields);
}
