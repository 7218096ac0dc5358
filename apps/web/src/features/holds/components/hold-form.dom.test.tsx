import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Apartment } from '@planvy/shared';
import { cleanupRender, inputLabelled, jsonResponse, renderRoute, requestUrl } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { HoldForm } from './hold-form';

const fetchMock = vi.fn<typeof fetch>();
const apartment = { id: 11, bostad: 'A1001', status: 'sale' } as Apartment;

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('HoldForm', () => {
  it('fills the person from the interest list and holds for their entry', async () => {
    signInAs('broker');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(201, {
        hold: {
          id: 5,
          project_id: 7,
          apartment_id: 11,
          bostad: 'A1001',
          kind: 'reservation',
          name: 'Ida Ek',
          email: 'ida@example.com',
          phone: '070-1',
          language: 'sv',
          interest_id: 3,
          set_status: 'preorder',
          previous_status: 'sale',
          placed_at: '2026-11-26T10:00:00.000Z',
          expires_at: '2026-12-03T10:00:00.000Z',
          max_expires_at: '2026-12-24T10:00:00.000Z',
          extensions: 0,
          placed_by: null,
        },
      }),
    );
    renderRoute(
      <HoldForm
        projectId={7}
        apartments={[apartment]}
        defaultDays={7}
        opened
        onClose={() => undefined}
        apartmentId={11}
        people={[
          { id: 3, name: 'Ida Ek', email: 'ida@example.com', phone: '070-1' },
          { id: 4, name: 'Bo Berg', email: 'bo@example.com', phone: null },
        ]}
      />,
      { path: '/' },
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(inputLabelled(dialog, 'Från intresselistan'));
    fireEvent.click(await screen.findByRole('option', { name: 'Ida Ek · ida@example.com' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Namn/).value).toBe('Ida Ek');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^E-post/).value).toBe('ida@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reservera' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(requestUrl(url)).toBe('/api/v1/holds/7');
    expect(JSON.parse(init?.body as string)).toMatchObject({
      apartment_id: 11,
      name: 'Ida Ek',
      email: 'ida@example.com',
      phone: '070-1',
      interest_id: 3,
    });
  });
});
