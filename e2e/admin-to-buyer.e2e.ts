import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { STATUSES, type Apartment, type BuildingNumber } from '@planvy/shared';
import { adminToken, api, freshPage, launch } from './support/browser';
import { signInAsAdmin } from './support/session';
import { autopilotFixture } from '@planvy/shared/test/autopilot-fixture';
import {
  addApartment,
  addBuilding,
  createProject,
  setSettings,
  svgDoc,
  uploadFile,
} from './support/widget-fixtures';

/**
 * Issue 13: what an admin does in the back-office is what a buyer sees in the widget. Each
 * test starts with the admin's action in the admin app (Chromium) and ends in /view/{id},
 * reloaded as a buyer would. Nothing is waited for by time: the public view's cache is
 * dropped by the write itself, so the first load after the admin's save shows it.
 */

let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;
let admin: Page;
let token: string;

beforeAll(async () => {
  browser = await launch();
  context = browser.context;
  token = await adminToken();
});
afterAll(() => browser.close());
beforeEach(async () => {
  admin = await freshPage(context);
  await signInAsAdmin(admin);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    const file = path.join(os.tmpdir(), `planvy-admin-to-buyer-${Date.now()}.png`);
    await admin.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.log(`screenshot of the admin page of the failed test: ${file}`);
  }
});

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const statusColor = (alias: string) => rgb(STATUSES.find((s) => s.alias === alias)!.color);

