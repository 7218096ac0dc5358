import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clientsResponseSchema, projectResponseSchema, type Project } from '@planvy/shared';
import { answer, cleanupRender, renderRoute, requestUrl } from '../../../test/render';
import { ProjectCreateForm } from './project-create-form';

const fetchMock = vi.fn<typeof fetch>();
const onSaved = vi.fn();
const onCancel = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
      configurable: true,
    });
  }
});
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  onSaved.mockReset();
  onCancel.mockReset();
  vi.unstubAllGlobals();
});

const clients = [
  { user_id: 2, first_name: 'Eva', last_name: 'Ek' },
  { user_id: 3, first_name: 'Olle', last_name: 'Berg' },
];

describe('ProjectCreateForm', () => {
  it('defaults the type to sale and requires a name and a client before anything is sent', async () => {
    fetchMock.mockResolvedValueOnce(answer(clientsResponseSchema, { clients }));
    renderRoute(<ProjectCreateForm onSaved={onSaved} onCancel={onCancel} />);
    const type = screen.getByLabelText<HTMLSelectElement>('Typ', { exact: true });
    expect(type.value).toBe('sale');
    expect([...type.options].map((o) => o.text)).toEqual(['Hyresrätter', 'Försäljning', 'Tomter']);

    fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findAllByText('Fältet är obligatoriskt')).toHaveLength(2);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('creates the project for the chosen client', async () => {
    fetchMock.mockResolvedValueOnce(answer(clientsResponseSchema, { clients }));
    renderRoute(<ProjectCreateForm onSaved={onSaved} onCancel={onCancel} />);
    const client = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Kund' });
    await waitFor(() => expect(client().disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Namn', { exact: true }), {
      target: { value: ' Kvarteret Linden ' },
    });
    fireEvent.change(screen.getByLabelText('Typ', { exact: true }), { target: { value: 'rental' } });
    fireEvent.click(client());
    fireEvent.click(await screen.findByRole('option', { name: 'Olle Berg' }));

    const owner = { id: 3, first_name: 'Olle', last_name: 'Berg' };
    const created: Project = {
      id: 9,
      name: 'Kvarteret Linden',
      description: '',
      type: 'rental',
      user: owner,
      user_id: 3,
      broker_id: null,
      broker: null,
      created_at: '2026-01-01T00:00:00.000Z',
      version: 1,
    };
    fetchMock.mockResolvedValueOnce(answer(projectResponseSchema, { project: created }, 201));
    fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    const [input, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(input && requestUrl(input)).toBe('/api/v1/admin/project/3');
    expect(JSON.parse(init?.body as string)).toEqual({
      name: 'Kvarteret Linden',
      type: 'rental',
      description: '',
      user_id: 3,
    });
    expect(await screen.findByText('Projektet har skapats!')).toBeTruthy();
  });

  it('chooses the only client, and the one just added from here', async () => {
    fetchMock.mockResolvedValueOnce(answer(clientsResponseSchema, { clients: clients.slice(0, 1) }));
    renderRoute(<ProjectCreateForm onSaved={onSaved} onCancel={onCancel} />);
    const client = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Kund' });
    await waitFor(() => expect(client().value).toBe('Eva Ek'));
    cleanupRender();

    fetchMock.mockResolvedValueOnce(answer(clientsResponseSchema, { clients }));
    renderRoute(<ProjectCreateForm onSaved={onSaved} onCancel={onCancel} initialClientId="3" />);
    await waitFor(() => expect(client().value).toBe('Olle Berg'));
    cleanupRender();

    // No client yet: the link to add one asks the user form to come back here.
    fetchMock.mockResolvedValueOnce(answer(clientsResponseSchema, { clients: [] }));
    renderRoute(<ProjectCreateForm onSaved={onSaved} onCancel={onCancel} />);
    const add = await screen.findByRole('link', { name: /kund/i });
    expect(add.getAttribute('href')).toBe('/user-add?for=project');
  });
});
