import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { defaultProjectSettings, type Apartment, type Project, type ProjectSettings } from '@planvy/shared';
import { cleanupRender, jsonResponse, renderRoute, requestUrl } from '../../../test/render';
import { ApartmentForm } from './apartment-form';
import { ApartmentsPanel } from './apartments-panel';
import { signInAs } from '../../../test/session';

const fetchMock = vi.fn<typeof fetch>();

function apartment(id: number, fields: Partial<Apartment> = {}): Apartment {
  return {
    id,
    project_id: 1,
    building_number_id: null,
    bostad: String(1000 + id),
    rooms: '2 rok',
    floor: '3',
    square: 55,
    price: 1500000,
    fee: 3000,
    garden_size: 40,
    status: 'sale',
    inactive: '0',
    link: '',
    file_name: 'plan.svg',
    description: '',
    info: '[]',
    statistic_count: 0,
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...fields,
  };
}

const project = (type: Project['type']): Project =>
  ({ id: 1, name: 'P', description: '', type, user_id: 2, broker_id: null }) as unknown as Project;
const settings = (overrides: Partial<ProjectSettings> = {}) => ({
  ...defaultProjectSettings(),
  ...overrides,
});

function serve(apartments: Apartment[]) {
  fetchMock.mockImplementation((input) => {
    const url = requestUrl(input);
    if (/\/apartments\/1$/.test(url)) return Promise.resolve(jsonResponse(200, { apartments }));
    if (/\/building-numbers\/1$/.test(url))
      return Promise.resolve(
        jsonResponse(200, { building_numbers: [{ id: 9, project_id: 1, label: 'A', label_svg: '' }] }),
      );
    if (/\/history$/.test(url)) return Promise.resolve(jsonResponse(200, { history: [], prices: [] }));
    return Promise.resolve(jsonResponse(404, { message: 'Not found', errors: {}, status_code: 404 }));
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  }
});
// jsdom has no layout: give the table's scroll container a size so the virtualiser renders rows.
const viewportSize = (prop: 'clientHeight' | 'clientWidth', size: number) => {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop);
  Object.defineProperty(HTMLElement.prototype, prop, {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'apartments-viewport' ? size : (original?.get?.call(this) as number);
    },
  });
  return () => original && Object.defineProperty(HTMLElement.prototype, prop, original);
};
let restoreSize: (() => unknown)[] = [];
beforeEach(() => {
  restoreSize = [viewportSize('clientHeight', 640), viewportSize('clientWidth', 1024)];
});

