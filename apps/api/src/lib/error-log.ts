/**
 * What of an error may go into the log. A failed query's message and fields carry its
 * SQL parameters (e-mails, password hashes, whatever was being written), and
 * PostgreSQL's own message and detail quote values too ("Key (email)=(…) already
 * exists"), so a database error is logged by its SQLSTATE code and the names of what
 * it concerns, never by values.
 */

interface DatabaseErrorLike {
  code: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The PostgreSQL error (node-postgres or PGlite) behind `err`, following `cause`. */
export function databaseErrorOf(err: unknown): DatabaseErrorLike | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as Partial<DatabaseErrorLike> & { cause?: unknown };
    if (typeof candidate.code === 'string' && SQLSTATE.test(candidate.code) && 'severity' in candidate) {
      return candidate as DatabaseErrorLike;
    }
    current = candidate.cause;
  }
  return undefined;
}

/** A log-safe description of `err`. */
export function errorForLog(err: unknown): Record<string, unknown> {
  const db = databaseErrorOf(err);
  if (db) {
    const { code, severity, table, column, constraint, routine } = db;
    return { type: 'DatabaseError', code, severity, table, column, constraint, routine };
  }
  if (err instanceof Error) {
    // A query that failed without a database error (a dropped connection) still carries its parameters.
    if ('params' in err || 'query' in err) return { type: err.name, code: (err as { code?: unknown }).code };
    return { type: err.name, message: err.message, code: (err as { code?: unknown }).code, stack: err.stack };
  }
  return { type: typeof err };
}
