import fs from 'node:fs';

/**
 * The database cannot answer at the moment: the embedded one stopped after a storage
 * failure and is being reopened, or the PostgreSQL server is not reachable. Answered
 * with 507 when the cause is a full disk, else 503; both with Retry-After.
 */
export class DatabaseUnavailableError extends Error {
  constructor(
    message: string,
    readonly diskFull: boolean,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Below this much free space the embedded database cannot write its next WAL segment. */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

/** Free bytes on the file system holding `dir`, or undefined when it cannot be told. */
export function freeBytes(dir: string): number | undefined {
  try {
    const s = fs.statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return undefined;
  }
}

export function describeFree(bytes: number | undefined): string {
  return bytes === undefined ? 'unknown' : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The error itself and the causes it wraps (drizzle wraps driver errors in `cause`). */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown; severity?: unknown }> {
  let e = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** The DatabaseUnavailableError behind `err`, which drizzle may have wrapped. */
export function unavailableCause(err: unknown): DatabaseUnavailableError | undefined {
  for (const e of chain(err)) if (e instanceof DatabaseUnavailableError) return e;
  return undefined;
}

/** PostgreSQL's disk_full (53100) or the operating system's ENOSPC/EDQUOT. */
export function isDiskFull(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e.code === '53100' || e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
    if (typeof e.message === 'string' && /No space left on device/i.test(e.message)) return true;
  }
  return false;
}

/** The PostgreSQL server is down, restarting or refusing connections. */
export function isConnectionLost(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^(08|57P0)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code))
      return true;
    if (typeof e.message === 'string' && /Connection terminated/i.test(e.message)) return true;
  }
  return false;
}

/** PGlite reports a PANIC or FATAL when its instance can no longer be used. */
export function isFatal(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e.severity === 'PANIC' || e.severity === 'FATAL') return true;
  }
  return false;
}

/** A unique index refused the write (two writers at once: the index decides who wins). */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) =>
    typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}
