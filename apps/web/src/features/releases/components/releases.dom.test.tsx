import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  allocate,
  commitSeed,
  releaseProtocolSchema,
  releaseResponseSchema,
  releaseRunResponseSchema,
  releasesResponseSchema,
  serverMessage,
  type AllocationInput,
  type Apartment,
  type Release,
  type ReleaseRun,
} from '@planvy/shared';
import {
  answer,
  cleanupRender,
  errorResponse,
  inputLabelled,
  renderRoute,
  requestUrl,
} from '../../../test/render';
import { signInAs } from '../../../test/session';
import { fromLocalInput, ReleaseForm } from './release-form';
import { ReleasesPanel } from './releases-panel';

const fetchMock = vi.fn<typeof fetch>();
const apartments = [
  { id: 11, bostad: 'A1001', status: 'sale' },
  { id: 12, bostad: 'A1002', status: 'sale' },
] as Apartment[];

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const release = (fields: Partial<Release> = {}): Release => ({
  id: 4,
  project_id: 7,
  name: 'Etapp 1',
  mode: 'queue',
  state: 'allocated',
  paused: false,
  max_wishes: 5,
  one_per_household: true,
  offer_hours: 48,
  checkout_minutes: 15,
  tiers: [{ key: 'members', label: 'Medlemmar', opens_at: null }],
  wishes_open_at: '2026-12-01T08:00:00.000Z',
  wishes_close_at: '2026-12-08T08:00:00.000Z',
  public_at: '2026-12-15T08:00:00.000Z',
  closes_at: '2027-01-15T08:00:00.000Z',
  show_demand: false,
  rules_text: { sv: '', en: '' },
  rules_version: 1,
  seed_commitment: 'ab'.repeat(32),
  apartment_ids: [11, 12],
  next_state: 'offers_out',
  next_due_at: null,
  version: 6,
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  ...fields,
});