afterEach(() => {
  restoreSize.forEach((restore) => restore());
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const headers = async () =>
  (await screen.findAllByRole('columnheader')).map((th) => th.textContent?.trim()).filter(Boolean);

describe('ApartmentsPanel', () => {
  it('shows sale columns with currency, a dash for an inactive price and a delete column for admins', async () => {
    signInAs('admin');
    serve([apartment(1), apartment(2, { inactive: '1', price: 999 })]);
    renderRoute(<ApartmentsPanel project={project('sale')} settings={settings()} />);
    expect(await screen.findByRole('row', { name: 'Öppna 1001' })).toBeTruthy();
    expect(await headers()).toEqual([
      'Bostad',
      'Rum',
      'Våning',
      'Boarea',
      'Pris',
      'Avgift',
      'Status',
      'Ta bort',
    ]);
    const active = screen.getByRole('row', { name: 'Öppna 1001' });
    expect(within(active).getByText('1 500 000 kr')).toBeTruthy();
    const inactive = screen.getByRole('row', { name: 'Öppna 1002' });
    expect(within(inactive).getAllByText('–')).toHaveLength(2);
    expect(within(inactive).getByText('Inaktiv')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ta bort 1001' })).toBeTruthy();
    expect(screen.getByText('Att placera på en plan')).toBeTruthy();
  });

  it('labels tomter columns, hides floor and fee, adds the garden and uses SEK', async () => {
    signInAs('client');
    serve([apartment(1)]);
    renderRoute(
      <ApartmentsPanel
        project={project('tomter')}
        settings={settings({ use_garden_size: '1', currency: 'sek' })}
      />,
    );
    await screen.findByRole('row', { name: 'Öppna 1001' });
    // A plot has no fee (whatever hide_fee_column says) and no living area.
    expect(await headers()).toEqual([
      'Fastighetsbeteckning',
      'Tomtnr',
      'Tomtarea',
      'Pris',
      'Trädgård',
      'Status',
    ]);
    expect(screen.getByText('1 500 000 SEK')).toBeTruthy();
    // Clients get neither the delete column nor the detached view.
    expect(screen.queryByRole('button', { name: /^Ta bort/ })).toBeNull();
    expect(screen.queryByText('Att placera på en plan')).toBeNull();
  });

  it('sorts by a clicked header and filters with the search box', async () => {
    signInAs('admin');
    serve([
      apartment(1, { bostad: '10', status: 'sold' }),
      apartment(2, { bostad: '9' }),
      apartment(3, { bostad: '11' }),
    ]);
    renderRoute(
      <ApartmentsPanel project={project('sale')} settings={settings({ default_sort_order: 'status' })} />,
    );
    await screen.findByRole('row', { name: 'Öppna 10' });
    const order = () =>
      screen.getAllByRole('row', { name: /^Öppna/ }).map((r) => r.getAttribute('aria-label'));
    expect(order()).toEqual(['Öppna 9', 'Öppna 11', 'Öppna 10']);
    fireEvent.click(screen.getByRole('button', { name: 'Bostad' }));
    expect(order()).toEqual(['Öppna 9', 'Öppna 10', 'Öppna 11']);
    fireEvent.click(screen.getByRole('button', { name: 'Bostad' }));
    expect(order()).toEqual(['Öppna 11', 'Öppna 10', 'Öppna 9']);
    fireEvent.change(screen.getByLabelText('Sök lägenheter'), { target: { value: 'såld' } });
    expect(await screen.findByText('Visar 1 av 3')).toBeTruthy();
    expect(order()).toEqual(['Öppna 10']);
  });

  it('enables the mass Save only with a checked apartment and a status', async () => {
    signInAs('admin');
    serve([apartment(1), apartment(2)]);
    renderRoute(<ApartmentsPanel project={project('sale')} settings={settings()} />);
    await screen.findByRole('row', { name: 'Öppna 1001' });
    const save = screen.getByRole('button', { name: 'Spara status' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Markera alla visade' }));
    expect(screen.getByText('2 markerade')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
  });

  it('offers admins, and only admins, a building number for the checked apartments', async () => {
    signInAs('admin');
    serve([apartment(1), apartment(2)]);
    renderRoute(<ApartmentsPanel project={project('sale')} settings={settings()} />);
    await screen.findByRole('row', { name: 'Öppna 1001' });
    const save = await screen.findByRole('button', { name: 'Spara husnummer' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Markera alla visade' }));
    // A building number (or none) is needed too.
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('combobox', { name: 'Nytt husnummer' }));
    expect(await screen.findByRole('option', { name: 'Inget husnummer' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('option', { name: 'A' }));
    expect(save.hasAttribute('disabled')).toBe(false);
    cleanupRender();

    signInAs('client');
    renderRoute(<ApartmentsPanel project={project('sale')} settings={settings()} />);
    await screen.findByRole('row', { name: 'Öppna 1001' });
    expect(screen.getByRole('button', { name: 'Spara status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spara husnummer' })).toBeNull();
  });
});

describe('ApartmentForm', () => {
  it('needs text before a file URL can be added, and lists added URLs with a remove button', async () => {
    signInAs('admin');
    serve([]);
    renderRoute(
      <ApartmentForm
        project={project('sale')}
        settings={settings()}
        onSaved={() => {}}
        onCancel={() => {}}
      />,
    );
    const add = screen.getByRole('button', { name: 'Lägg till' });
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Fil-URL'), { target: { value: '   ' } });
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Fil-URL'), { target: { value: 'https://example.com/a.pdf' } });
    fireEvent.click(add);
    expect(screen.getByRole('link', { name: 'https://example.com/a.pdf' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort https://example.com/a.pdf' }));
    expect(screen.queryByRole('link', { name: 'https://example.com/a.pdf' })).toBeNull();
  });

  it('disables the building number for non-admins and hides the floor for tomter', async () => {
    signInAs('client');
    serve([]);
    renderRoute(
      <ApartmentForm
        project={project('tomter')}
        settings={settings()}
        apartment={apartment(1, { building_number_id: 9 })}
        onSaved={() => {}}
        onCancel={() => {}}
      />,
    );
    const building = screen
      .getAllByLabelText('Husnummer')
      .find((el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden');
    expect(building?.hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('Fastighetsbeteckning')).toBeTruthy();
    expect(screen.getByLabelText('Tomtnr')).toBeTruthy();
    expect(screen.getByLabelText('Tomtarea')).toBeTruthy();
    expect(screen.queryByLabelText('Våning')).toBeNull();
    expect(screen.queryByLabelText('Avgift')).toBeNull();
    expect(screen.queryByLabelText('Boarea')).toBeNull();
    expect(await screen.findByText('Inga statusändringar ännu.')).toBeTruthy();
  });
});
