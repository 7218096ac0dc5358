import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role, User } from '@planvy/shared';
import { login, startImpersonation } from '../lib/auth';
import { cleanupRender, jsonResponse, renderRoutes, requestUrl } from '../test/render';
import { routes } from './route-tree';

function user(id: number, role: Role, statistic = '0'): User {
  return {
    id,
    first_name: role === 'admin' ? 'Ada' : 'Kalle',
    last_name: role === 'admin' ? 'Admin' : 'Anka',
    email: `u${id}@example.com`,
    phone: '',
    roles: [{ slug: role, name: role }],
    config: [{ name: 'project_statistic', value: statistic }],
    created_at: '',
  };
}

const fetchMock = vi.fn<typeof fetch>();

/** Answers /user/me with the profile behind the bearer token, and the users list for admins. */
function serve(profiles: Record<string, User>) {
  fetchMock.mockImplementation(async (input, init) => {
    const token = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? '';
    const profile = profiles[token];
    if (!profile) return jsonResponse(401, { message: 'Invalid token', errors: {}, status_code: 401 });
    const url = requestUrl(input);
    if (url === '/api/v1/user/me') return jsonResponse(200, { profile, impersonator_id: null });
    if (url === '/api/v1/admin/users') return jsonResponse(200, { users: Object.values(profiles) });
    if (url === '/api/v1/user/impersonation/end') return new Response(null, { status: 204 });
    return jsonResponse(404, { message: 'not found', errors: {}, status_code: 404 });
  });
}

const nav = () => screen.getByRole('navigation', { name: 'Huvudmeny' });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('routes and guards', () => {
  it('sends a signed-out visitor to the login page', async () => {
    const { router } = renderRoutes(routes, '/users');
    await screen.findByRole('heading', { name: 'Logga in', level: 1 });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('link', { name: 'Logga in' })).toBeTruthy();
  });

  it('sends a non-admin who types an admin URL to the projects page', async () => {
    login({ token: 'client', user: user(2, 'client') });
    serve({ client: user(2, 'client') });
    const { router } = renderRoutes(routes, '/users/1/edit');
    await screen.findByRole('heading', { name: 'Projekt', level: 1 });
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('keeps the dashboard for users with statistics and shows them the tab', async () => {
    login({ token: 'client', user: user(2, 'client') });
    serve({ client: user(2, 'client') });
    const first = renderRoutes(routes, '/dashboard');
    await screen.findByRole('heading', { name: 'Projekt', level: 1 });
    expect(first.router.state.location.pathname).toBe('/projects');
    expect(within(nav()).queryByRole('link', { name: 'Statistik' })).toBeNull();
    cleanupRender();

    login({ token: 'stat', user: user(3, 'client', '1') });
    serve({ stat: user(3, 'client', '1') });
    renderRoutes(routes, '/dashboard');
    await screen.findByRole('heading', { name: 'Statistik', level: 1 });
    expect(within(nav()).getByRole('link', { name: 'Statistik' })).toBeTruthy();
    expect(within(nav()).queryByRole('link', { name: 'Användare' })).toBeNull();
  });

  it('shows admins the Users and Statistic tabs, and their name linking to the account page', async () => {
    // Admins see statistics whatever their own setting says.
    login({ token: 'admin', user: user(1, 'admin', '0') });
    serve({ admin: user(1, 'admin', '0') });
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { name: 'Projekt', level: 1 });
    expect(within(nav()).getByRole('link', { name: 'Användare' }).getAttribute('href')).toBe('/users');
    expect(within(nav()).getByRole('link', { name: 'Statistik' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Ada Admin' }).getAttribute('href')).toBe('/account');
  });

  it('picks up profile changes from /user/me (statistics switched on by an admin)', async () => {
    login({ token: 'client', user: user(2, 'client', '0') });
    serve({ client: user(2, 'client', '1') });
    renderRoutes(routes, '/projects');
    await screen.findByRole('heading', { name: 'Projekt', level: 1 });
    expect(await within(nav()).findByRole('link', { name: 'Statistik' })).toBeTruthy();
  });

  it('ends an impersonation from the banner (on the server too) and returns to the users list', async () => {
    login({ token: 'admin', user: user(1, 'admin') });
    startImpersonation({ token: 'client', user: user(2, 'client') });
    serve({ admin: user(1, 'admin'), client: user(2, 'client') });
    const { router } = renderRoutes(routes, '/projects');
    expect(await screen.findByText('Du är inloggad som Kalle Anka')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tillbaka till mitt konto' }));
    await screen.findByRole('heading', { name: 'Användare', level: 1 });
    expect(router.state.location.pathname).toBe('/users');
    expect(screen.queryByText('Du är inloggad som Kalle Anka')).toBeNull();
    const ended = fetchMock.mock.calls.find(
      ([input]) => requestUrl(input) === '/api/v1/user/impersonation/end',
    );
    expect(new Headers(ended?.[1]?.headers).get('authorization')).toBe('Bearer client');
  });

  it('signs out when the stored token is rejected', async () => {
    login({ token: 'expired', user: user(2, 'client') });
    serve({});
    const { router } = renderRoutes(routes, '/projects');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('user-token')).toBeNull();
  });

  it('shows a not-found page for unknown URLs', async () => {
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Sidan hittades inte', level: 1 })).toBeTruthy();
  });
});
