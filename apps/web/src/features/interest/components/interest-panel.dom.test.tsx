import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InterestEntry } from '@planvy/shared';
import { cleanupRender, inputLabelled, jsonResponse, renderRoute, requestUrl } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { InterestPanel } from './interest-panel';

const fetchMock = vi.fn<typeof fetch>();

const entry = (over: Partial<InterestEntry>): InterestEntry => ({
  id: 1,
  name: 'Ada Lind',
  email: 'ada@example.com',
  phone: '070-123 45 67',
  status: 'confirmed',
  source: 'widget',
  submitted_at: '2026-11-20T09:00:00.000Z',
  confirmed_at: '2026-11-20T09:05:07.000Z',
  last_activity_at: '2026-11-20T09:05:07.000Z',
  tier: null,
  notes: null,
  preferences: { rooms: [2, 3], max_price: 3_500_000, apartment_ids: [11, 12] },
  newsletter: false,
  duplicate_email: false,
  duplicate_phone: false,
  ...over,
});
const APARTMENTS = [
  { id: 11, bostad: 'A1001' },
  { id: 12, bostad: 'A1002' },
];
const urls = () => fetchMock.mock.calls.map(([url]) => requestUrl(url));

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('InterestPanel', () => {
  it('lists the queue with its time to the second, wishes by apartment name and possible duplicates', async () => {
    signInAs('client');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        entries: [
          entry({}),
          entry({
            id: 2,
            name: 'Bo Berg',
            email: 'ADA@example.com',
            status: 'pending',
            confirmed_at: null,
            source: 'viewing',
            duplicate_email: true,
            preferences: { rooms: [], max_price: null, apartment_ids: [] },
          }),
        ],
      }),
    );
    renderRoute(
      <InterestPanel projectId={7} apartments={APARTMENTS} collecting onOpenSettings={() => undefined} />,
      { path: '/' },
    );
    const ada = await screen.findByTestId('interest-row-1');
    expect(within(ada).getByText('Bekräftad')).toBeTruthy();
    expect(within(ada).getByText(/I kön sedan .*:05:07/)).toBeTruthy();
    expect(within(ada).getByText('1. A1001, 2. A1002')).toBeTruthy();
    expect(within(ada).getByText(/2, 3 rum · högst 3\s500\s000 kr/)).toBeTruthy();
    const bo = screen.getByTestId('interest-row-2');
    expect(within(bo).getByText('Väntar på bekräftelse')).toBeTruthy();
    expect(within(bo).getByText('Samma e-post som en annan')).toBeTruthy();
    expect(within(bo).getByText('Från visning')).toBeTruthy();
    expect(screen.getByText('2 anmälningar')).toBeTruthy();
    expect(urls()[0]).toBe('/api/v1/client/interest/7');
  });

  it('asks the server again with the filter chosen, and says when nothing matches', async () => {
    signInAs('admin');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [entry({})] }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [] }));
    renderRoute(
      <InterestPanel projectId={7} apartments={APARTMENTS} collecting onOpenSettings={() => undefined} />,
      { path: '/' },
    );
    await screen.findByTestId('interest-row-1');
    fireEvent.click(inputLabelled(document.body, 'Lägenhet'));
    fireEvent.click(await screen.findByRole('option', { name: 'A1002' }));
    await screen.findByText('Ingen anmälan matchar filtret');
    expect(urls()[1]).toBe('/api/v1/admin/interest/7?apartment_id=12');
  });

  it("saves a tier and notes, and shows the server's answer in the row", async () => {
    signInAs('broker');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [entry({})] }));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { entry: entry({ tier: 'Medlemmar först', notes: 'Ring efter 17' }) }),
    );
    renderRoute(
      <InterestPanel projectId={7} apartments={APARTMENTS} collecting onOpenSettings={() => undefined} />,
      { path: '/' },
    );
    await screen.findByTestId('interest-row-1');
    fireEvent.click(screen.getByRole('button', { name: 'Ändra nivå och anteckningar för Ada Lind' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lind' });
    fireEvent.change(inputLabelled(dialog, 'Nivå'), {
      target: { value: 'Medlemmar först' },
    });
    fireEvent.change(within(dialog).getByLabelText('Anteckningar'), { target: { value: 'Ring efter 17' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('interest-row-1')).getByText('Medlemmar först')).toBeTruthy(),
    );
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(requestUrl(url)).toBe('/api/v1/client/interest/7/1');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ tier: 'Medlemmar först', notes: 'Ring efter 17' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says when the widget takes no registrations, and leads to the setting', async () => {
    signInAs('client');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [] }));
    const openSettings = vi.fn();
    renderRoute(
      <InterestPanel
        projectId={7}
        apartments={APARTMENTS}
        collecting={false}
        onOpenSettings={openSettings}
      />,
      {
        path: '/',
      },
    );
    await screen.findByText('Inga intresseanmälningar än');
    expect(screen.getByText('Widgeten tar inte emot anmälningar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Till inställningarna' }));
    expect(openSettings).toHaveBeenCalledOnce();
  });
});
