import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import type { ReleaseConsole, ReleaseOffer } from '@planvy/shared';
import { cleanupRender, jsonResponse, renderRoute, requestUrl } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { LaunchConsole } from './launch-console';

const fetchMock = vi.fn<typeof fetch>();

const offer = (
  id: number,
  bostad: string,
  name: string,
  state: ReleaseOffer['state'] = 'pending',
): ReleaseOffer => ({
  id,
  release_id: 4,
  apartment_id: id * 10,
  bostad,
  entry_id: id + 100,
  name,
  email: `${name.toLowerCase()}@example.com`,
  queue_place: id,
  rank: 1,
  state,
  offered_at: '2026-11-26T10:00:00.000Z',
  expires_at: '2026-11-28T10:00:00.000Z',
  responded_at: null,
  responded_by: null,
  hold_id: null,
});

const consoleData = (offers: ReleaseOffer[]): ReleaseConsole => ({
  release: {
    id: 4,
    project_id: 7,
    name: 'Etapp 1',
    mode: 'queue',
    state: 'offers_out',
    paused: false,
    public_at: null,
    offer_hours: 48,
  },
  run: { id: 1, approved_at: '2026-11-26T09:00:00.000Z' },
  counters: {
    wishes: 12,
    offers: { pending: 2, accepted: 0, declined: 0, expired: 0, withdrawn: 0 },
    holds: 0,
  },
  offers,
  apartments: [
    { id: 10, bostad: 'A1', status: 'upcoming', offer_id: 1, next: { entry_id: 103, queue_place: 3 } },
    { id: 20, bostad: 'A2', status: 'upcoming', offer_id: 2, next: null },
  ],
  now: '2026-11-27T10:00:00.000Z',
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LaunchConsole', () => {
  it('shows the counters, offers with their countdown and who is next, and answers for a buyer after confirming', async () => {
    signInAs('broker');
    const first = consoleData([offer(1, 'A1', 'Ida'), offer(2, 'A2', 'Bo')]);
    fetchMock.mockImplementation(async (url, init) => {
      const path = requestUrl(url);
      if (init?.method === 'POST')
        return jsonResponse(200, { offer: { ...offer(2, 'A2', 'Bo', 'declined') } });
      if (path === '/api/v1/client/releases/4/console') return jsonResponse(200, first);
      return jsonResponse(404, { message: 'Not found', errors: {}, status_code: 404 });
    });
    renderRoute(
      <ModalsProvider>
        <LaunchConsole releaseId={4} projectType="sale" />
      </ModalsProvider>,
      { path: '/' },
    );

    const offers = await screen.findByRole('table', { name: 'Erbjudanden' });
    const row = within(offers).getByText('Bo').closest('tr')!;
    // About a day left by the server's clock (the browser's is months off).
    expect(within(row).getByText(/^(24 h 00|23 h 59) min \d\d s$/)).toBeTruthy();
    const counters = screen.getByRole('list', { name: 'Läget' });
    expect(within(counters).getByText('Önskelistor').nextSibling?.textContent).toBe('12');
    const homes = screen.getByRole('table', { name: 'Bostäderna och nästa i kön' });
    expect(within(homes).getByText('Köplats 3 (anmälan 103)')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Tacka nej' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tacka nej till A2?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tacka nej' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(requestUrl(post[0])).toBe('/api/v1/client/releases/4/offers/2/decline');
    expect(await screen.findByText('A2 gick vidare till nästa i kön.')).toBeTruthy();
  });
});
