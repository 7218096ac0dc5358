import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { cleanNotifications, cleanNotificationsQueue, Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../app/theme';
import '../lib/i18n';

export { answer, answerBody, errorResponse, jsonResponse } from './answers';

// findBy…/waitFor give up after 1 s by default; a first Mantine render under jsdom on a busy
// two-core machine can take longer. This is how long to wait for an event, not a time limit.
configure({ asyncUtilTimeout: 10_000 });

/** jsdom lacks the layout APIs Mantine reads. */
export function stubBrowserApis(): void {
  if (typeof window.matchMedia !== 'function') {
    const matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, writable: true });
  }
  // A Combobox scrolls its selected option into view from a timer (use-combobox.mjs).
  if (!('scrollIntoView' in Element.prototype))
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => {}, writable: true });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Renders a route tree at `path` inside the app's providers. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  stubBrowserApis();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Notifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders `ui` at `path`, with extra routes to observe navigation. */
export function renderRoute(
  ui: ReactNode,
  { path = '/', routes = [] }: { path?: string; routes?: RouteObject[] } = {},
) {
  return renderRoutes([{ path, element: ui }, ...routes], path);
}

/** Unmounts and empties the global notifications store, so one test's toasts do not leak into the next. */
export function cleanupRender(): void {
  cleanup();
  cleanNotifications();
  cleanNotificationsQueue();
}

/** The URL a fetch mock was called with, whatever form it took. */
export function requestUrl(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** A Mantine combobox's input by its label (its listbox bears the same label). */
export function inputLabelled(container: HTMLElement, name: string): HTMLElement {
  const input = within(container)
    .getAllByLabelText(name)
    .find((e) => e.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${name}`);
  return input;
}