const run = (fields: Partial<ReleaseRun> = {}): ReleaseRun => ({
  id: 9,
  release_id: 4,
  algorithm_version: 'planvy-alloc/1',
  input_digest: 'cd'.repeat(32),
  seed_commitment: 'ab'.repeat(32),
  created_at: '2026-12-08T09:00:00.000Z',
  created_by: { id: 2, name: 'Kalle Anka' },
  approved_at: null,
  approved_by: null,
  superseded: false,
  allocated: 1,
  unserved: 1,
  rows: [
    {
      entry_id: 31,
      position: 1,
      tier: 'Medlemmar',
      points: 0,
      queued_at: null,
      apartment_id: 11,
      bostad: 'A1001',
      rank: 1,
      wishes: 2,
    },
    {
      entry_id: 32,
      position: 2,
      tier: null,
      points: 3,
      queued_at: null,
      apartment_id: null,
      bostad: null,
      rank: null,
      wishes: 1,
    },
  ],
  ...fields,
});

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText<HTMLInputElement>(label);
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe('ReleaseForm', () => {
  it('checks the times before sending, then creates the release with its apartments and tiers', async () => {
    signInAs('client');
    renderRoute(<ReleaseForm projectId={7} apartments={apartments} opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    type(field(dialog, /^Namn/), 'Etapp 1');
    type(field(dialog, /^Önskeperioden öppnar/), '2026-12-08T08:00');
    type(field(dialog, /^Önskeperioden stänger/), '2026-12-01T08:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));
    await within(dialog).findByText('Önskeperioden måste stänga efter att den öppnar');
    expect(fetchMock).not.toHaveBeenCalled();

    type(field(dialog, /^Önskeperioden stänger/), '2026-12-15T08:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lägg till kögrupp' }));
    type(field(dialog, /^Nyckel/), 'members');
    type(within(dialog).getAllByLabelText<HTMLInputElement>(/^Namn/)[1]!, 'Medlemmar');
    fireEvent.click(inputLabelled(dialog, 'Bostäder'));
    fireEvent.click(await screen.findByRole('option', { name: 'A1002' }));
    fetchMock.mockResolvedValueOnce(
      answer(releaseResponseSchema, { release: release({ state: 'draft', apartment_ids: [12] }) }, 201),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(requestUrl(url)).toBe('/api/v1/client/releases/7');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toMatchObject({
      name: 'Etapp 1',
      mode: 'queue',
      max_wishes: 5,
      wishes_open_at: fromLocalInput('2026-12-08T08:00'),
      wishes_close_at: fromLocalInput('2026-12-15T08:00'),
      public_at: null,
      tiers: [{ key: 'members', label: 'Medlemmar', opens_at: null }],
      apartment_ids: [12],
    });
  });

  it("shows the server's refusal: an apartment already in another release", async () => {
    signInAs('client');
    renderRoute(<ReleaseForm projectId={7} apartments={apartments} opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    type(field(dialog, /^Namn/), 'Etapp 2');
    fetchMock.mockResolvedValueOnce(
      errorResponse(409, serverMessage('releaseApartmentTaken', { bostad: 'A1001' })),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Bostad A1001 ingår redan i en annan säljstart',
    );
  });
});

describe('ReleasesPanel', () => {
  it('shows the run in priority order and lets the client approve it after confirming', async () => {
    signInAs('client');
    fetchMock.mockImplementation(async (input, init) => {
      const url = requestUrl(input);
      if (url === '/api/v1/client/releases/7')
        return answer(releasesResponseSchema, { releases: [release()] });
      if (url === '/api/v1/client/releases/7/4/run' && init?.method !== 'POST')
        return answer(releaseRunResponseSchema, { run: run(), release: release() });
      if (url === '/api/v1/client/releases/7/4/approve')
        return answer(releaseRunResponseSchema, {
          run: run({ approved_at: '2026-12-08T10:00:00.000Z', approved_by: { id: 2, name: 'Kalle Anka' } }),
          release: release({ state: 'offers_out', next_state: 'public', version: 7 }),
        });
      throw new Error(`unexpected ${url}`);
    });
    renderRoute(<ReleasesPanel projectId={7} apartments={apartments} />);
    const table = await screen.findByRole('table', { name: /Personer i prioritetsordning/ });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['1#31Medlemmar0A10011', '2#32Ingen3Ingen bostad–']);
    expect(screen.getByRole('link', { name: 'Öppna det publika protokollet' }).getAttribute('href')).toBe(
      '/releases/4/protocol?lang=sv',
    );
    // Brokers' and admins' pause is not the client's.
    expect(screen.queryByRole('button', { name: 'Pausa' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Godkänn fördelning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Godkänn fördelningen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bekräfta' }));
    await screen.findByText(/Godkänd .* av Kalle Anka/);
    const approve = fetchMock.mock.calls.find(([u]) => requestUrl(u).endsWith('/approve'))!;
    expect(approve[1]?.method).toBe('POST');
    expect(JSON.parse(approve[1]?.body as string)).toEqual({ version: 6 });
    expect(await screen.findByText('Läge: Erbjudanden ute.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Godkänn fördelning' })).toBeNull();
  });

  it('re-runs the public protocol in the browser and tells a true one from a tampered one', async () => {
    signInAs('broker');
    const seed = '11'.repeat(32);
    const input: AllocationInput = {
      mode: 'lottery',
      max_wishes: 2,
      apartments: ['11', '12'],
      people: ['31', '32', '33'].map((id) => ({
        id,
        household: id,
        tier: 0,
        points: 0,
        queued_at: null,
        wishes: ['11', '12'],
      })),
    };
    const protocol = allocate(input, seed);
    let people = input.people;
    fetchMock.mockImplementation(async (request) => {
      const url = requestUrl(request);
      if (url === '/api/v1/client/releases/7')
        return answer(releasesResponseSchema, { releases: [release({ seed_commitment: commitSeed(seed) })] });
      if (url === '/api/v1/public/releases/4/protocol')
        return answer(releaseProtocolSchema, {
          release: {
            id: 4,
            project_id: 7,
            name: 'Etapp 1',
            mode: 'lottery',
            state: 'allocated',
            rules_version: 1,
            rules: {},
            seed_commitment: commitSeed(seed),
          },
          apartments: [],
          algorithm_version: 'planvy-alloc/1',
          run: {
            id: 9,
            created_at: '2026-12-08T09:00:00.000Z',
            approved_at: null,
            input: { ...input, people } as unknown as Record<string, unknown>,
            protocol: protocol as unknown as Record<string, unknown>,
          },
          superseded: [],
        });
      return answer(releaseRunResponseSchema, { run: run(), release: release() });
    });
    renderRoute(<ReleasesPanel projectId={7} apartments={apartments} />);
    const button = await screen.findByRole('button', { name: 'Kör om lottningen här och jämför' });
    fireEvent.click(button);
    expect((await screen.findByRole('status')).textContent).toMatch(/^Protokollet stämmer:/);
    // Someone's wishes changed after the run: the re-run no longer gives what was published.
    people = input.people.map((p, i) => (i === 0 ? { ...p, wishes: ['12', '11'] } : p));
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Protokollet stämmer inte:/));
  });

  it('offers a broker neither the step, the run nor the approval', async () => {
    signInAs('broker');
    fetchMock.mockImplementation(async (input) => {
      const url = requestUrl(input);
      if (url === '/api/v1/client/releases/7')
        return answer(releasesResponseSchema, { releases: [release()] });
      return answer(releaseRunResponseSchema, { run: run(), release: release() });
    });
    renderRoute(<ReleasesPanel projectId={7} apartments={apartments} />);
    await screen.findByRole('table', { name: /Personer i prioritetsordning/ });
    for (const name of ['Godkänn fördelning', 'Kör igen', 'Ny säljstart', 'Ändra', 'Pausa'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
