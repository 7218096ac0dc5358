/** Console output is opt-in per browser: `localStorage.setItem('show-logs', 'true')`. */
export const SHOW_LOGS_KEY = 'show-logs';

function enabled(): boolean {
  try {
    return globalThis.localStorage?.getItem(SHOW_LOGS_KEY) === 'true';
  } catch {
    // Storage can throw when blocked by privacy settings; stay silent then.
    return false;
  }
}

type Level = 'debug' | 'info' | 'warn' | 'error';

function write(level: Level, args: unknown[]): void {
  if (enabled()) console[level]('[planvy]', ...args);
}

export const logger = {
  debug: (...args: unknown[]) => write('debug', args),
  info: (...args: unknown[]) => write('info', args),
  warn: (...args: unknown[]) => write('warn', args),
  error: (...args: unknown[]) => write('error', args),
};
