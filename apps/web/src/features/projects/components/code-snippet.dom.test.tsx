import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { cleanupRender, jsonResponse, renderRoute } from '../../../test/render';
import { CodeSnippet } from './code-snippet';

const fetchMock = vi.fn<typeof fetch>();
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  writeText.mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanupRender();
  fetchMock.mockReset();
  writeText.mockReset();
  vi.unstubAllGlobals();
});

const code = {
  full: '<div data-planvy-project="7"></div>\n<script src="https://x.example/embed.js" async></script>',
  iframe: '<iframe src="https://x.example/view/7"></iframe>',
};

describe('CodeSnippet', () => {
  it('shows both snippets and copies the chosen one, saying so on the button', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { code }));
    renderRoute(<CodeSnippet projectId={7} />);
    const iframe = await screen.findByRole('region', { name: 'Iframe-kod' });
    expect(within(iframe).getByText(code.iframe)).toBeTruthy();
    const script = screen.getByRole('region', { name: 'Skriptkod' });
    expect(script.textContent).toContain('embed.js');
    // The script snippet says how the host site measures the widget (ADR 017).
    expect(script.textContent).toContain('data-datalayer');
    expect(iframe.textContent).not.toContain('data-datalayer');

    fireEvent.click(within(iframe).getByRole('button', { name: 'Kopiera' }));
    expect(await within(iframe).findByRole('button', { name: 'Kopierat' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(code.iframe);
    // The other card's button is untouched.
    expect(
      within(screen.getByRole('region', { name: 'Skriptkod' })).getByRole('button', { name: 'Kopiera' }),
    ).toBeTruthy();
  });

  it('says "code not found" when the call fails', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(404, { message: 'Project not found', errors: {}, status_code: 404 }),
    );
    renderRoute(<CodeSnippet projectId={7} />);
    expect(await screen.findByText('Koden hittades inte')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kopiera' })).toBeNull();
  });

  it('says "code not found" when both snippets are empty', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { code: { full: '', iframe: ' ' } }));
    renderRoute(<CodeSnippet projectId={7} />);
    expect(await screen.findByText('Koden hittades inte')).toBeTruthy();
  });
});
