import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { adminToken, api, baseURL, launchBrowser, PHONE } from './support/browser';
import { allViolations } from './support/axe';
import { hostPage, type HostPage } from './support/host-page';
import { signInAsAdmin } from './support/session';
import {
  addApartment,
  addBuilding,
  addSunStudy,
  createProject,
  setSettings,
  sunPicture,
  svgDoc,
  uploadFile,
  zoneRect,
} from './support/widget-fixtures';

/**
 * Issue 20: the buyer's first minute inside a real sales site. The widget is embedded with the
 * script snippet in a host page over 3,000 px tall on a second origin, on a laptop (1280 × 800)
 * and on a phone (390 × 844, touch). Whatever part of the page the buyer has scrolled to, the
 * card with its next step, the share notice, the comparison and the sun-study player open in
 * the part of the host page on screen (ADR 024), and the frame never grows for them. Each test
 * starts with the admin's action in the back-office.
 */

const LAPTOP = { width: 1280, height: 800 };

/** One browser: the admin and the laptop buyer share a context, the phone has its own. */
let browser: Browser;
let laptop: BrowserContext;
let token: string;
let projectId: number;
let host: HostPage;
let page: Page;
const apt: Record<string, number> = {};
const NAME = 'Kv. Linden';

beforeAll(async () => {
  [browser, token] = await Promise.all([launchBrowser(), adminToken()]);
  laptop = await browser.newContext({ baseURL: baseURL(), viewport: LAPTOP, locale: 'sv-SE' });
  projectId = await createProject(token, NAME);
  await setSettings(token, projectId, { show_status: '1', show_sun_study: '1', multi_building: '1' });
  await addBuilding(token, projectId, 'A');
  // 17 homes: a list taller than the laptop's screen.
  const statuses = ['sale', 'sold', 'reserved', 'preorder'];
  for (let i = 0; i < 17; i++) {
    const bostad = String(1001 + i);
    apt[bostad] = await addApartment(token, projectId, {
      bostad,
      rooms: String((i % 4) + 1),
      floor: String(1 + Math.floor(i / 6)),
      square: 40 + i * 3,
      price: 2_450_000 + i * 135_000,
      fee: 3100 + i * 70,
      status: statuses[i % statuses.length]!,
    });
  }
  const zones = Object.entries(apt).map(([bostad, id], i) =>
    zoneRect(id, bostad, 20 + (i % 6) * 150, 20 + Math.floor(i / 6) * 170, 140, 160),
  );
  await uploadFile(token, projectId, 'linden.svg', svgDoc(zones.join(''), '0 0 940 540'));
  await addSunStudy(token, projectId, [
    ['morgon.jpg', await sunPicture('jpeg', 250, 200, 120), '06:00'],
    ['kvall.jpg', await sunPicture('jpeg', 200, 120, 90), '18:00'],
  ]);
  const code = await api<{ code: { full: string } }>('GET', `/api/v1/admin/project/code/${projectId}`, token);
  // 1,200 px of the broker's page above the widget and 1,600 below: over 3,000 px in all.
  host = await hostPage(code.body.code.full, { above: 1200, below: 1600 });
});
afterAll(async () => {
  await host?.close();
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && page) {
    const file = path.join(os.tmpdir(), `planvy-host-page-${Date.now()}.png`);
    await page.screenshot({ path: file }).catch(() => undefined);
    console.log(`screenshot of the failed test: ${file}`);
  }
});

/** The admin's settings tab in the back-office, with the form's current values. */
async function settingsTab(): Promise<Page> {
  const admin = await laptop.newPage();
  await signInAsAdmin(admin, `/projects/${projectId}?tab=settings`);
  await admin.getByRole('button', { name: 'Spara ändringar' }).waitFor();
  return admin;
}

async function saveSettings(admin: Page, name: string, value: string) {
  await admin.getByRole('button', { name: 'Spara ändringar' }).click();
  await expect
    .poll(
      async () =>
        (await api<{ value: string }>('GET', `/api/v1/admin/settings/${projectId}?name=${name}`, token)).body
          .value,
    )
    .toBe(value);
}

