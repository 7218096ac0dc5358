import { afterAll, vi } from 'vitest';

/**
 * Runs before each unit test file. The unit projects keep one module cache and, for the DOM
 * project, one jsdom window per worker (isolate off, vitest.config.ts), so what one file
 * changes globally must not reach the next: each file starts on an empty document and storage,
 * and gets real timers, globals and spied functions back when it ends.
 */
if (typeof document !== 'undefined') {
  document.head.replaceChildren();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
}

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
