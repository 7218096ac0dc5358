/**
 * Answers for the web app's test fakes, built as the API builds them: successes checked
 * against the schema their route declares, failures in the error envelope with codes.
 * No React here, so tests of plain API modules stay light.
 */
import type { z } from 'zod';
import { errorEnvelope, type EnvelopeMessage } from '@planvy/shared';

/** A response with `body` as JSON, as it stands (prefer `answer`, which checks it). */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A fake's answer, checked against the schema its route declares (packages/shared): a fake
 * that drifts from the contract fails here, typed, before the component sees it.
 */
export function answerBody<S extends z.ZodType>(schema: S, body: z.input<S>): z.input<S> {
  schema.parse(body);
  return body;
}

/** A successful call answered as the API answers it (see `answerBody`). */
export function answer<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200): Response {
  return jsonResponse(status, answerBody(schema, body));
}

/** A failed call answered as the API answers it: the error envelope, with codes (ADR 019). */
export function errorResponse(
  status: number,
  message: EnvelopeMessage,
  fields?: Record<string, readonly EnvelopeMessage[]>,
): Response {
  return jsonResponse(status, errorEnvelope(status, message, fields));
}
