import { z } from 'zod';

/** The largest id a PostgreSQL `serial` column holds. */
export const MAX_ID = 2147483647;

const CANONICAL_ID = /^[1-9]\d{0,15}$/;

/**
 * The id `value` names when it is written the one way an id is written: decimal digits,
 * no sign, leading zero, exponent, fraction or space, at most `max`. `1e0`, `+1`, `0x1`,
 * `1.0`, `01` and ` 1` are not other spellings of 1: they name nothing (ADR 021).
 */
export function parseId(value: unknown, max = MAX_ID): number | undefined {
  if (typeof value !== 'string' || !CANONICAL_ID.test(value)) return undefined;
  const id = Number(value);
  return id <= max ? id : undefined;
}

/**
 * An id: a canonical decimal string (a path, a query, a form) or a JSON whole number.
 * The one schema for ids wherever they come in; `max` only for keys wider than `serial`.
 */
export function idSchema(max = MAX_ID) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (parseId(v, max) ?? v) : v),
    z.number({ error: 'Must be an id' }).int().positive().max(max),
  );
}

export const idField = idSchema();