/** The host page with the widget interactive in it. */
async function openHost(context: BrowserContext): Promise<{ host: Page; frame: FrameLocator }> {
  for (const origin of [baseURL(), host.url])
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const p = await context.newPage();
  page = p;
  await p.goto(host.url);
  // A browser does not run a frame that is off screen: the buyer scrolls to it.
  await p.locator('iframe').scrollIntoViewIfNeeded();
  const frame = p.frameLocator('iframe');
  await frame.locator('#root[data-ready="1"]').waitFor();
  await frame.locator('[data-pv-row]').first().waitFor();
  return { host: p, frame };
}

/** Scrolls the host page so that `target` (in the frame) sits at the top or bottom of its screen. */
async function scrollTo(p: Page, target: Locator, edge: 'top' | 'bottom') {
  const box = (await target.boundingBox())!;
  const height = p.viewportSize()!.height;
  const by = edge === 'top' ? box.y - 8 : box.y + box.height + 8 - height;
  await p.evaluate((dy) => window.scrollBy(0, dy), by);
}

/** Whether the whole of `target` lies in the host page's viewport (boxes are the host's). */
async function onScreen(p: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const { width, height } = p.viewportSize()!;
  return (
    box !== null &&
    box.x >= -0.5 &&
    box.y >= -0.5 &&
    box.x + box.width <= width + 0.5 &&
    box.y + box.height <= height + 0.5
  );
}

/** The widget's frame as a document of its own, for axe. */
const widgetFrame = (p: Page) => p.frames().find((f) => f.url().includes('/view/'))!;

const frameHeight = (p: Page) => p.locator('iframe').evaluate((el) => (el as HTMLIFrameElement).style.height);

/** The card opened from `opener`, shown whole with "Kontakta oss" first among its next steps. */
async function expectCardInView(p: Page, frame: FrameLocator, bostad: string, touch: boolean) {
  const dialog = frame.getByRole('dialog', { name: `Bostad ${bostad}` });
  await dialog.waitFor();
  await expect.poll(() => onScreen(p, dialog), { message: `card ${bostad}` }).toBe(true);
  const contact = dialog.getByRole('link', { name: 'Kontakta oss' });
  expect(await onScreen(p, contact)).toBe(true);
  const subject = new URL((await contact.getAttribute('href'))!).searchParams.get('subject');
  expect(subject).toBe(`${NAME}: Bostad ${bostad}`);
  // The primary step comes first.
  await expect(dialog.locator('.pv-panel-foot > *').first().textContent()).resolves.toBe('Kontakta oss');
  if (touch) {
    // A sheet as tall as the part of the frame on screen.
    const box = (await dialog.boundingBox())!;
    const frameBox = (await p.locator('iframe').boundingBox())!;
    const band = Math.min(p.viewportSize()!.height, frameBox.y + frameBox.height) - Math.max(0, frameBox.y);
    expect(Math.abs(box.height - band)).toBeLessThan(2);
  }
  return dialog;
}

/** The player, whole in the host's viewport, its controls on screen and its picture letterboxed. */
async function expectPlayerInView(p: Page, frame: FrameLocator) {
  const dialog = frame.getByRole('dialog', { name: 'Solstudie' });
  await dialog.waitFor();
  const img = dialog.locator('.pv-sun-media img');
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
  await expect.poll(() => onScreen(p, dialog)).toBe(true);
  for (const control of [
    dialog.getByRole('button', { name: 'Spela upp' }),
    dialog.getByRole('button', { name: 'Nästa' }),
    dialog.getByRole('slider'),
    dialog.getByRole('button', { name: 'Stäng' }),
  ])
    expect(await onScreen(p, control)).toBe(true);
  // The whole picture is drawn inside its box, which is on screen: fitted, never cropped.
  expect(await onScreen(p, img)).toBe(true);
  const media = (await dialog.locator('.pv-sun-media').boundingBox())!;
  const shown = (await img.boundingBox())!;
  expect(shown.height).toBeLessThanOrEqual(media.height + 0.5);
  expect(shown.width).toBeLessThanOrEqual(media.width + 0.5);
  await expect(img.evaluate((el) => getComputedStyle(el).objectFit)).resolves.toBe('contain');
  return dialog;
}

