import { MantineProvider, Modal } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '../test/render';
import { theme } from './theme';

/** A system that prefers reduced motion (`reduce`) or says nothing. */
function prefers(motion: 'reduce' | 'no-preference') {
  stubBrowserApis();
  vi.stubGlobal('matchMedia', (query: string): Partial<MediaQueryList> => ({
    matches: query === `(prefers-reduced-motion: ${motion})`,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

/** Opens a dialog as a click would (the system's preference known by then): its transition's length. */
const dialogTransition = async () => {
  const app = (opened: boolean) => (
    <MantineProvider theme={theme}>
      <Modal opened={opened} onClose={() => {}} title="Ta bort projekt">
        Säker?
      </Modal>
    </MantineProvider>
  );
  const { rerender } = render(app(false));
  rerender(app(true));
  const dialog = await screen.findByRole('dialog');
  return () => dialog.style.transitionDuration;
};

describe('the admin theme and reduced motion', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens dialogs without their transition for whoever asks for less motion', async () => {
    prefers('reduce');
    const duration = await dialogTransition();
    await waitFor(() => expect(duration()).toBe(''));
  });

  it('keeps the transition for everyone else', async () => {
    prefers('no-preference');
    const duration = await dialogTransition();
    await waitFor(() => expect(duration()).toMatch(/^\d+ms$/));
  });
});
