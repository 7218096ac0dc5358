import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Apartment, Project } from '@planvy/shared';
import { adminToken, api, arrangeAs, createUser, freshPage, launch } from './support/browser';
import { signInAsAdmin, toastSeen } from './support/session';

/**
 * Two tabs edit the same project or apartment. The tab that saves second, holding what it
 * loaded, is told that someone else saved first (nothing of the first save is lost), and
 * Reload shows what is stored now, from which its change saves fine.
 */

let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;
let first: Page;
let second: Page;
let token: string;
let owner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  browser = await launch();
  context = browser.context;
  token = await adminToken();
  owner = await createUser(token, { role: 'client', first_name: 'Olle', last_name: 'Ägare' });
});
afterAll(() => browser.close());
beforeEach(async () => {
  first = await freshPage(context);
  await signInAsAdmin(first);
  // A second tab of the same signed-in browser.
  second = await context.newPage();
});

let seq = 0;
async function createProject(): Promise<number> {
  seq += 1;
  return (
    await arrangeAs(token).project({ owner: owner.id, name: `Concurrent ${seq}`, description: 'Original' })
  ).id;
}

const details = (p: Page) => p.getByRole('form', { name: 'Projektuppgifter' });
const statusSwitch = (p: Page) => details(p).getByRole('switch', { name: 'Visa statusförklaring' });
/** Switches are flipped by their label, as a person does (the input itself is visually hidden). */
async function switchOn(p: Page) {
  await details(p).getByText('Visa statusförklaring', { exact: true }).click();
  expect(await statusSwitch(p).isChecked()).toBe(true);
}
const conflictAlert = (p: Page) => p.getByRole('alert').filter({ hasText: 'Ändrat av någon annan' });

describe('two tabs, one project', () => {
  it('refuses the second save, reloads what the first stored, then saves', async () => {
    const id = await createProject();
    for (const p of [first, second]) {
      await p.goto(`/projects/${id}?tab=settings`);
      await details(p).getByLabel('Namn', { exact: true }).waitFor();
    }

    // The second tab starts editing before the first one saves.
    await details(second).getByLabel('Beskrivning', { exact: true }).fill('Från flik två');
    await switchOn(second);

    await details(first).getByLabel('Namn', { exact: true }).fill('Namn från flik ett');
    await switchOn(first);
    await details(first).getByRole('button', { name: 'Spara ändringar' }).click();
    await first.getByText('Projektet har sparats').waitFor();

    await details(second).getByRole('button', { name: 'Spara ändringar' }).click();
    await conflictAlert(second).getByText('Någon annan har sparat ändringar i projektet').waitFor();
    // The first tab's save is intact.
    const stored = (await api<{ project: Project }>('GET', `/api/v1/admin/project/${id}`, token)).body
      .project;
    expect([stored.name, stored.description]).toEqual(['Namn från flik ett', 'Original']);

    await conflictAlert(second).getByRole('button', { name: 'Ladda om' }).click();
    await conflictAlert(second).waitFor({ state: 'detached' });
    expect(await details(second).getByLabel('Namn', { exact: true }).inputValue()).toBe('Namn från flik ett');
    expect(await details(second).getByLabel('Beskrivning', { exact: true }).inputValue()).toBe('Original');
    expect(await statusSwitch(second).isChecked()).toBe(true);

    await details(second).getByLabel('Beskrivning', { exact: true }).fill('Från flik två');
    await details(second).getByRole('button', { name: 'Spara ändringar' }).click();
    await second.getByText('Projektet har sparats').waitFor();
    const after = (await api<{ project: Project }>('GET', `/api/v1/admin/project/${id}`, token)).body.project;
    expect([after.name, after.description]).toEqual(['Namn från flik ett', 'Från flik två']);
  });
});

describe('two tabs, one apartment', () => {
  it('refuses the second save, reloads the apartment, then saves', async () => {
    const id = await createProject();
    const created = await api<{ apartment: Apartment }>('POST', `/api/v1/admin/apartment/${id}`, token, {
      bostad: 'K-1',
      price: 1000000,
    });
    expect(created.status).toBe(201);
    const apartmentId = created.body.apartment.id;
    const dialog = (p: Page) => p.getByRole('dialog');
    for (const p of [first, second]) {
      await p.goto(`/projects/${id}`);
      await p.getByRole('row', { name: 'Öppna K-1', exact: true }).click();
      await dialog(p).getByLabel('Pris', { exact: true }).waitFor();
    }

    await dialog(second).getByLabel('Pris', { exact: true }).fill('1 200 000');
    await dialog(first).getByLabel('Beskrivning', { exact: true }).fill('Balkong i söder');
    await dialog(first).getByRole('button', { name: 'Spara' }).click();
    await toastSeen(first, 'Lägenheten har uppdaterats');

    await dialog(second).getByRole('button', { name: 'Spara' }).click();
    await conflictAlert(second).getByText('Någon annan har sparat ändringar i bostad K-1').waitFor();
    const read = async () =>
      (await api<{ apartment: Apartment }>('GET', `/api/v1/admin/apartment/${apartmentId}`, token)).body
        .apartment;
    expect(await read()).toMatchObject({ price: 1000000, description: 'Balkong i söder' });

    await conflictAlert(second).getByRole('button', { name: 'Ladda om' }).click();
    await conflictAlert(second).waitFor({ state: 'detached' });
    expect(await dialog(second).getByLabel('Beskrivning', { exact: true }).inputValue()).toBe(
      'Balkong i söder',
    );
    expect((await dialog(second).getByLabel('Pris', { exact: true }).inputValue()).replace(/\s/g, '')).toBe(
      '1000000',
    );

    await dialog(second).getByLabel('Pris', { exact: true }).fill('1 200 000');
    await dialog(second).getByRole('button', { name: 'Spara' }).click();
    await toastSeen(second, 'Lägenheten har uppdaterats');
    expect(await read()).toMatchObject({ price: 1200000, description: 'Balkong i söder' });
  });
});
