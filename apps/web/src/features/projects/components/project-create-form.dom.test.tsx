import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanupRender, jsonResponse, renderRoute, requestUrl } from '../../../test/render';
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
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { clients }));
    renderRoute(<ProjectCreateForm onSaved={onSaved} onCancel={onCancel} />);
    const type = screen.getByLabelText<HTMLSelectElement>('Typ', { exact: true });
    expect(type.value).toBe('sale');
    expect([...type.options].map((o) => o.text)).toEqual(['Hyresrätter', 'Försäljning', 'Tomter']);

    fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findAllByText('Fältet är obligatoriskt')).toHaveLength(2);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('creates the project for the chosen client', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { clients }));
    renderRoute(<ProjectCreateForm onSaved={onSaved} onCancel={onCancel} />);
    const client = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Kund' });
    await waitFor(() => expect(client().disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Namn', { exact: true }), {
      target: { value: ' Kvarteret Linden ' },
    });
    fireEvent.change(screen.getByLabelText('Typ', { exact: true }), { target: { value: 'rental' } });
    fireEvent.click(client());
    fireEvent.click(await screen.findByRole('option', { name: 'Olle Berg' }));

    const created = { id: 9, name: 'Kvarteret Linden' };
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { project: created }));
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
});
