import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adminToken, api, arrangeAs, baseURL, createUser, freshPage, launch } from './support/browser';
import { expectPath, signIn, signInAsAdmin } from './support/session';

let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;
let page: Page;
let token: string;

interface ApiProject {
  id: number;
  name: string;
  type: string;
  user_id: number;
  broker_id: number | null;
}

beforeAll(async () => {
  browser = await launch();
  context = browser.context;
  token = await adminToken();
});
afterAll(() => browser.close());
beforeEach(async () => {
  page = await freshPage(context);
});

let seq = 0;
async function createProject(
  ownerId: number,
  fields: { name?: string; type?: string; description?: string } = {},
) {
  seq += 1;
  return arrangeAs(token).project({
    owner: ownerId,
    name: `E2E projekt ${Date.now()}-${seq}`,
    description: 'Skapat av ett webbläsartest',
    user_id: ownerId,
    ...fields,
  });
}

async function setting(projectId: number, name: string): Promise<string> {
  const res = await api<{ value: string }>('GET', `/api/v1/admin/settings/${projectId}?name=${name}`, token);
  return res.body.value;
}

/** Switches are flipped by their label, as a person does (the input itself is visually hidden). */
async function toggle(p: Page, label: string) {
  const box = p.getByRole('switch', { name: label });
  const before = await box.isChecked();
  await p.getByText(label, { exact: true }).click();
  expect(await box.isChecked()).toBe(!before);
}

/** Waits until every input of the form shows its loaded value (the page renders once both queries are in). */
/** The project's details and settings tab, by its link, signed in as the admin. */
async function openProject(p: Page, id: number) {
  await signInAsAdmin(p, `/projects/${id}?tab=settings`);
  await p.getByRole('textbox', { name: 'Namn', exact: true }).waitFor();
}

