import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { serverMessage, type User } from '@planvy/shared';
import { cleanupRender, errorResponse, jsonResponse, renderRoute, requestUrl } from '../../../test/render';
import { UserView } from './user-view';

const fetchMock = vi.fn<typeof fetch>();

const kalle: User = {
  id: 5,
  first_name: 'Kalle',
  last_name: 'Anka',
  email: 'kalle@example.com',
  phone: '070-1',
  roles: [{ slug: 'broker', name: 'Broker' }],
  config: [{ name: 'project_statistic', value: '0' }],
  created_at: '',
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('UserView', () => {
  it('an invited user: says so, and "Skicka inbjudan igen" mails a new link in the admin’s language', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user: { ...kalle, invitation_pending: true } }));
    renderRoute(<UserView userId={5} />, { path: '/users/5' });
    expect(await screen.findByText(/Inbjudan har inte tagits emot än/)).toBeTruthy();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    fireEvent.click(screen.getByRole('button', { name: 'Skicka inbjudan igen' }));
    expect(await screen.findByText(/En ny inbjudan har skickats/)).toBeTruthy();
    expect(requestUrl(fetchMock.mock.calls[1]![0])).toBe('/api/v1/admin/user/5/invitation');
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(JSON.stringify({ language: 'sv' }));
  });

  it('offers no invitation for a user who has a password', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user: { ...kalle, invitation_pending: false } }));
    renderRoute(<UserView userId={5} />, { path: '/users/5' });
    await screen.findByLabelText('Förnamn');
    expect(screen.queryByRole('button', { name: 'Skicka inbjudan igen' })).toBeNull();
  });

  it('shows the user read-only with the role in the current language', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user: kalle }));
    renderRoute(<UserView userId={5} />, { path: '/users/5' });
    const first = await screen.findByLabelText<HTMLInputElement>('Förnamn');
    expect(first.value).toBe('Kalle');
    expect(first.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Roll').value).toBe('Mäklare');
    expect(screen.getByRole('link', { name: 'Redigera' }).getAttribute('href')).toBe('/users/5/edit');
  });

  it('saves Enable statistic at once and keeps the box checked while saving', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user: kalle }));
    renderRoute(<UserView userId={5} />, { path: '/users/5' });
    const box = await screen.findByLabelText<HTMLInputElement>('Aktivera statistik');
    expect(box.checked).toBe(false);

    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { user: { ...kalle, config: [{ name: 'project_statistic', value: '1' }] } }),
    );
    // Every state the box shows from the click on, read at each change of the page.
    const shown: boolean[] = [];
    const observer = new MutationObserver(() => shown.push(box.checked));
    observer.observe(document.body, { attributes: true, childList: true, subtree: true });
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(await screen.findByText('Inställningen har sparats')).toBeTruthy();
    const [input, init] = fetchMock.mock.calls[1] ?? [];
    expect(input && requestUrl(input)).toBe('/api/v1/admin/user/5/config');
    expect(init?.body).toBe('{"name":"project_statistic","value":"1"}');
    await waitFor(() => expect(box.disabled).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(box.checked).toBe(true);
    // It never flicks back to the old value between the answer and the user's data.
    expect(shown).not.toContain(false);
  });

  it('reports a failed setting as "{message}: {first error}" and shows the stored value again', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user: kalle }));
    renderRoute(<UserView userId={5} />, { path: '/users/5' });
    const box = await screen.findByLabelText<HTMLInputElement>('Aktivera statistik');
    fetchMock.mockResolvedValueOnce(
      errorResponse(404, serverMessage('userNotFound'), { id: ['No such user'] }),
    );
    fireEvent.click(box);
    expect(await screen.findByText('Användaren hittades inte: No such user')).toBeTruthy();
    await waitFor(() => expect(box.checked).toBe(false));
  });

  it('shows a danger toast when the user cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(errorResponse(404, serverMessage('userNotFound')));
    renderRoute(<UserView userId={99} />, { path: '/users/99' });
    await waitFor(() => expect(screen.getAllByText('Användaren hittades inte')).toHaveLength(2));
  });
});
