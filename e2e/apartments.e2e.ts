import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Apartment } from '@planvy/shared';
import { adminToken, api, arrangeAs, createUser, freshPage, launch } from './support/browser';
import type { ApartmentInput } from './support/widget-fixtures';
import { signIn, signInAsAdmin, toastSeen } from './support/session';

/**
 * Issue 4 in the browser: the apartments table, form, mass status change, detached view,
 * import preview/apply and export round trip, for an admin and for a client, in Swedish
 * (the default) and once in English. Data is arranged through the API.
 */

let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;
let page: Page;
let token: string;
let owner: Awaited<ReturnType<typeof createUser>>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-apartments-e2e-'));

beforeAll(async () => {
  browser = await launch();
  context = browser.context;
  token = await adminToken();
  owner = await createUser(token, { role: 'client', first_name: 'Olga', last_name: 'Ägare' });
});
afterAll(async () => {
  await browser.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(async () => {
  page = await freshPage(context);
});

// ---------------------------------------------------------------------------
// Arranging data through the API
// ---------------------------------------------------------------------------

let projectSeq = 0;
async function createProject(type: 'sale' | 'rental' | 'tomter', settings: Record<string, string> = {}) {
  projectSeq += 1;
  const { id } = await arrangeAs(token).project({
    owner: owner.id,
    name: `Apartments e2e ${projectSeq}`,
    type,
  });
  await arrangeAs(token).settings(id, settings);
  return id;
}

const addApartment = (projectId: number, fields: ApartmentInput): Promise<Apartment> =>
  arrangeAs(token).apartment(projectId, { file_name: 'plan.svg', ...fields });

async function apartmentsOf(projectId: number): Promise<Apartment[]> {
  const res = await api<{ apartments: Apartment[] }>('GET', `/api/v1/admin/apartments/${projectId}`, token);
  return res.body.apartments;
}

async function byBostad(projectId: number, bostad: string): Promise<Apartment | undefined> {
  return (await apartmentsOf(projectId)).find((a) => a.bostad === bostad);
}

// ---------------------------------------------------------------------------
// Page helpers
// ---------------------------------------------------------------------------

/** The apartments section of the Project tab. */
const panel = (p: Page = page) => p.getByRole('region', { name: /^(Lägenheter|Tomter|Apartments|Plots)$/ });
const row = (bostad: string, p: Page = page) => p.getByRole('row', { name: `Öppna ${bostad}`, exact: true });
const dialog = (p: Page = page) => p.getByRole('dialog');
/** A row's text with the no-break spaces of number formatting read as spaces. */
const rowText = async (r: Locator) => ((await r.textContent()) ?? '').replace(/\u00a0/g, ' ');

async function openProject(projectId: number, p: Page = page) {
  await p.goto(`/projects/${projectId}`);
  await panel(p).waitFor();
}

/** Signs in (the admin unless `as`) straight onto the project's page, its apartments listed. */
async function signInToProject(projectId: number, as?: { email: string; password: string }) {
  const at = `/projects/${projectId}`;
  if (as) await signIn(page, as.email, as.password, at);
  else await signInAsAdmin(page, at);
  await panel().waitFor();
}

/** Picks an option in a Mantine Select. */
async function choose(scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The row names in table order (the table renders the rows in view; these tables are short). */
function visibleRowNames(): Promise<string[]> {
  return panel()
    .getByRole('row', { name: /^Öppna / })
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
}

function writeCsv(name: string, lines: string[]): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`, 'utf8');
  return file;
}

async function chooseImportFile(file: string) {
  await panel().getByRole('button', { name: 'Importera' }).click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog().getByRole('button', { name: 'CSV-fil' }).click(),
  ]);
  await chooser.setFiles(file);
  await dialog().getByRole('region', { name: 'Förhandsvisning' }).waitFor();
}

// ---------------------------------------------------------------------------

describe('apartment form', () => {
  it('adds an apartment without a zone, then edits it and shows the status change in the history', async () => {
    const projectId = await createProject('sale');
    await signInToProject(projectId);
    await panel().getByText('Inga lägenheter ännu').waitFor();

    await panel().getByRole('button', { name: 'Lägg till lägenhet' }).click();
    const form = dialog();
    await form.getByRole('heading', { name: 'Lägg till lägenhet' }).waitFor();
    // Bostad is required and amounts must be non-negative numbers: nothing is sent until they are.
    await form.getByLabel('Pris', { exact: true }).fill('-5');
    await form.getByRole('button', { name: 'Spara' }).click();
    await form.getByText('Fältet är obligatoriskt').waitFor();
    await form.getByText('Får inte vara negativt').waitFor();
    expect(await apartmentsOf(projectId)).toHaveLength(0);

    await form.getByLabel('Bostad', { exact: true }).fill('A-101');
    await form.getByLabel('Rum', { exact: true }).fill('3 rok');
    await form.getByLabel('Våning', { exact: true }).fill('2');
    await form.getByLabel('Boarea', { exact: true }).fill('72,5');
    await form.getByLabel('Pris', { exact: true }).fill('2 450 000');
    await form.getByLabel('Avgift', { exact: true }).fill('3900');
    const add = form.getByRole('button', { name: 'Lägg till', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await form.getByLabel('Fil-URL').fill('https://example.com/planritning.pdf');
    await add.click();
    await form.getByRole('link', { name: 'https://example.com/planritning.pdf' }).waitFor();
    await form.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Lägenheten har lagts till').waitFor();

    const created = row('A-101');
    await created.waitFor();
    expect(await rowText(created)).toContain('2 450 000 kr');
    expect(await rowText(created)).toContain('72,5 m²');
    const stored = await byBostad(projectId, 'A-101');
    expect(stored).toMatchObject({ price: 2450000, square: 72.5, fee: 3900, status: 'sale', file_name: '' });
    expect(JSON.parse(stored!.info)).toEqual([{ url: 'https://example.com/planritning.pdf' }]);
    // Created without a zone, so it counts as detached.
    expect(await panel().getByTestId('detached-count').textContent()).toBe('1');

    await created.click();
    await form.getByRole('heading', { name: 'Bostad A-101' }).waitFor();
    await form.getByText('Skapad med status').waitFor();
    await choose(form, 'Status', 'Såld');
    await form.getByLabel('Pris', { exact: true }).fill('2 500 000');
    await form.getByRole('button', { name: 'Ta bort https://example.com/planritning.pdf' }).click();
    await form.getByRole('button', { name: 'Spara' }).click();
    await toastSeen(page, 'Lägenheten har uppdaterats');
    await row('A-101').getByText('Såld').waitFor();
    expect(await byBostad(projectId, 'A-101')).toMatchObject({ status: 'sold', price: 2500000, info: '[]' });

    await row('A-101').click();
    await form.getByText('Ändrad från Till salu till Såld').waitFor();
    await form.getByText('Skapad med status').waitFor();
  });
});

describe('apartments table', () => {
  it('deletes an apartment only after the confirmation', async () => {
    const projectId = await createProject('sale');
    await addApartment(projectId, { bostad: 'D-1' });
    await addApartment(projectId, { bostad: 'D-2' });
    await signInToProject(projectId);

    await row('D-1').getByRole('button', { name: 'Ta bort D-1' }).click();
    await dialog().getByText('Är du säker på att du vill ta bort lägenheten Bostad: D-1?').waitFor();
    await dialog().getByRole('button', { name: 'Avbryt' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await apartmentsOf(projectId)).toHaveLength(2);

    await row('D-1').getByRole('button', { name: 'Ta bort D-1' }).click();
    await dialog().getByRole('button', { name: 'Ta bort', exact: true }).click();
    await page.getByText('Lägenheten har tagits bort').waitFor();
    await row('D-1').waitFor({ state: 'detached' });
    await row('D-2').waitFor();
    expect((await apartmentsOf(projectId)).map((a) => a.bostad)).toEqual(['D-2']);
  });

  it('changes the status of the checked apartments after the confirmation', async () => {
    const projectId = await createProject('sale');
    for (const bostad of ['M-1', 'M-2', 'M-3']) await addApartment(projectId, { bostad });
    await signInToProject(projectId);
    await row('M-3').waitFor();

    const save = panel().getByRole('button', { name: 'Spara status' });
    expect(await save.isDisabled()).toBe(true);
    await panel().getByRole('checkbox', { name: 'Markera M-1' }).check();
    await panel().getByRole('checkbox', { name: 'Markera M-3' }).check();
    await panel().getByText('2 markerade').waitFor();
    // A status is needed too.
    expect(await save.isDisabled()).toBe(true);
    await choose(panel(), 'Ny status', 'Bokad');
    expect(await save.isEnabled()).toBe(true);

    await save.click();
    await dialog().getByText('Ändra status för 2 lägenheter till Bokad?').waitFor();
    await dialog().getByRole('button', { name: 'Uppdatera' }).click();
    await page.getByText('Status har uppdaterats för 2 lägenheter').waitFor();
    await row('M-1').getByText('Bokad').waitFor();
    await row('M-3').getByText('Bokad').waitFor();
    expect(await rowText(row('M-2'))).toContain('Till salu');
    await panel().getByText('0 markerade').waitFor();
    expect(await save.isDisabled()).toBe(true);

    const statuses = Object.fromEntries((await apartmentsOf(projectId)).map((a) => [a.bostad, a.status]));
    expect(statuses).toEqual({ 'M-1': 'reserved', 'M-2': 'sale', 'M-3': 'reserved' });
  });

  it('shows only the detached apartments with View, and all again with Close', async () => {
    const projectId = await createProject('sale', { default_sort_order: 'bostad' });
    await addApartment(projectId, { bostad: 'Z-1' });
    await addApartment(projectId, { bostad: 'Z-2', file_name: '' });
    await addApartment(projectId, { bostad: 'Z-3' });
    await signInToProject(projectId);
    await row('Z-3').waitFor();

    expect(await panel().getByTestId('detached-count').textContent()).toBe('1');
    await panel().getByRole('button', { name: 'Visa lägenheter att placera på en plan' }).click();
    await panel().getByText('Visar 1 av 3').waitFor();
    expect(await visibleRowNames()).toEqual(['Öppna Z-2']);
    await panel().getByRole('button', { name: 'Visa alla lägenheter igen' }).click();
    await panel().getByText('Visar 3 av 3').waitFor();
    expect(await visibleRowNames()).toEqual(['Öppna Z-1', 'Öppna Z-2', 'Öppna Z-3']);
  });

  it('sorts by a clicked header and searches by status label', async () => {
    const projectId = await createProject('sale', { bostad_as_integer: '1', default_sort_order: 'bostad' });
    await addApartment(projectId, { bostad: '10', price: 100, status: 'sold' });
    await addApartment(projectId, { bostad: '9', price: 300 });
    await addApartment(projectId, { bostad: '100', price: 200 });
    await signInToProject(projectId);
    await row('100').waitFor();

    expect(await visibleRowNames()).toEqual(['Öppna 9', 'Öppna 10', 'Öppna 100']);
    await panel().getByRole('button', { name: 'Pris', exact: true }).click();
    expect(await visibleRowNames()).toEqual(['Öppna 10', 'Öppna 100', 'Öppna 9']);
    await panel().getByLabel('Sök lägenheter').fill('såld');
    await panel().getByText('Visar 1 av 3').waitFor();
    expect(await visibleRowNames()).toEqual(['Öppna 10']);
  });
});

describe('project types', () => {
  it('labels tomter columns and fields, and uses rental status labels', async () => {
    const tomter = await createProject('tomter', { use_garden_size: '1', currency: 'sek' });
    await addApartment(tomter, { bostad: 'Eken 1:12', rooms: '7', price: 950000, garden_size: 1200 });
    await signInToProject(tomter);
    await row('Eken 1:12').waitFor();
    const headers = await panel().getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual([
      'Fastighetsbeteckning',
      'Tomtnr',
      'Tomtarea',
      'Pris',
      'Trädgård',
      'Status',
      'Ta bort',
    ]);
    expect(await rowText(row('Eken 1:12'))).toContain('950 000 SEK');
    await row('Eken 1:12').click();
    await dialog().getByLabel('Fastighetsbeteckning', { exact: true }).waitFor();
    expect(await dialog().getByLabel('Tomtnr', { exact: true }).inputValue()).toBe('7');
    expect(await dialog().getByLabel('Våning', { exact: true }).count()).toBe(0);
    expect(await dialog().getByLabel('Avgift', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    const rental = await createProject('rental', { hide_fee_column: '1', hide_floor_column: '1' });
    await addApartment(rental, { bostad: 'R-1', status: 'sale' });
    await openProject(rental);
    await row('R-1').getByText('Ledig').waitFor();
    const rentalHeaders = (await panel().getByRole('columnheader').allTextContents()).map((h) => h.trim());
    expect(rentalHeaders).not.toContain('Avgift');
    expect(rentalHeaders).not.toContain('Våning');
  });
});

describe('import and export', () => {
  it('previews an import without writing anything, then applies it', async () => {
    const projectId = await createProject('sale');
    await addApartment(projectId, { bostad: 'I-1', price: 100000, status: 'sale' });
    await addApartment(projectId, { bostad: 'I-2', price: 200000, status: 'sale' });
    const file = writeCsv('import.csv', [
      'Bostad;Pris;Status',
      'I-1;150 000;Såld',
      'I-2;200 000;Till salu',
      'I-3;300 000;Kommande',
      'I-4;-5;Till salu',
    ]);
    await signInToProject(projectId);
    await row('I-2').waitFor();
    await chooseImportFile(file);

    const preview = dialog();
    for (const label of ['Nya (1)', 'Ändrade (1)', 'Oförändrade (1)', 'Ogiltiga (1)']) {
      await preview.getByText(label, { exact: true }).waitFor();
    }
    // The values to be written: from → to for a changed row, the values of a new one.
    const changedRow = await rowText(preview.getByRole('row', { name: /I-1/ }));
    expect(changedRow).toContain('100 000 kr → 150 000 kr');
    expect(changedRow).toContain('Till salu → Såld');
    expect(await rowText(preview.getByRole('row', { name: /I-3/ }))).toContain('300 000 kr');
    await preview.getByRole('row', { name: /I-4/ }).getByText('Pris: Får inte vara negativt').waitFor();
    await preview.getByText('2 lägenheter sparas (nya: 1, ändrade: 1). 1 ogiltig rad hoppas över.').waitFor();
    // Only the invalid rows, on request.
    await preview.getByText('Ogiltiga (1)', { exact: true }).click();
    expect(await preview.getByRole('row').count()).toBe(2);
    // Nothing is written by the preview.
    expect((await apartmentsOf(projectId)).map((a) => a.bostad).sort()).toEqual(['I-1', 'I-2']);

    await preview.getByRole('button', { name: 'Verkställ import' }).click();
    await page.getByText('Importen är klar. Nya: 1, ändrade: 1.').waitFor();
    await row('I-3').waitFor();
    await row('I-1').getByText('Såld').waitFor();
    const stored = Object.fromEntries((await apartmentsOf(projectId)).map((a) => [a.bostad, a.price]));
    expect(stored).toEqual({ 'I-1': 150000, 'I-2': 200000, 'I-3': 300000 });
  });

  it('imports a Windows-1252 file from Swedish Excel, creating the building numbers it names (issue 22)', async () => {
    const projectId = await createProject('sale', { multi_building: '1' });
    await arrangeAs(token).buildingNumber(projectId, 'A');
    // Excel's "CSV (semikolonavgränsad)" on Swedish Windows: Windows-1252, which agrees with
    // Latin-1 on every letter here.
    const file = path.join(tmp, 'excel-1252.csv');
    const lines = [
      'Bostad;Rum;Våning;Boarea;Pris;Status;Husnummer',
      'W-1;3;2;70,5;1 995 000;Såld;A',
      'W-2;2;1;54;1 495 000;Till salu;B',
      'W-3;4;3;92,5;2 995 000;Reserverad;C',
    ];
    fs.writeFileSync(file, Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
    await signInToProject(projectId);
    await chooseImportFile(file);

    const preview = dialog();
    await preview.getByText('Filen lästes som Windows-1252 med semikolon som avgränsare.').waitFor();
    await preview.getByText('Nya (3)', { exact: true }).waitFor();
    await preview.getByRole('columnheader', { name: 'Våning' }).waitFor();
    const first = await rowText(preview.getByRole('row', { name: /W-1/ }));
    for (const value of ['70,5 m²', '1 995 000 kr', 'Såld']) expect(first).toContain(value);
    expect(await rowText(preview.getByRole('row', { name: /W-3/ }))).toContain('Reserverad');
    // The building numbers the project lacks are offered; until accepted their rows would be skipped.
    await preview.getByText(/^Husnumren B, C finns inte i projektet/).waitFor();
    await preview
      .getByText('1 lägenhet sparas (nya: 1, ändrade: 0). 2 rader med husnummer som saknas hoppas över.')
      .waitFor();
    await preview.getByRole('checkbox', { name: 'Skapa husnummer B, C' }).check();
    await preview.getByText('3 lägenheter sparas (nya: 3, ändrade: 0).').waitFor();
    expect(await apartmentsOf(projectId)).toEqual([]);

    await preview.getByRole('button', { name: 'Verkställ import' }).click();
    await page.getByText('Importen är klar. Nya: 3, ändrade: 0. Skapade husnummer: B, C.').waitFor();
    for (const [bostad, building, status] of [
      ['W-1', 'A', 'Såld'],
      ['W-2', 'B', 'Till salu'],
      ['W-3', 'C', 'Reserverad'],
    ] as const) {
      await row(bostad).getByText(status).waitFor();
      await row(bostad).getByRole('cell', { name: building, exact: true }).waitFor();
    }

    // The buyer's list in the widget shows them, in their buildings (in the widget's own order).
    const widget = await context.newPage();
    await widget.goto(`/view/${projectId}`);
    await widget.waitForSelector('#root[data-ready="1"]');
    await expect
      .poll(async () =>
        (
          await widget
            .locator('tbody tr[data-pv-row]')
            .evaluateAll((rows) => rows.map((r) => [...r.children].slice(0, 2).map((c) => c.textContent)))
        ).sort(),
      )
      .toEqual([
        ['W-1', 'A'],
        ['W-2', 'B'],
        ['W-3', 'C'],
      ]);
    await widget.close();
  });

  it('exports a CSV for Excel that re-imports with every row unchanged', async () => {
    const projectId = await createProject('sale');
    await addApartment(projectId, {
      bostad: 'E-1',
      rooms: '2 rok',
      square: 54.5,
      price: 1950000,
      description: 'Balkong "söder"\nmed kvällssol',
    });
    await addApartment(projectId, { bostad: 'E-2', status: 'sold', inactive: '1', fee: 3100.5 });
    await addApartment(projectId, {
      bostad: 'E-3',
      info: JSON.stringify([{ url: 'https://example.com/x.pdf' }]),
    });
    await signInToProject(projectId);
    await row('E-3').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel().getByRole('button', { name: 'Exportera' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const file = path.join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    const bytes = fs.readFileSync(file);
    // UTF-16LE with a BOM and tabs: what Excel opens into columns in any locale.
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const text = bytes.subarray(2).toString('utf16le');
    expect(text.split('\r\n')[0]).toMatch(/^Bostad\tRum\tVåning\tBoarea\tPris/);
    expect(text).toContain('54,5');

    await chooseImportFile(file);
    const preview = dialog();
    await preview.getByText('Oförändrade (3)', { exact: true }).waitFor();
    for (const label of ['Nya (0)', 'Ändrade (0)', 'Ogiltiga (0)']) {
      await preview.getByText(label, { exact: true }).waitFor();
    }
    await preview.getByText('Inget att spara: alla rader är oförändrade eller ogiltiga.').waitFor();
    expect(await preview.getByRole('button', { name: 'Verkställ import' }).isDisabled()).toBe(true);
  });
});

describe('roles and languages', () => {
  it('lets a client edit status and price but not the building number, without delete or detached view', async () => {
    const client = await createUser(token, { role: 'client', first_name: 'Klara', last_name: 'Kund' });
    const res = await api<{ project: { id: number } }>('POST', `/api/v1/admin/project/${client.id}`, token, {
      name: 'Client project',
      type: 'sale',
      description: '',
    });
    const projectId = res.body.project.id;
    const building = await api<{ building_number: { id: number } }>(
      'POST',
      `/api/v1/building-numbers/${projectId}`,
      token,
      { label: 'Hus A' },
    );
    const buildingId = building.body.building_number.id;
    await addApartment(projectId, { bostad: 'K-1', price: 1000000, building_number_id: buildingId });

    await signInToProject(projectId, client);
    await row('K-1').waitFor();
    expect(
      await panel()
        .getByRole('button', { name: /^Ta bort/ })
        .count(),
    ).toBe(0);
    expect(await panel().getByText('Att placera på en plan').count()).toBe(0);
    expect(await panel().getByRole('button', { name: 'Lägg till lägenhet' }).count()).toBe(0);
    expect(await panel().getByRole('button', { name: 'Importera' }).count()).toBe(0);

    await row('K-1').click();
    const form = dialog();
    const buildingSelect = form.getByRole('combobox', { name: 'Husnummer', exact: true });
    expect(await buildingSelect.isDisabled()).toBe(true);
    await expect.poll(() => buildingSelect.inputValue()).toBe('Hus A');
    await choose(form, 'Status', 'Reserverad');
    await form.getByLabel('Pris', { exact: true }).fill('1 100 000');
    await form.getByRole('button', { name: 'Spara' }).click();
    await toastSeen(page, 'Lägenheten har uppdaterats');
    await row('K-1').getByText('Reserverad').waitFor();
    expect(await byBostad(projectId, 'K-1')).toMatchObject({
      status: 'preorder',
      price: 1100000,
      building_number_id: buildingId,
    });
  });

  it('speaks English: headers, status labels and the spec’s delete confirmation', async () => {
    const projectId = await createProject('sale');
    await addApartment(projectId, { bostad: 'EN-1', status: 'reserved', price: 1250000 });
    await signInAsAdmin(page);
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await openProject(projectId);
    const enRow = page.getByRole('row', { name: 'Open EN-1', exact: true });
    await enRow.waitFor();
    const headers = (await panel().getByRole('columnheader').allTextContents()).map((h) => h.trim());
    expect(headers.filter(Boolean)).toEqual([
      'Unit',
      'Rooms',
      'Floor',
      'Area',
      'Price',
      'Fee',
      'Status',
      'Delete',
    ]);
    expect(await rowText(enRow)).toContain('1,250,000 kr');
    await enRow.getByText('Booked').waitFor();

    await enRow.getByRole('button', { name: 'Delete EN-1' }).click();
    await dialog().getByText('Are you sure you want to delete apartment Bostad: EN-1?').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await apartmentsOf(projectId)).toHaveLength(1);
  });
});
