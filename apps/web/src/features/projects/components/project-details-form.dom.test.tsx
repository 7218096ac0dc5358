import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { settingsFromRows, type Project } from '@planvy/shared';
import { cleanupRender, jsonResponse, renderRoute, requestUrl } from '../../../test/render';
import { useProject } from '../api/get-project';
import { useStoredProjectSettings } from '../api/get-project-settings';
import { ProjectDetailsForm } from './project-details-form';
import { signInAs } from '../../../test/session';

const fetchMock = vi.fn<typeof fetch>();

const project: Project = {
  id: 7,
  name: 'Brf Solgården',
  description: 'Ljusa lägenheter',
  type: 'sale',
  user: { id: 2, first_name: 'Eva', last_name: 'Ek' },
  user_id: 2,
  broker_id: null,
  broker: null,
  created_at: '2026-01-01T00:00:00.000Z',
  version: 1,
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}
const calls: Call[] = [];
/** Writes wait here until the test lets them through, to see that they were sent together. */
const held: (() => void)[] = [];
let hold = false;

function serve(overrides: (call: Call) => Response | undefined = () => undefined) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body };
    calls.push(call);
    if (method !== 'GET' && hold) await new Promise<void>((resolve) => held.push(resolve));
    const custom = overrides(call);
    if (custom) return custom;
    const path = url.replace(/^\/api\/v1\/(admin|client)/, '');
    if (method === 'GET' && path === '/project/7') return jsonResponse(200, { project });
    // What the API answers for a project with no setting written: every default, version 0.
    if (method === 'GET' && path === '/settings/7') return jsonResponse(200, settingsFromRows([]));
    if (url === '/api/v1/admin/clients') {
      return jsonResponse(200, {
        clients: [
          { user_id: 2, first_name: 'Eva', last_name: 'Ek' },
          { user_id: 3, first_name: 'Olle', last_name: 'Berg' },
        ],
      });
    }
    if (url === '/api/v2/users/brokers') return jsonResponse(200, { brokers: [] });
    if (method === 'PUT' && path === '/project/7') {
      const { version, ...fields } = body as { version: number };
      return jsonResponse(200, { project: { ...project, ...fields, version: version + 1 } });
    }
    if (method === 'POST' && path === '/settings/7') {
      const { version, ...setting } = body as { version: number };
      return jsonResponse(200, { ...setting, version: version + 1 });
    }
    return jsonResponse(404, { message: 'Not found', errors: {}, status_code: 404 });
  });
}

/** The form as the route shows it: fed from the queries, so saved data flows back in. */
function Harness() {
  const p = useProject(7);
  const s = useStoredProjectSettings(7);
  if (!p.data || !s.data) return null;
  return <ProjectDetailsForm project={p.data} settings={s.data.values} versions={s.data.versions} />;
}

