import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { serverMessage, type User } from '@planvy/shared';
import { getSession } from '../../../lib/auth';
import { cleanupRender, errorResponse, jsonResponse, renderRoute } from '../../../test/render';
import { LoginForm } from './login-form';

const fetchMock = vi.fn<typeof fetch>();
const onSuccess = vi.fn();

const admin: User = {
  id: 1,
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'ada@example.com',
  phone: '',
  roles: [{ slug: 'admin', name: 'Admin' }],
  config: [],
  created_at: '',
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  renderRoute(<LoginForm onSuccess={onSuccess} />, { path: '/login' });
});
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  onSuccess.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function submit(email = 'ada@example.com', password = 'secret123') {
  fireEvent.change(screen.getByLabelText('E-post'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Lösenord'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Logga in' }));
}

describe('LoginForm', () => {
  it('limits e-mail to 100 and password to 30 characters', () => {
    expect(screen.getByLabelText('E-post').getAttribute('maxlength')).toBe('100');
    expect(screen.getByLabelText('Lösenord').getAttribute('maxlength')).toBe('30');
  });

  it('stores token and profile on success', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'tok', user: admin }));
    submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(localStorage.getItem('user-token')).toBe('tok');
    expect(getSession()?.role).toBe('admin');
  });

  it('says the credentials are wrong and removes any token on 401', async () => {
    localStorage.setItem('user-token', 'stale');
    fetchMock.mockResolvedValueOnce(errorResponse(401, serverMessage('credentials')));
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Fel e-postadress eller lösenord');
    expect(localStorage.getItem('user-token')).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('explains rate limiting on 429', async () => {
    fetchMock.mockResolvedValueOnce(errorResponse(429, serverMessage('tooManyLogins')));
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('För många inloggningsförsök');
  });

  it('asks for both fields before calling the API', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findAllByText('Fältet är obligatoriskt')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
