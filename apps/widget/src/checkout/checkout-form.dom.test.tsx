import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutForm } from './checkout-form';

let root: HTMLElement | null = null;
const fetchMock = vi.fn<typeof fetch>();

afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  root = null;
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function mount(status: number) {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(new Response(status === 202 ? '{"sent":true}' : '{}', { status }));
  root = document.createElement('div');
  document.body.append(root);
  void act(() =>
    render(<CheckoutForm projectId={7} releaseId={3} apartmentId={11} minutes={15} lang="sv" />, root!),
  );
}

async function ask(email: string) {
  void act(() => void fireEvent.click(screen.getByRole('button', { name: 'Reservera i 15 min' })));
  void act(() => void fireEvent.input(screen.getByLabelText('Din e-post'), { target: { value: email } }));
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Skicka länk' })));
}

describe('CheckoutForm', () => {
  it('asks for the e-mail, sends the request and tells the buyer to check their mail', async () => {
    mount(202);
    await ask('kim@example.com');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Kolla din e-post'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/public/view/7/releases/3/checkout');
    expect(JSON.parse(init?.body as string)).toEqual({
      apartment_id: 11,
      email: 'kim@example.com',
      language: 'sv',
    });
  });

  it('says so when someone was first', async () => {
    mount(409);
    await ask('kim@example.com');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Någon hann före: bostaden är redan reserverad.'),
    );
  });
});