describe('on a laptop, 1280 × 800', () => {
  it('the card, its next step, the share notice and the player open where the buyer is looking', async () => {
    // The admin turns project information on; the form warns that link and e-mail are empty,
    // and the e-mail warning goes once the address is filled in.
    const admin = await settingsTab();
    await admin.getByText('Visa projektinformation', { exact: true }).click();
    const warning = admin.getByRole('status').filter({ hasText: 'Kortet i widgeten saknar uppgifter' });
    await warning.getByText('Projektets e-post är tom').waitFor();
    await warning.getByText('Länk till projektet är tom').waitFor();
    await admin.getByLabel('Projektets e-post').fill('info@linden.example');
    await warning.getByText('Projektets e-post är tom').waitFor({ state: 'detached' });
    await warning.getByText('Länk till projektet är tom').waitFor();
    await saveSettings(admin, 'project_email', 'info@linden.example');
    await admin.close();

    const { host: p, frame } = await openHost(laptop);
    const rows = frame.locator('tbody tr');
    const height = await frameHeight(p);
    for (const [row, edge] of [
      [rows.first(), 'top'],
      [rows.last(), 'bottom'],
    ] as const) {
      await scrollTo(p, row, edge);
      const opener = row.locator('.pv-row-btn');
      const bostad = (await opener.textContent())!;
      await opener.click();
      const dialog = await expectCardInView(p, frame, bostad, false);
      // An overlay never grows the frame.
      expect(await frameHeight(p)).toBe(height);
      if (edge === 'bottom') {
        // "Dela" on the card links to this apartment; the notice shows on screen.
        await dialog.getByRole('button', { name: 'Dela' }).click();
        const notice = frame.getByRole('status').filter({ hasText: 'Länken är kopierad.' });
        await notice.waitFor();
        expect(await onScreen(p, notice)).toBe(true);
        const shared = new URL(await p.evaluate(() => navigator.clipboard.readText()));
        expect(shared.origin).toBe(host.url);
        expect(new URLSearchParams(shared.searchParams.get('planvy') ?? '').get('apartment')).toBe(
          String(apt[bostad]),
        );
        expect(await allViolations(widgetFrame(p))).toEqual([]);
      }
      // Escape closes it, and focus goes back to the row that opened it.
      await p.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect(opener.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    }

    // The player, from the header with the frame's top at the top of the screen.
    await scrollTo(p, frame.locator('.pv-header'), 'top');
    await frame.getByRole('button', { name: 'Solstudie' }).click();
    const player = await expectPlayerInView(p, frame);
    expect(await frameHeight(p)).toBe(height);
    expect(await allViolations(widgetFrame(p))).toEqual([]);
    await p.keyboard.press('Escape');
    await player.waitFor({ state: 'detached' });
  });
});

describe('on a phone, 390 × 844 with touch', () => {
  it('cards with price and status, a full-height card, two homes side by side to compare, and the player', async () => {
    // The admin hides the fee column: the phone's cards follow the setting.
    const admin = await settingsTab();
    await admin.getByText('Dölj kolumnen Avgift', { exact: true }).click();
    await saveSettings(admin, 'hide_fee_column', '1');
    // …and gives every home building A in one mass action from the apartment table.
    await admin.getByRole('tab', { name: 'Plan och lägenheter' }).click();
    const table = admin.getByRole('region', { name: 'Lägenheter' });
    await table.getByRole('checkbox', { name: 'Markera alla visade' }).check();
    await table.getByRole('combobox', { name: 'Nytt husnummer', exact: true }).click();
    await admin.getByRole('option', { name: 'A', exact: true }).click();
    await table.getByRole('button', { name: 'Spara husnummer' }).click();
    const confirm = admin.getByRole('dialog');
    await confirm.getByText('Ge 17 lägenheter husnummer A?').waitFor();
    await confirm.getByRole('button', { name: 'Uppdatera' }).click();
    await admin.getByText('Husnummer har uppdaterats för 17 lägenheter').waitFor();
    await admin.close();

    const context = await browser.newContext({ ...PHONE, baseURL: baseURL(), locale: 'sv-SE' });
    try {
      const { host: p, frame } = await openHost(context);
      // Cards, whatever the design setting says, with a sort menu instead of a table.
      const cards = frame.locator('.pv-cards > li');
      await expect(cards.count()).resolves.toBe(17);
      await expect(frame.locator('table').count()).resolves.toBe(0);
      await frame.getByLabel('Sortera').waitFor();

      // Price and status in every card, on screen sideways, at 390 and at 360 px.
      for (const width of [390, 360]) {
        await p.setViewportSize({ width, height: 844 });
        await expect
          .poll(() => frame.locator('html').evaluate((el) => el.scrollWidth))
          .toBeLessThanOrEqual(width);
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const edges = await cards.evaluateAll((els) =>
          els.map((li) => {
            const price = [...li.querySelectorAll('.pv-card-facts > span')].find((s) =>
              s.textContent?.startsWith('Pris '),
            );
            const badge = li.querySelector('.pv-badge');
            return {
              priceText: price?.textContent ?? '',
              price: price?.getBoundingClientRect().right ?? Infinity,
              status: badge?.getBoundingClientRect().right ?? Infinity,
              fee: li.textContent?.includes('Avgift') ?? true,
            };
          }),
        );
        for (const e of edges) {
          // Amounts as Swedes write them: "Pris 2 450 000 kr".
          expect(e.priceText).toMatch(/^Pris \d{1,3}([\s\u00a0\u202f]\d{3})+[\s\u00a0\u202f]kr$/);
          expect(e.price).toBeLessThanOrEqual(width);
          expect(e.status).toBeLessThanOrEqual(width);
          expect(e.fee).toBe(false);
        }
      }
      await p.setViewportSize(PHONE.viewport);

      // The card from the top and from the bottom of the list: a full-height sheet on screen.
      for (const [card, edge] of [
        [cards.first(), 'top'],
        [cards.last(), 'bottom'],
      ] as const) {
        await scrollTo(p, card, edge);
        const bostad = ((await card.locator('.pv-card-title').textContent()) ?? '')
          .replace('Bostad ', '')
          .trim();
        await card.locator('.pv-card').tap();
        const dialog = await expectCardInView(p, frame, bostad, true);
        // The building the admin gave it.
        expect(await dialog.textContent()).toMatch(/Hus\s*A/);
        if (edge === 'bottom') {
          await dialog.getByRole('button', { name: 'Dela' }).tap();
          const notice = frame.getByRole('status').filter({ hasText: /Länken/ });
          await notice.waitFor();
          expect(await onScreen(p, notice)).toBe(true);
        }
        await dialog.getByRole('button', { name: 'Stäng' }).tap();
        await dialog.waitFor({ state: 'detached' });
      }

      // Compare three: two side by side beside the row labels, a swipe for the third.
      for (const card of [cards.nth(0), cards.nth(1), cards.nth(2)])
        await card.getByRole('button', { name: /^Jämför / }).tap();
      await frame.getByRole('button', { name: 'Jämför (3)' }).tap();
      const compare = frame.getByRole('dialog', { name: 'Jämför bostäder' });
      await compare.waitFor();
      await expect.poll(() => onScreen(p, compare)).toBe(true);
      const heads = compare.locator('thead th');
      const width = PHONE.viewport.width;
      const label = compare.getByRole('rowheader', { name: 'Pris', exact: true });
      const labelRight = (await label.boundingBox())!.x + (await label.boundingBox())!.width;
      for (const i of [0, 1]) {
        const box = (await heads.nth(i).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(labelRight - 1);
        expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
      }
      expect((await heads.nth(2).boundingBox())!.x).toBeGreaterThanOrEqual(width - 1);
      // Swiped to the third, the row labels stay where they were.
      const labelX = (await label.boundingBox())!.x;
      await compare.locator('.pv-cmp-scroll').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect
        .poll(async () => (await heads.nth(2).boundingBox())!.x + (await heads.nth(2).boundingBox())!.width)
        .toBeLessThanOrEqual(width + 1);
      expect((await label.boundingBox())!.x).toBe(labelX);
      // Each thumbnail is its own home, cut out of the plan.
      const plan = '0 0 940 540';
      const boxes = await compare
        .locator('.pv-cmp-svg')
        .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('viewBox')));
      expect(boxes).toHaveLength(3);
      for (const box of boxes) {
        const [, , w, h] = (box ?? plan).split(' ').map(Number);
        expect(w! * h!).toBeLessThan((940 * 540) / 10);
      }
      expect(new Set(boxes).size).toBe(3);
      expect(await allViolations(widgetFrame(p))).toEqual([]);
      await compare.getByRole('button', { name: 'Stäng' }).tap();
      await compare.waitFor({ state: 'detached' });

      // The player fits the phone with its controls.
      await scrollTo(p, frame.locator('.pv-header'), 'top');
      await frame.getByRole('button', { name: 'Solstudie' }).tap();
      await expectPlayerInView(p, frame);
    } finally {
      await context.close();
    }
  });
});
