import { z } from 'zod';
import { isId, MAX_ID, parseId } from './parse-id';

export { isId, MAX_ID, parseId };

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
