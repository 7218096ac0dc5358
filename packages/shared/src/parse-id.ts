/** The largest id a PostgreSQL `serial` column holds. */
export const MAX_ID = 2147483647;

const CANONICAL_ID = /^[1-9]\d{0,15}$/;

/**
 * The id `value` names when it is written the one way an id is written: decimal digits,
 * no sign, leading zero, exponent, fraction or space, at most `max`. `1e0`, `+1`, `0x1`,
 * `1.0`, `01` and ` 1` are not other spellings of 1: they name nothing (ADR 021).
 * Zod-free: the widget and the plan model read ids with it too.
 */
export function parseId(value: unknown, max = MAX_ID): number | undefined {
  if (typeof value !== 'string' || !CANONICAL_ID.test(value)) return undefined;
  const id = Number(value);
  return id <= max ? id : undefined;
}

/** A JSON id: a whole number from 1 to `max` (a stored favourite, an audited body's id). */
export function isId(value: unknown, max = MAX_ID): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= max;
}
