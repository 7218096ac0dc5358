import { z } from 'zod';
import { MAX_ID } from './parse-id';

/**
 * Optimistic concurrency: every project, project setting and apartment carries a
 * `version` that each change moves on. A writer sends back the version it loaded; if
 * someone else wrote in between, the write is refused with 409 and nothing changes.
 * A write without a version (the spec's plain payloads, other clients) is not checked.
 * A setting that was never written is version 0.
 */
export const expectedVersionField = z.coerce
  .number({ error: 'The version must be a whole number' })
  .int()
  .min(0)
  .max(MAX_ID)
  .optional();
