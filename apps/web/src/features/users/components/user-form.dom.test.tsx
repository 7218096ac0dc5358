import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { serverMessage, type User } from '@planvy/shared';
import type { QueryClient } from '@tanstack/react-query';
import { peopleKeys } from '../../../lib/query-keys';
import { cleanupRender, errorResponse, jsonResponse, renderRoute } from '../../../test/render';
import { UserForm } from './user-form';

const fetchMock = vi.fn<typeof fetch>();
const onSaved = vi.fn();
const onCancel = vi.fn();

const existing: User = {
  id: 5,
  first_name: 'Kalle',
  last_name: 'Anka',
  email: 'kalle@example.com',
  phone: '',
  roles: [{ slug: 'broker', name: 'Broker' }],
  config: [],
  invitation_pending: false,
  created_at: '',
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  onSaved.mockReset();
  vi.unstubAllGlobals();
});

// The app's default language is Swedish; labels below are the Swedish ones the e2e tests use.
const field = (label: string) => screen.getByLabelText(label, { exact: true });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
/** A new user is invited by default; the admin may choose the password instead. */
const choosePassword = () =>
  fireEvent.click(screen.getByRole('radio', { name: 'Välj lösenord åt användaren' }));

function sentBody(): unknown {
  const body = fetchMock.mock.calls.at(-1)?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : undefined;
}

describe('UserForm (create)', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    ({ queryClient } = renderRoute(<UserForm onSaved={onSaved} onCancel={onCancel} />));
  });

  it('validates with the shared schema before calling the API', async () => {
    save();
    expect(await screen.findAllByText('Fältet är obligatoriskt')).toHaveLength(2);
    choosePassword();
    type('E-post', 'not-an-email');
    type('Lösenord', 'abc');
    save();
    expect(await screen.findByText('Ange en giltig e-postadress')).toBeTruthy();
    expect(screen.getByText('Måste vara minst 6 tecken')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the mismatch both on the field and as a toast', async () => {
    type('Förnamn', 'Kalle');
    type('E-post', 'kalle@example.com');
    choosePassword();
    type('Lösenord', 'secret1');
    type('Bekräfta lösenord', 'secret2');
    save();
    await waitFor(() => expect(screen.getAllByText('Lösenorden är inte lika')).toHaveLength(2));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the user and reports success', async () => {
    // The project form's client list, read before the client was added ("Lägg till kund" there).
    queryClient.setQueryData(peopleKeys.clients(), []);
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { user: { ...existing, id: 9 } }));
    type('Förnamn', 'Kalle');
    type('E-post', 'kalle@example.com');
    fireEvent.change(field('Roll'), { target: { value: 'admin' } });
    choosePassword();
    type('Lösenord', 'secret1');
    type('Bekräfta lösenord', 'secret1');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 })));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/admin/user');
    expect(sentBody()).toEqual({
      first_name: 'Kalle',
      last_name: '',
      email: 'kalle@example.com',
      phone: '',
      role: 'admin',
      invite: false,
      password: 'secret1',
      password_confirm: 'secret1',
    });
    expect(await screen.findByText('Användaren har skapats!')).toBeTruthy();
    // Back on the project form, the new client is offered, not the list from before.
    expect(queryClient.getQueryState(peopleKeys.clients())?.isInvalidated).toBe(true);
  });

  it('invites by default: no password fields, the invitation in the admin’s language', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(201, { user: { ...existing, id: 9, invitation_pending: true } }),
    );
    expect(screen.getByRole('radio', { name: 'Skicka inbjudan via e-post' })).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Lösenord')).toBeNull();
    type('Förnamn', 'Nils');
    type('E-post', 'nils@example.com');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 })));
    expect(sentBody()).toEqual({
      first_name: 'Nils',
      last_name: '',
      email: 'nils@example.com',
      phone: '',
      role: 'client',
      invite: true,
      language: 'sv',
    });
    expect(await screen.findByText('Användaren har skapats och en inbjudan har skickats!')).toBeTruthy();
  });

  it('puts server validation errors on the fields and in a toast', async () => {
    const taken = serverMessage('emailTaken');
    fetchMock.mockResolvedValueOnce(
      errorResponse(422, serverMessage('invalid', { detail: taken.message }), { email: [taken] }),
    );
    type('Förnamn', 'Kalle');
    type('E-post', 'kalle@example.com');
    save();
    await waitFor(() => expect(screen.getAllByText('E-postadressen används redan')).toHaveLength(2));
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('UserForm (edit)', () => {
  it('locks the e-mail, keeps the password when left empty and saves with PUT', async () => {
    renderRoute(<UserForm user={existing} onSaved={onSaved} onCancel={onCancel} />);
    expect((field('E-post') as HTMLInputElement).disabled).toBe(true);
    expect((field('Roll') as HTMLSelectElement).value).toBe('broker');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user: { ...existing, phone: '08-1' } }));
    type('Telefon', '08-1');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/admin/user/5');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
    expect(sentBody()).toEqual({
      first_name: 'Kalle',
      last_name: 'Anka',
      email: 'kalle@example.com',
      phone: '08-1',
      role: 'broker',
    });
  });
});