/** A buyer's page on the widget, once its plan is coloured and painted. */
async function buyer(projectId: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/view/${projectId}`);
  await page.waitForSelector('#root[data-ready="1"]');
  return page;
}

const widgetZone = (page: Page, apartmentId: number) => page.locator(`.pv-zone[data-pv-id="${apartmentId}"]`);
const fillOf = (zone: Locator) => zone.evaluate((el) => getComputedStyle(el).fill);

const stage = () => admin.getByTestId('plan-stage');

/** Opens the project in the admin app with the plan of `version` on screen. */
async function openPlan(projectId: number, version?: number) {
  await admin.goto(`/projects/${projectId}`);
  const selector =
    version === undefined
      ? '[data-testid="plan-stage"]:not([data-version=""])'
      : `[data-testid="plan-stage"][data-version="${version}"]`;
  await admin.locator(selector).waitFor({ state: 'attached' });
  await stage().locator('svg').first().waitFor();
  await stage().scrollIntoViewIfNeeded();
}

/** Clicks a point of the admin's plan, given in the plan's own units. */
async function clickPlan(x: number, y: number) {
  const p = await stage()
    .locator('svg')
    .first()
    .evaluate(
      (root, q) => {
        const m = (root as SVGSVGElement).getScreenCTM()!;
        return { x: m.a * q[0]! + m.c * q[1]! + m.e, y: m.b * q[0]! + m.d * q[1]! + m.f };
      },
      [x, y],
    );
  await admin.mouse.click(p.x, p.y);
}

async function tool(name: string) {
  await admin.getByRole('button', { name, exact: true }).click();
  await admin.getByRole('button', { name, exact: true, pressed: true }).waitFor();
}

/** The zone edit the popup sends (PATCH …/plans/{projectId}/{fileId}/zone). */
const zoneEdited = () =>
  admin.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' &&
      /\/api\/v1\/admin\/plans\/\d+\/\d+\/zone$/.test(new URL(r.url()).pathname),
  );

async function choose(scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await admin.getByRole('option', { name: option }).click();
}

const plain = (inner: string, viewBox = '0 0 1000 600') => svgDoc(inner, viewBox);

// ---------------------------------------------------------------------------
// The four ways from the back-office to the buyer
// ---------------------------------------------------------------------------

describe('from the back-office to the buyer', () => {
  it('a status and a building number set with the table’s mass actions show after a reload', async () => {
    const projectId = await createProject(token, 'Admin → buyer: status');
    await setSettings(token, projectId, { multi_building: '1' });
    await addBuilding(token, projectId, 'A');
    const id = await addApartment(token, projectId, { bostad: 'S-1', status: 'sale', rooms: '2' });
    await uploadFile(
      token,
      projectId,
      'plan.svg',
      plain(`<rect id="${id}" data-bostad="S-1" x="100" y="100" width="300" height="200"/>`),
    );

    const before = await buyer(projectId);
    expect(await fillOf(widgetZone(before, id))).toBe(statusColor('sale'));
    expect(await widgetZone(before, id).getAttribute('aria-label')).toContain('Till salu');

    // The admin sets the status in the table (mass update of the checked row)…
    await admin.goto(`/projects/${projectId}`);
    const panel = admin.getByRole('region', { name: 'Lägenheter' });
    await panel.getByRole('checkbox', { name: 'Markera S-1' }).check();
    await choose(panel, 'Ny status', /^Bokad$/);
    await panel.getByRole('button', { name: 'Spara status' }).click();
    const confirm = admin.getByRole('dialog');
    await confirm.getByText('Ändra status för 1 lägenhet till Bokad?').waitFor();
    await confirm.getByRole('button', { name: 'Uppdatera' }).click();
    await admin.getByText('Status har uppdaterats för 1 lägenhet').waitFor();

    // …and its building number, the same way: one request, named in the confirmation.
    await panel.getByRole('checkbox', { name: 'Markera S-1' }).check();
    await choose(panel, 'Nytt husnummer', /^A$/);
    const sent = admin.waitForResponse((r) => r.url().endsWith('/api/v2/apartments/update-building-number'));
    await panel.getByRole('button', { name: 'Spara husnummer' }).click();
    await confirm.getByText('Ge 1 lägenhet husnummer A?').waitFor();
    await confirm.getByRole('button', { name: 'Uppdatera' }).click();
    expect((await sent).status()).toBe(200);
    await admin.getByText('Husnummer har uppdaterats för 1 lägenhet').waitFor();

    // The buyer reloads: the new colour, label and building, at once.
    await before.reload();
    await before.waitForSelector('#root[data-ready="1"]');
    const zone = widgetZone(before, id);
    expect(await fillOf(zone)).toBe(statusColor('reserved'));
    expect(await zone.getAttribute('aria-label')).toContain('Bokad');
    await zone.click();
    const dialog = before.getByRole('dialog', { name: 'Bostad S-1' });
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Bokad');
    expect(text).toMatch(/Hus\s*A/);
    await before.close();
  });

  it('a zone the admin attaches to an apartment is one the buyer can click', async () => {
    const projectId = await createProject(token, 'Admin → buyer: attach');
    const id = await addApartment(token, projectId, { bostad: 'A-7', status: 'sale', rooms: '3' });
    const file = await uploadFile(
      token,
      projectId,
      'floor.svg',
      plain('<path id="Layer_1_path" d="M300 100 L600 100 L600 400 L300 400 Z" fill="#eee" stroke="#000"/>'),
    );
    // Before: nothing to click for the buyer.
    const page = await buyer(projectId);
    expect(await page.locator('.pv-zone').count()).toBe(0);

    await openPlan(projectId);
    await tool('Välj en form i planen');
    await clickPlan(450, 250);
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Koppla befintlig lägenhet/ }).click();
    await dialog.getByRole('button', { name: 'Nästa' }).click();
    await choose(dialog, 'Lägenhet', /^A-7/);
    const saved = zoneEdited();
    await dialog.getByRole('button', { name: 'Spara' }).click();
    const answer = (await (await saved).json()) as { apartments: Apartment[]; file: { id: number } };
    expect(answer.file.id).toBe(file.id);
    expect(answer.apartments.map((a) => [a.id, a.file_name])).toEqual([[id, 'floor.svg']]);

    await page.reload();
    await page.waitForSelector('#root[data-ready="1"]');
    const zone = widgetZone(page, id);
    expect(await zone.getAttribute('role')).toBe('button');
    expect(await fillOf(zone)).toBe(statusColor('sale'));
    await zone.click();
    await page.getByRole('dialog', { name: 'Bostad A-7' }).waitFor();
    await page.close();
  });

  it('the zones the autopilot proposes and the admin accepts on its confirm screen are the buyer’s zones', async () => {
    const projectId = await createProject(token, 'Admin → buyer: autopilot');
    // Six apartments of the autopilot's fixture: numbered rooms, furniture, lamps, a legend.
    const fixture = autopilotFixture({ rows: 1, columns: 6 });
    const ids = new Map<string, number>();
    for (const a of fixture.apartments.slice(0, 6))
      ids.set(
        a.bostad,
        await addApartment(token, projectId, { bostad: a.bostad, status: 'sale', rooms: '2' }),
      );
    const file = await uploadFile(token, projectId, 'inkscape.svg', fixture.svg);

    await openPlan(projectId);
    await admin.getByRole('button', { name: 'Autopilot' }).click();
    const review = admin.getByRole('dialog', { name: 'Autopilot: zoner från lägenhetsnumren' });
    await review.getByText('Hittade: 6').waitFor();
    // Every proposal is lit on the plan; unticking one puts it out.
    expect(await stage().locator('[data-pv-proposed]').count()).toBe(6);
    await review.getByRole('checkbox', { name: '1006' }).uncheck();
    expect(await stage().locator('[data-pv-proposed]').count()).toBe(5);
    const saved = admin.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/v1\/admin\/svg\/\d+$/.test(new URL(r.url()).pathname),
    );
    await review.getByRole('button', { name: 'Koppla 5 zoner' }).click();
    const answer = (await (await saved).json()) as { file: { id: number; svg: string } };
    expect(answer.file.id).toBe(file.id);
    await review.waitFor({ state: 'detached' });
    // The right rooms, each now the apartment's zone.
    for (const [bostad, id] of ids) {
      const room = fixture.expected.get(bostad)!;
      const zone = stage().locator(`[id="${bostad === '1006' ? room : id}"]`);
      expect(await zone.getAttribute('data-bostad')).toBe(bostad === '1006' ? null : bostad);
    }

    const page = await buyer(projectId);
    for (const [bostad, id] of ids)
      expect(await widgetZone(page, id).count()).toBe(bostad === '1006' ? 0 : 1);
    await page.close();
  });

  it('a site-plan zone linked to a building leads the buyer site → building → floor and back', async () => {
    const projectId = await createProject(token, 'Admin → buyer: buildings');
    const buildingId = await addBuilding(token, projectId, 'A');
    const id = await addApartment(token, projectId, { bostad: '1101', status: 'sale', rooms: '2' });
    await uploadFile(
      token,
      projectId,
      'site.svg',
      plain('<rect id="house-a-shape" x="100" y="100" width="300" height="200" fill="#ddd"/>'),
    );
    // The building's plan leads on to its floor (arranged as a plan exported with its links).
    // Plans are named by their <title> (ADR 025); the site plan has none: "Plan 1".
    await uploadFile(
      token,
      projectId,
      'house-a.svg',
      plain(
        '<title>Huset A</title><rect id="to-floor-1" data-link-to="floor-1.svg" x="100" y="400" width="800" height="100"/>',
      ),
    );
    await uploadFile(
      token,
      projectId,
      'floor-1.svg',
      plain(`<rect id="${id}" data-bostad="1101" x="200" y="150" width="300" height="200"/>`),
    );

    await openPlan(projectId);
    await tool('Välj en form i planen');
    await clickPlan(250, 200);
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Länka till hus/ }).click();
    await dialog.getByRole('button', { name: 'Nästa' }).click();
    await choose(dialog, 'Plan som ska öppnas', 'Huset A');
    await choose(dialog, 'Husnummer', 'Hus A');
    const saved = zoneEdited();
    await dialog.getByRole('button', { name: 'Spara' }).click();
    const answer = (await (await saved).json()) as { zone: { attributes: Record<string, string | null> } };
    expect(answer.zone.attributes).toMatchObject({
      'data-link-to': 'house-a.svg',
      'data-building-number': String(buildingId),
    });

    const page = await buyer(projectId);
    // Site: the zone is the building, by name.
    const house = page.getByRole('button', { name: 'Hus A', exact: true });
    await house.hover();
    await page.locator('.pv-tooltip').getByText('Hus A').waitFor();
    await house.click();
    // Building: its plan, with the way back and the way on to the floor.
    // Plan ids are in the plan's own namespace in the widget (pv-p{n}-…, ADR 020).
    const floorLink = page.locator('.pv-zone.pv-link[id$="-to-floor-1"]');
    await floorLink.waitFor();
    await page.getByRole('button', { name: 'Tillbaka till Plan 1' }).waitFor();
    await floorLink.click();
    // Floor: the apartment is there to click.
    await widgetZone(page, id).click();
    await page.getByRole('dialog', { name: 'Bostad 1101' }).waitFor();
    await page.getByRole('button', { name: 'Stäng' }).click();
    // And back up: floor → building → site.
    await page.getByRole('button', { name: 'Tillbaka till Huset A' }).click();
    await floorLink.waitFor();
    await page.getByRole('button', { name: 'Tillbaka till Plan 1' }).click();
    await house.waitFor();
    expect(await page.getByRole('button', { name: /^Tillbaka/ }).count()).toBe(0);
    await page.close();
  });

  it('a building label moved by its grip and resized by its corner in the editor stands the same in the widget, and never takes a zone’s click', async () => {
    const projectId = await createProject(token, 'Admin → buyer: label');
    const buildingId = await addBuilding(token, projectId, '7');
    const id = await addApartment(token, projectId, { bostad: 'U-1', status: 'sale', rooms: '2' });
    // A zone under the label's first place (an unplaced label stacks in the top-left corner).
    await uploadFile(
      token,
      projectId,
      'site.svg',
      plain(`<rect id="${id}" data-bostad="U-1" x="0" y="0" width="400" height="160"/>`),
    );

    await openPlan(projectId);
    await admin.getByRole('combobox', { name: 'Husnummer', exact: true }).click();
    await admin.getByRole('option', { name: 'Hus 7' }).click();
    await admin.getByRole('button', { name: 'Koppla husnummer' }).click();
    const label = stage().locator(`.pv-label[data-pv-label="${buildingId}"]`);
    await label.getByText('Hus 7').waitFor();
    // The picker below the plan scrolled the plan's top under the sticky tools: back up to it.
    await admin.evaluate(() => window.scrollTo(0, 0));

    // A click on the label is the zone's: its apartment opens.
    const body = (await label.locator('.pv-label-box').boundingBox())!;
    await admin.mouse.click(body.x + body.width / 2, body.y + body.height / 2);
    const popup = admin.getByRole('dialog', { name: 'Bostad U-1' });
    await popup.waitFor();
    await popup.getByRole('button', { name: 'Avbryt' }).click();
    await popup.waitFor({ state: 'detached' });

    const labelSaved = () =>
      admin.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/building-numbers/'));
    const drag = async (handle: string, dx: number, dy: number) => {
      const box = (await label.locator(handle).boundingBox())!;
      const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const saved = labelSaved();
      await admin.mouse.move(from.x, from.y);
      await admin.mouse.down();
      await admin.mouse.move(from.x + dx, from.y + dy, { steps: 8 });
      await admin.mouse.up();
      expect((await saved).status()).toBe(200);
    };
    await drag('.pv-label-grip', 120, 40);
    const before = (await label.locator('.pv-label-box').boundingBox())!;
    await drag('.pv-label-corner', 60, 20);
    const after = (await label.locator('.pv-label-box').boundingBox())!;
    expect(after.width).toBeGreaterThan(before.width * 1.2);
    const stored = (
      await api<{ building_numbers: BuildingNumber[] }>('GET', `/api/v1/building-numbers/${projectId}`, token)
    ).body.building_numbers[0]!;
    const placed = JSON.parse(stored.label_svg) as { x: number; y: number; scale: number };
    // Moved away from the top-left corner, where it stood unplaced (x 22.5).
    expect(placed.x).toBeGreaterThan(50);
    expect(placed.scale).toBeGreaterThan(1.2);

    /** The label's box, its text's position and size, in the plan's own units. */
    const geometry = (g: Locator) =>
      g.evaluate((el) => {
        const rect = el.querySelector('.pv-label-box')!;
        const text = el.querySelector('text')!;
        return ['x', 'y', 'width', 'height']
          .map((a) => Number(rect.getAttribute(a)))
          .concat(['x', 'y', 'font-size'].map((a) => Number(text.getAttribute(a))))
          .map((n) => Math.round(n * 10) / 10);
      });
    const inEditor = await geometry(label);

    const page = await buyer(projectId);
    const inWidget = page.locator(`.pv-label[data-pv-label="${buildingId}"]`);
    await inWidget.getByText('Hus 7').waitFor({ state: 'attached' });
    expect(await geometry(inWidget)).toEqual(inEditor);
    expect(inEditor[0]).toBeCloseTo(placed.x, 1);
    expect(inEditor[1]).toBeCloseTo(placed.y, 1);
    // And in the widget, too, the zone under the label takes the click.
    const shown = (await inWidget.boundingBox())!;
    await page.mouse.click(shown.x + 4, shown.y + 4);
    await page.getByRole('dialog', { name: 'Bostad U-1' }).waitFor();
    await page.close();
  });
});