const writes = () => calls.filter((c) => c.method !== 'GET');
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
      configurable: true,
    });
  }
  calls.length = 0;
  hold = false;
  held.length = 0;
});
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ProjectDetailsForm for an admin', () => {
  it('saves the project and each changed setting in parallel, and then has nothing left to save', async () => {
    signInAs('admin');
    serve();
    renderRoute(<Harness />, { path: '/projects/7' });
    await screen.findByLabelText('Namn', { exact: true });
    expect(screen.getByText('Inga osparade ändringar')).toBeTruthy();

    fireEvent.change(field('Namn'), { target: { value: 'Brf Solgården 2' } });
    fireEvent.click(field('Flera byggnader'));
    fireEvent.click(field('Visa statusförklaring'));
    expect(screen.getByText('Osparade ändringar: 3')).toBeTruthy();

    hold = true;
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));
    // All three writes are on their way before any of them has been answered.
    await waitFor(() => expect(writes()).toHaveLength(3));
    expect(writes()).toEqual(
      expect.arrayContaining([
        {
          method: 'PUT',
          url: '/api/v1/admin/project/7',
          body: {
            name: 'Brf Solgården 2',
            type: 'sale',
            description: 'Ljusa lägenheter',
            user_id: 2,
            broker_id: null,
            version: 1,
          },
        },
        {
          method: 'POST',
          url: '/api/v1/admin/settings/7',
          body: { name: 'multi_building', value: '1', version: 0 },
        },
        {
          method: 'POST',
          url: '/api/v1/admin/settings/7',
          body: { name: 'show_status', value: '1', version: 0 },
        },
      ]),
    );
    hold = false;
    for (const resume of held.splice(0)) resume();

    expect(await screen.findByText('Projektet har sparats')).toBeTruthy();
    await screen.findByText('Inga osparade ändringar');
    expect(field('Flera byggnader').checked).toBe(true);
    expect(field('Namn').value).toBe('Brf Solgården 2');
  });

  it('shows the link and e-mail only with project information on, and refuses a bad e-mail without saving', async () => {
    signInAs('admin');
    serve();
    renderRoute(<Harness />, { path: '/projects/7' });
    await screen.findByLabelText('Visa projektinformation', { exact: true });
    expect(screen.queryByLabelText('Projektets e-post')).toBeNull();
    expect(screen.queryByLabelText('Länk till projektet')).toBeNull();

    fireEvent.click(field('Visa projektinformation'));
    fireEvent.change(field('Projektets e-post'), { target: { value: 'inte-en-adress' } });
    fireEvent.change(field('Länk till projektet'), { target: { value: 'www.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));

    expect(await screen.findByText('Ange en giltig e-postadress')).toBeTruthy();
    expect(screen.getByText('Ange en giltig webbadress som börjar med http:// eller https://')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('puts a refused field on the field and keeps the settings that were stored', async () => {
    signInAs('admin');
    serve((call) =>
      call.method === 'PUT'
        ? jsonResponse(422, {
            message: 'Validation failed',
            errors: { name: ['The name is already taken'] },
            status_code: 422,
          })
        : undefined,
    );
    renderRoute(<Harness />, { path: '/projects/7' });
    await screen.findByLabelText('Namn', { exact: true });
    fireEvent.change(field('Namn'), { target: { value: 'Dubblett' } });
    fireEvent.click(field('Dölj kolumnen Avgift'));
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));

    expect(await screen.findByText('The name is already taken')).toBeTruthy();
    expect(screen.getByText('Alla ändringar kunde inte sparas')).toBeTruthy();
    // The fee setting was stored; only the name is still unsaved.
    await screen.findByText('Osparade ändringar: 1');
    expect(field('Dölj kolumnen Avgift').checked).toBe(true);
  });
});

describe('ProjectDetailsForm when someone else saved first', () => {
  it('says so, keeps what went through, and reloads what is stored on request', async () => {
    signInAs('admin');
    let reloaded = false;
    serve((call) => {
      if (call.method === 'PUT') {
        return jsonResponse(409, {
          message: 'Someone else changed this project',
          errors: {},
          status_code: 409,
        });
      }
      if (call.method === 'GET' && call.url.endsWith('/project/7') && reloaded) {
        return jsonResponse(200, { project: { ...project, name: 'Brf Solgården (Eva)', version: 2 } });
      }
      return undefined;
    });
    renderRoute(<Harness />, { path: '/projects/7' });
    await screen.findByLabelText('Namn', { exact: true });
    fireEvent.change(field('Namn'), { target: { value: 'Mitt namn' } });
    fireEvent.click(field('Dölj kolumnen Avgift'));
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Någon annan har sparat ändringar i projektet');
    // The setting was stored; the name waits.
    await screen.findByText('Osparade ändringar: 1');
    reloaded = true;
    fireEvent.click(screen.getByRole('button', { name: 'Ladda om' }));
    await waitFor(() => expect(field('Namn').value).toBe('Brf Solgården (Eva)'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Inga osparade ändringar')).toBeTruthy();
  });
});

describe('ProjectDetailsForm for a client', () => {
  it('shows everything disabled, without Save, and loads no client or broker lists', async () => {
    signInAs('client');
    serve();
    renderRoute(<Harness />, { path: '/projects/7' });
    await screen.findByLabelText('Namn', { exact: true });
    for (const label of [
      'Namn',
      'Typ',
      'Beskrivning',
      'Ägare',
      'Mäklare',
      'Visa statusförklaring',
      'Valuta',
    ]) {
      expect(field(label).disabled, label).toBe(true);
    }
    expect(field('Mäklare').value).toBe('Ingen mäklare');
    expect(screen.queryByRole('button', { name: 'Spara ändringar' })).toBeNull();
    expect(
      screen.getByText('Bara en administratör kan ändra projektets uppgifter och inställningar.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/clients') || c.url.includes('/brokers'))).toBe(false);
    expect(calls.every((c) => c.url.startsWith('/api/v1/client/'))).toBe(true);
  });
});
