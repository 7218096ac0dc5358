import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { settingsFromRows, type Project } from '@planvy/shared';
import { cleanupRender, jsonResponse, renderRoutes, requestUrl } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { ProjectRoute } from './project';

const fetchMock = vi.fn<typeof fetch>();

const project: Project = {
  id: 1,
  name: 'Kvarteret Eken',
  description: '',
  type: 'sale',
  user: { id: 2, first_name: 'Kalle', last_name: 'Anka' },
  user_id: 2,
  broker_id: null,
  broker: null,
  created_at: '2026-01-01T00:00:00.000Z',
  version: 1,
};

/** The project's reads; the settings fail while `settingsUp` is false. */
let settingsUp = false;
function serve() {
  fetchMock.mockImplementation((input) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const path = url.pathname;
    if (path.endsWith('/project/1')) return Promise.resolve(jsonResponse(200, { project }));
    if (path.endsWith('/settings/1')) {
      return Promise.resolve(
        settingsUp
          ? jsonResponse(200, settingsFromRows([]))
          : jsonResponse(500, { message: 'Internal Server Error', errors: {}, status_code: 500 }),
      );
    }
    if (path.endsWith('/apartments/1')) return Promise.resolve(jsonResponse(200, { apartments: [] }));
    if (path.endsWith('/plans/1')) return Promise.resolve(jsonResponse(200, { plans: [] }));
    if (path.endsWith('/scss/1')) return Promise.resolve(jsonResponse(200, { scss: [] }));
    if (path.endsWith('/building-numbers/1'))
      return Promise.resolve(jsonResponse(200, { building_numbers: [] }));
    return Promise.resolve(jsonResponse(404, { message: 'Not found', errors: {}, status_code: 404 }));
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  settingsUp = false;
  // jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  }
});
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ProjectRoute', () => {
  it('keeps the page with a notice when the settings cannot be read, and shows their form once they can', async () => {
    signInAs('admin');
    serve();
    renderRoutes([{ path: '/projects/:id', element: <ProjectRoute /> }], '/projects/1');

    const notice = await screen.findByRole('alert', { name: /inställningar kunde inte hämtas/ });
    expect(notice.textContent).toContain('standardinställningarna');
    // The page is still there: its title and the apartments section.
    expect(screen.getByRole('heading', { name: 'Kvarteret Eken', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('region', { name: /^Lägenheter/ })).toBeTruthy();
    expect(screen.queryByText('Det gick inte att hämta projektet')).toBeNull();
    // The settings form waits for the real values.
    expect(screen.queryByRole('form', { name: 'Projektuppgifter' })).toBeNull();

    settingsUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: /inställningar kunde inte hämtas/ })).toBeNull(),
    );
    // The page starts with plan and apartments; the form is in its own tab.
    expect(screen.getByRole('tab', { name: 'Plan och lägenheter', selected: true })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Projektuppgifter' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Inställningar' }));
    expect(await screen.findByRole('form', { name: 'Projektuppgifter' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Kvarteret Eken', level: 1 })).toBeTruthy();
  });

  it('reads all the settings in one request (ADR 045), not one per setting', async () => {
    signInAs('admin');
    settingsUp = true;
    serve();
    renderRoutes([{ path: '/projects/:id', element: <ProjectRoute /> }], '/projects/1');
    fireEvent.click(await screen.findByRole('tab', { name: 'Inställningar' }));
    expect(await screen.findByRole('form', { name: 'Projektuppgifter' })).toBeTruthy();
    const reads = fetchMock.mock.calls
      .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/settings/1'));
    expect(reads.map((url) => url.search)).toEqual(['']);
  });
});
