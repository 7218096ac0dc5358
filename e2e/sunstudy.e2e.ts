import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SunStudyFile } from '@planvy/shared';
import { adminToken, api, baseURL, freshPage, launch, launchBrowser } from './support/browser';
import { allViolations } from './support/axe';
import { signInAsAdmin } from './support/session';
import { addSunStudy, createProject, setSettings, sunPicture } from './support/widget-fixtures';

/**
 * Issue 11 in the browser: an admin uploads, orders, labels and deletes sun-study files in
 * the Sun study tab and switches the setting on; a buyer on a phone steps and swipes
 * through them in the widget; with the setting off the control is gone. Images are made
 * by sharp here, so there are no binary fixtures.
 */

let admin: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;
let page: Page;
let token: string;
let phone: Browser;

beforeAll(async () => {
  admin = await launch();
  context = admin.context;
  token = await adminToken();
  phone = await launchBrowser();
});
afterAll(async () => {
  await admin.close();
  await phone.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    const file = path.join(os.tmpdir(), `planvy-sunstudy-e2e-${Date.now()}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.log(`screenshot of the failed test: ${file}`);
  }
});
beforeEach(async () => {
  page = await freshPage(context);
});

/** The start of a WebM file: enough for the server to know it for one. */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(2048),
]);

const sunStudy = async (projectId: number) =>
  (await api<{ files: SunStudyFile[] }>('GET', `/api/v2/sunstudy/project/${projectId}`, token)).body.files;

const showSunStudy = async (projectId: number) =>
  (await api<{ value: string }>('GET', `/api/v1/admin/settings/${projectId}?name=show_sun_study`, token)).body
    .value;

/** A phone: 360 px wide, touch, as a buyer holds it. */
async function openOnPhone(url: string) {
  const ctx = await phone.newContext({
    baseURL: baseURL(),
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const buyer = await ctx.newPage();
  const requested: string[] = [];
  buyer.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await buyer.goto(url);
  await buyer.waitForSelector('#root[data-ready="1"]');
  return { ctx, buyer, requested };
}

describe('the Sun study tab and the player', () => {
  it('an admin uploads, orders and labels three images; a buyer on a phone steps and swipes through them', async () => {
    const projectId = await createProject(token, `Solgården ${Date.now()}`);
    await signInAsAdmin(page, `/projects/${projectId}?tab=sun`);
    await page.getByText('Inga filer ännu').waitFor();
    // Spec §2: the Upload button appears only once a file is chosen.
    expect(await page.getByRole('button', { name: 'Ladda upp', exact: true }).count()).toBe(0);

    await page.locator('input[type="file"]').setInputFiles([
      { name: 'morgon.jpg', mimeType: 'image/jpeg', buffer: await sunPicture('jpeg', 250, 200, 120) },
      { name: 'middag.png', mimeType: 'image/png', buffer: await sunPicture('png', 255, 240, 200) },
      { name: 'kvall.webp', mimeType: 'image/webp', buffer: await sunPicture('webp', 200, 120, 90) },
      { name: 'film.webm', mimeType: 'video/webm', buffer: WEBM },
      { name: 'ritning.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
    ]);
    const chosen = page.getByRole('list', { name: 'Valda filer' });
    await chosen
      .getByRole('listitem', { name: 'ritning.pdf' })
      .getByText(/Endast \.jpg/)
      .waitFor();
    await page.getByRole('button', { name: 'Ladda upp', exact: true }).click();
    await page.getByText('Uppladdningen lyckades.').waitFor();

    const list = page.getByRole('list', { name: 'Solstudiens filer i visningsordning' });
    const rows = () =>
      list.getByRole('listitem').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    await list.getByRole('listitem', { name: 'film' }).waitFor();
    expect(await rows()).toEqual(['morgon', 'middag', 'kvall', 'film']);
    // Thumbnails are the small copies.
    const thumb = list.getByRole('img', { name: 'Förhandsvisning av morgon.jpg' });
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    // The refused file stays listed with its reason; the uploaded ones left the list.
    expect(await chosen.getByRole('listitem').count()).toBe(1);

    // Delete the video after confirming.
    await list.getByRole('button', { name: 'Ta bort film.webm' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ta bort fil' });
    await confirm.getByText('Är du säker på att du vill ta bort filen film.webm?').waitFor();
    await confirm.getByRole('button', { name: 'Ta bort' }).click();
    await list.getByRole('listitem', { name: 'film' }).waitFor({ state: 'detached' });

    // Drag the evening to the top, then move the morning down with its button.
    const moved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/sunstudy/file/'),
    );
    await list
      .getByRole('listitem', { name: 'kvall' })
      .dragTo(list.getByRole('listitem', { name: 'morgon' }), { targetPosition: { x: 40, y: 4 } });
    await moved;
    expect(await rows()).toEqual(['kvall', 'morgon', 'middag']);
    await page.getByRole('button', { name: 'Flytta ned morgon' }).click();
    await expect.poll(rows).toEqual(['kvall', 'middag', 'morgon']);
    await expect
      .poll(async () => (await sunStudy(projectId)).map((f) => [f.label, f.sortIndex]))
      .toEqual([
        ['kvall', 0],
        ['middag', 1],
        ['morgon', 2],
      ]);

    // Relabel all three in place, then save them together with Enter in the last field.
    const relabel: [file: string, label: string][] = [
      ['kvall.webp', '21 juni 06:00'],
      ['middag.png', '21 juni 12:00'],
      ['morgon.jpg', '21 juni 18:00'],
    ];
    for (const [file, label] of relabel) {
      await list.getByRole('textbox', { name: `Etikett för ${file}` }).fill(label);
    }
    await page.getByText('3 etiketter ändrade').waitFor();
    await list.getByRole('textbox', { name: 'Etikett för morgon.jpg' }).press('Enter');
    await page.getByText('3 etiketter har sparats').waitFor();
    await page.getByText('Inga ändrade etiketter').waitFor();
    for (const [, label] of relabel) await list.getByRole('listitem', { name: label }).waitFor();
    const labels = ['21 juni 06:00', '21 juni 12:00', '21 juni 18:00'];
    expect((await sunStudy(projectId)).map((f) => f.label)).toEqual(labels);

    // Switch the setting on in the settings tab.
    await page.getByRole('tab', { name: 'Inställningar' }).click();
    await page.getByText('Visa solstudie', { exact: true }).click();
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect.poll(() => showSunStudy(projectId)).toBe('1');

    // A buyer on a phone.
    const { ctx, buyer, requested } = await openOnPhone(`/view/${projectId}`);
    try {
      // Nothing of the player is fetched before it is opened.
      expect(requested.filter((p) => p.includes('/assets/player-'))).toEqual([]);
      await buyer.getByRole('button', { name: 'Solstudie' }).tap();
      const dialog = buyer.getByRole('dialog', { name: 'Solstudie' });
      await dialog.waitFor();
      const label = dialog.locator('.pv-sun-label');
      await expect.poll(() => label.textContent()).toBe(labels[0]);
      const shown = dialog.locator('.pv-sun-media img');
      // It asked for the width a 360 px screen needs, in WebP, and it loaded.
      await expect
        .poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : '')))
        .toMatch(/\/768\/kvall\.webp$/);
      // Only the next image is fetched ahead, not the one after it.
      const files = await sunStudy(projectId);
      const fetched = (f: SunStudyFile) =>
        requested.some((p) => p.startsWith(f.filePath.slice(0, f.filePath.lastIndexOf('/'))));
      await expect.poll(() => fetched(files[1]!)).toBe(true);
      expect(fetched(files[2]!)).toBe(false);

      await dialog.getByRole('button', { name: 'Nästa' }).tap();
      await expect.poll(() => label.textContent()).toBe(labels[1]);

      const box = (await dialog.locator('.pv-sun-stage').boundingBox())!;
      const cdp = await ctx.newCDPSession(buyer);
      const y = box.y + box.height / 3;
      // Timestamps 40 ms apart and a finger at rest before it lifts: a swipe at human speed
      // that starts no fling (a tap during a fling only stops it, so the next tap would be lost).
      let clock = Date.now() / 1000;
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: x === undefined ? [] : [{ x, y, id: 1 }],
          timestamp: (clock += 0.04),
        });
      const swipe = async (from: number, to: number) => {
        await touch('touchStart', from);
        for (let i = 1; i <= 6; i++) await touch('touchMove', from + ((to - from) * i) / 6);
        for (let i = 0; i < 5; i++) await touch('touchMove', to);
        await touch('touchEnd');
      };
      await swipe(300, 60);
      await expect.poll(() => label.textContent()).toBe(labels[2]);
      expect(fetched(files[2]!)).toBe(true);
      await swipe(60, 300);
      await expect.poll(() => label.textContent()).toBe(labels[1]);

      // Full width on a phone, nothing wider than the screen.
      const media = (await dialog.locator('.pv-sun-media').boundingBox())!;
      expect(Math.round(media.width)).toBe(360);
      expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await dialog.getByRole('button', { name: 'Stäng' }).tap();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await ctx.close();
    }

    // The setting off: the control is gone.
    await page.getByText('Visa solstudie', { exact: true }).click();
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect.poll(() => showSunStudy(projectId)).toBe('0');
    const off = await openOnPhone(`/view/${projectId}`);
    try {
      await off.buyer.getByRole('heading', { level: 1 }).waitFor();
      expect(await off.buyer.getByRole('button', { name: 'Solstudie' }).count()).toBe(0);
    } finally {
      await off.ctx.close();
    }
  });

  it('on a desktop, in English: the keyboard steps, plays and closes; focus returns; no axe findings of any impact', async () => {
    const projectId = await createProject(token, `Sunnyside ${Date.now()}`);
    await addSunStudy(token, projectId, [
      ['a.jpg', await sunPicture('jpeg', 250, 200, 120), '21 June 09:00'],
      ['b.jpg', await sunPicture('jpeg', 255, 240, 200), '21 June 12:00'],
      ['c.jpg', await sunPicture('jpeg', 200, 120, 90), '21 June 15:00'],
    ]);
    await setSettings(token, projectId, { show_sun_study: '1' });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`/view/${projectId}?lang=en`);
    await page.waitForSelector('#root[data-ready="1"]');
    expect(requested.filter((p) => p.includes('/assets/player-'))).toEqual([]);

    const open = page.getByRole('button', { name: 'Sun study' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Sun study' });
    await dialog.waitFor();
    expect(requested.some((p) => p.includes('/assets/player-'))).toBe(true);
    const label = dialog.locator('.pv-sun-label');
    await expect.poll(() => label.textContent()).toBe('21 June 09:00');
    // Focus starts on play; the arrows step, End and Home jump.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Play');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => label.textContent()).toBe('21 June 12:00');
    await page.keyboard.press('End');
    await expect.poll(() => label.textContent()).toBe('21 June 15:00');
    await page.keyboard.press('Home');
    await expect.poll(() => label.textContent()).toBe('21 June 09:00');
    // Space plays through the day and pauses again.
    await page.keyboard.press(' ');
    const play = dialog.getByRole('button', { name: 'Play' });
    await expect.poll(() => play.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => label.textContent(), { timeout: 10_000 }).toBe('21 June 12:00');
    await page.keyboard.press(' ');
    await expect.poll(() => play.getAttribute('aria-pressed')).toBe('false');
    // The slider has the time as its value text.
    const slider = dialog.getByRole('slider', { name: 'Time' });
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^21 June \d\d:00 \(\d of 3\)$/);
    // Desktop: the browser picks a wider copy.
    const src = await dialog.locator('.pv-sun-media img').evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(src).toMatch(/\/(1280|1600)\/[abc]\.webp$/);

    expect(await allViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('☀ Sun study');
  });
});
