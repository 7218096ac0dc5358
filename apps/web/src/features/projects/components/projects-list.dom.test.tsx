import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Project } from '@planvy/shared';
import { cleanupRender, jsonResponse, renderRoute } from '../../../test/render';
import { ProjectsList } from './projects-list';
import { signInAs } from '../../../test/session';

const fetchMock = vi.fn<typeof fetch>();

const project: Project = {
  id: 7,
  name: 'Brf Solgården',
  description: 'Ljusa lägenheter',
  type: 'rental',
  user: { id: 2, first_name: 'Eva', last_name: 'Ek' },
  user_id: 2,
  broker_id: null,
  broker: null,
  created_at: '',
  version: 1,
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ProjectsList', () => {
  it('shows admins the owner column and the add link, and opens a row with Enter', async () => {
    signInAs('admin');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { projects: [project] }));
    const { router } = renderRoute(<ProjectsList />, {
      path: '/projects',
      routes: [{ path: '/projects/:id', element: <p>opened</p> }],
    });
    const row = await screen.findByRole('row', { name: /Brf Solgården/ });
    expect(within(row).getByText('Hyresrätter')).toBeTruthy();
    expect(within(row).getByText('Eva Ek')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Ägare' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lägg till projekt' }).getAttribute('href')).toBe('/project-add');
    fireEvent.keyDown(row, { key: 'Enter' });
    await screen.findByText('opened');
    expect(router.state.location.pathname).toBe('/projects/7');
  });

  it('shows others neither the owner nor the add link, and filters by search', async () => {
    signInAs('client');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { projects: [project] }));
    renderRoute(<ProjectsList />, { path: '/projects' });
    await screen.findByRole('row', { name: /Brf Solgården/ });
    expect(screen.queryByRole('columnheader', { name: 'Ägare' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Lägg till projekt' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Sök projekt'), { target: { value: 'tomter' } });
    expect(screen.queryByRole('row', { name: /Brf Solgården/ })).toBeNull();
    expect(screen.getByText('Inga matchande projekt')).toBeTruthy();
  });

  it('invites an admin to add the first project when there are none', async () => {
    signInAs('admin');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { projects: [] }));
    renderRoute(<ProjectsList />, { path: '/projects' });
    expect(await screen.findByText('Skapa det första projektet och koppla det till en kund.')).toBeTruthy();
  });
});