describe('creating a project', () => {
  it('shows the required fields, then creates the project for the chosen client and opens it', async () => {
    const lastName = `Kund${Date.now()}`;
    // Two clients at least, so none is chosen for the admin (the only one would be).
    const [client] = await Promise.all([
      createUser(token, { first_name: 'Klara', last_name: lastName }),
      createUser(token, { first_name: 'Annan', last_name: lastName }),
    ]);
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Lägg till projekt' }).first().click();
    await expectPath(page, '/project-add');
    expect(await page.getByLabel('Typ', { exact: true }).inputValue()).toBe('sale');

    // Nothing filled in: name and client are required, and nothing is created.
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Fältet är obligatoriskt').nth(1).waitFor();
    expect(await page.getByText('Fältet är obligatoriskt').count()).toBe(2);
    await expectPath(page, '/project-add');

    const name = `Kvarteret Linden ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Namn', exact: true }).fill(name);
    await page.getByLabel('Typ', { exact: true }).selectOption('rental');
    await page.getByRole('combobox', { name: 'Kund' }).fill(lastName);
    await page.getByRole('option', { name: `Klara ${lastName}` }).click();
    await page.getByRole('textbox', { name: 'Beskrivning' }).fill('Hyresrätter i fyra hus');
    await page.getByRole('button', { name: 'Spara' }).click();

    await page.getByText('Projektet har skapats!').waitFor();
    await page.waitForURL(/\/projects\/\d+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText(`Ägare: Klara ${lastName}`).waitFor();
    // The page starts where the work is: the plan first (an empty state inviting an upload).
    await page.getByRole('tab', { name: 'Plan och lägenheter', selected: true }).waitFor();
    await page.getByRole('heading', { name: 'Inga planer ännu' }).waitFor();
    expect(await page.getByRole('form', { name: 'Projektuppgifter' }).count()).toBe(0);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const stored = await api<{ project: ApiProject }>('GET', `/api/v1/admin/project/${id}`, token);
    expect(stored.body.project).toMatchObject({ name, type: 'rental', user_id: client.id });

    // The widget preview opens the public view in a new tab.
    const preview = page.getByRole('link', { name: 'Förhandsgranska widget' });
    expect(await preview.getAttribute('href')).toBe(`/view/${id}`);
    expect(await preview.getAttribute('target')).toBe('_blank');

    // Cancel leads back to the list, where the new project is listed with its owner.
    await page.goto('/project-add');
    await page.getByRole('button', { name: 'Avbryt' }).click();
    await expectPath(page, '/projects');
    await page.getByLabel('Sök projekt').fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    expect(await row.textContent()).toContain(`Klara ${lastName}`);
    expect(await row.textContent()).toContain('Hyresrätter');
  });
});

describe('project settings', () => {
  it('shows the link and e-mail with project information on, refuses a bad e-mail and keeps saved values', async () => {
    const client = await createUser(token);
    const project = await createProject(client.id);
    await openProject(page, project.id);

    const email = page.getByRole('textbox', { name: 'Projektets e-post' });
    const link = page.getByRole('textbox', { name: 'Länk till projektet' });
    expect(await email.count()).toBe(0);
    expect(await link.count()).toBe(0);

    await toggle(page, 'Visa projektinformation');
    await email.fill('inte-en-adress');
    await link.fill('https://example.com/linden');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await page.getByText('Ange en giltig e-postadress').waitFor();
    // Nothing was stored: not the switch, not the valid link.
    expect(await setting(project.id, 'use_apartment_information')).toBe('0');
    expect(await setting(project.id, 'link_to_project')).toBe('');

    await email.fill('info@example.com');
    await page.getByLabel('Textstorlek för husetiketter').fill('60');
    await page.getByLabel('Valuta').selectOption('sek');
    await toggle(page, 'Flera byggnader');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await page.getByText('Projektet har sparats').waitFor();
    await page.getByText('Inga osparade ändringar').waitFor();

    expect(await setting(project.id, 'use_apartment_information')).toBe('1');
    expect(await setting(project.id, 'project_email')).toBe('info@example.com');
    expect(await setting(project.id, 'label_font_size')).toBe('60');

    await page.reload();
    await page.getByRole('textbox', { name: 'Projektets e-post' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Visa projektinformation' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Flera byggnader' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Projektets e-post' }).inputValue()).toBe(
      'info@example.com',
    );
    expect(await page.getByRole('textbox', { name: 'Länk till projektet' }).inputValue()).toBe(
      'https://example.com/linden',
    );
    expect(await page.getByLabel('Valuta').inputValue()).toBe('sek');
    expect(await page.getByLabel('Textstorlek för husetiketter').inputValue()).toBe('60');
  });

  it('assigns a broker, who then sees the project read-only', async () => {
    const client = await createUser(token);
    const brokerLastName = `Mäklare${Date.now()}`;
    const broker = await createUser(token, {
      role: 'broker',
      first_name: 'Maja',
      last_name: brokerLastName,
    });
    const project = await createProject(client.id);
    const other = await createProject(client.id);
    await openProject(page, project.id);

    await page.getByRole('combobox', { name: 'Mäklare' }).fill(brokerLastName);
    await page.getByRole('option', { name: `Maja ${brokerLastName}` }).click();
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await page.getByText('Projektet har sparats').waitFor();
    const stored = await api<{ project: ApiProject }>('GET', `/api/v1/admin/project/${project.id}`, token);
    expect(stored.body.project.broker_id).toBe(broker.id);

    page = await freshPage(context);
    await signIn(page, broker.email, broker.password);
    await page.getByRole('row', { name: new RegExp(project.name) }).click();
    await expectPath(page, `/projects/${project.id}`);
    await page.getByRole('tab', { name: 'Inställningar' }).click();
    await page.getByRole('textbox', { name: 'Namn', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Namn', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Mäklare' }).inputValue()).toBe(`Maja ${brokerLastName}`);
    // The broker only brokers the first project.
    await page.goto('/projects');
    await page.getByRole('row', { name: new RegExp(project.name) }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(other.name) }).count()).toBe(0);
  });
});

describe('a client', () => {
  it('sees only their own project, read-only, without the admin tabs', async () => {
    const owner = await createUser(token);
    const stranger = await createUser(token);
    const own = await createProject(owner.id, { name: `Eget projekt ${Date.now()}`, type: 'tomter' });
    const foreign = await createProject(stranger.id, { name: `Annans projekt ${Date.now()}` });

    await signIn(page, owner.email, owner.password);
    const row = page.getByRole('row', { name: new RegExp(own.name) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Tomter');
    expect(await page.getByRole('row', { name: new RegExp(foreign.name) }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Ägare' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Lägg till projekt' }).count()).toBe(0);

    await row.press('Enter');
    await expectPath(page, `/projects/${own.id}`);
    // A client lands on the plan and the plots, with no settings form above them.
    await page.getByRole('tab', { name: 'Plan och tomter', selected: true }).waitFor();
    await page.getByRole('region', { name: 'Tomter' }).waitFor();
    expect(await page.getByRole('form', { name: 'Projektuppgifter' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Inställningar' }).click();
    await page.getByText('Bara en administratör kan ändra projektets uppgifter och inställningar.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Namn', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Typ', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Beskrivning' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Visa statusförklaring' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Valuta').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Spara ändringar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ta bort projekt' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Förhandsgranska widget' }).count()).toBe(0);
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual([
      'Plan och tomter',
      'Intresse',
      'Reservationer',
      'Säljstart',
      'Inställningar',
      'Kodsnutt',
    ]);

    // Another client's project, opened by its URL, shows nothing of it.
    await page.goto(`/projects/${foreign.id}`);
    await page.getByRole('heading', { level: 1, name: 'Projektet hittades inte' }).waitFor();
    expect(await page.getByText(foreign.name).count()).toBe(0);
    // An admin tab asked for by URL is not shown either.
    await page.goto(`/projects/${own.id}?tab=svg`);
    await page.getByRole('tab', { name: 'Plan och tomter', selected: true }).waitFor();
  });
});

describe('code snippet', () => {
  it('copies the iframe code to the clipboard', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    const client = await createUser(token);
    const project = await createProject(client.id);
    await openProject(page, project.id);
    await page.getByRole('tab', { name: 'Kodsnutt' }).click();

    const iframe = page.getByRole('region', { name: 'Iframe-kod' });
    await iframe.getByText(`/view/${project.id}`).waitFor();
    await iframe.getByRole('button', { name: 'Kopiera' }).click();
    await iframe.getByRole('button', { name: 'Kopierat' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^<iframe src="[^"]+/view/${project.id}"`));
    expect(await iframe.locator('pre').textContent()).toBe(copied);

    // The script snippet is there too, with its own button.
    const script = page.getByRole('region', { name: 'Skriptkod' });
    expect(await script.locator('pre').textContent()).toContain(`data-planvy-project="${project.id}"`);
    await script.getByRole('button', { name: 'Kopiera' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/embed.js');
  });
});

describe('in English', () => {
  it('an admin renames a project and then deletes it after a confirmation that names it', async () => {
    const client = await createUser(token);
    const project = await createProject(client.id, { type: 'tomter' });
    await signInAsAdmin(page);
    await page.getByLabel('Språk').first().selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.getByLabel('Search projects').fill(project.name);
    await page.getByRole('row', { name: new RegExp(project.name) }).click();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Plan and plots',
      'Interest',
      'Reservations',
      'Releases',
      'Settings',
      'SVG images',
      'Sun study',
      'Building numbers',
      'Webhooks',
      'Code snippet',
    ]);
    expect(await page.getByLabel('Type', { exact: true }).locator('option:checked').textContent()).toBe(
      'Plots',
    );

    const renamed = `${project.name} (renamed)`;
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('This field is required').waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Project saved').waitFor();
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();

    await page.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Do you want to delete the project “${renamed}”?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectPath(page, '/projects');
    await page.getByText(`The project “${renamed}” was deleted`).waitFor();
    await page.getByLabel('Search projects').fill(renamed);
    await page.getByText('No matching projects').waitFor();
    const gone = await api('GET', `/api/v1/admin/project/${project.id}`, token);
    expect(gone.status).toBe(404);
  });
});
