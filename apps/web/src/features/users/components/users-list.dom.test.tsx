import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@planvy/shared';
import { cleanupRender, jsonResponse, renderRoute } from '../../../test/render';
import { UsersList } from './users-list';

const base = { roles: [{ slug: 'client' as const, name: 'Client' }], config: [], created_at: '' };
const users: User[] = [
  { ...base, id: 1, email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', phone: '070-111' },
  { ...base, id: 7, email: 'bo@firma.se', first_name: 'Bo', last_name: 'Ek', phone: '08-222' },
  {
    ...base,
    roles: [{ slug: 'broker', name: 'Broker' }],
    id: 9,
    email: 'maja@maklare.se',
    first_name: 'Maja',
    last_name: 'Mäklare',
    phone: '',
  },
  {
    ...base,
    roles: [{ slug: 'admin', name: 'Admin' }],
    id: 3,
    email: 'root@planvy.se',
    first_name: 'Rut',
    last_name: 'Root',
    phone: '',
  },
];

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function setup(list: User[] = users) {
  fetchMock.mockResolvedValue(jsonResponse(200, { users: list }));
  return renderRoute(<UsersList />, {
    path: '/users',
    routes: [{ path: '/users/:id', element: <p>user page</p> }],
  });
}

describe('UsersList', () => {
  it('marks a user who has not accepted the invitation yet as "Inbjuden", and only them', async () => {
    setup([
      { ...users[0]!, invitation_pending: true },
      { ...users[1]!, invitation_pending: false },
    ]);
    const table = await screen.findByRole('table');
    const ada = (await within(table).findByText('ada@example.com')).closest('tr')!;
    expect(within(ada).getByText('Inbjuden')).toBeTruthy();
    const bo = within(table).getByText('bo@firma.se').closest('tr')!;
    expect(within(bo).queryByText('Inbjuden')).toBeNull();
  });

  it('lists users and filters them client-side', async () => {
    setup();
    const table = await screen.findByRole('table');
    await within(table).findByText('ada@example.com');
    expect(within(table).getByText('Bo Ek')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: /search users|sök användare/i }), {
      target: { value: '08-2' },
    });
    expect(within(table).queryByText('ada@example.com')).toBeNull();
    expect(within(table).getByText('bo@firma.se')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('shows each user’s role and filters by role, together with the search', async () => {
    setup();
    const table = await screen.findByRole('table');
    await within(table).findByText('ada@example.com');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['E-post', 'Telefon', 'Namn', 'Roll']);
    const roleOf = (email: string) =>
      within(table).getByText(email).closest('tr')!.lastElementChild!.textContent;
    expect(roleOf('ada@example.com')).toBe('Kund');
    expect(roleOf('maja@maklare.se')).toBe('Mäklare');
    expect(roleOf('root@planvy.se')).toBe('Administratör');

    const emails = () =>
      within(table)
        .queryAllByRole('row')
        .slice(1)
        .map((row) => row.firstElementChild?.textContent);
    const filter = screen.getByRole('combobox', { name: 'Roll' });
    expect((filter as HTMLInputElement).value).toBe('Alla');
    fireEvent.click(filter);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Alla',
      'Kund',
      'Administratör',
      'Mäklare',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Kund' }));
    await waitFor(() => expect(emails()).toEqual(['ada@example.com', 'bo@firma.se']));
    // The search narrows within the role.
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'firma' } });
    expect(emails()).toEqual(['bo@firma.se']);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });

    fireEvent.click(filter);
    fireEvent.click(await screen.findByRole('option', { name: 'Mäklare' }));
    await waitFor(() => expect(emails()).toEqual(['maja@maklare.se']));
    fireEvent.click(filter);
    fireEvent.click(await screen.findByRole('option', { name: 'Alla' }));
    await waitFor(() => expect(emails()).toHaveLength(4));
  });

  it('opens a user with Enter on the focused row', async () => {
    const { router } = setup();
    const cell = await screen.findByText('bo@firma.se');
    const row = cell.closest('tr');
    expect(row?.tabIndex).toBe(0);
    fireEvent.keyDown(row!, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/7'));
  });

  it('opens a user on row click', async () => {
    const { router } = setup();
    fireEvent.click(await screen.findByText('Ada Lovelace'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/1'));
  });

  it('says so when the search matches nobody', async () => {
    setup();
    await screen.findByText('ada@example.com');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(
      /no matching users|inga matchande/i,
    );
  });

  it('links to the add-user page', async () => {
    setup([]);
    const link = await screen.findByRole('link', { name: /add user|lägg till användare/i });
    expect(link.getAttribute('href')).toBe('/user-add');
  });
});
