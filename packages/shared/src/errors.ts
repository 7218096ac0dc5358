import { z } from 'zod';
import type { CodedMessage } from './error-codes';

const codedSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/**
 * The one error envelope every API error uses (ADR 019). `message`, `errors` and
 * `status_code` are the spec's; a message from the catalogue (error-codes.ts) also carries
 * its `code` and `params`, and `error_codes` gives each field message's code in the same
 * places as `errors` (null for a message without one). A client that knows a code reads it
 * in its own words; any other client reads the English `message`.
 */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  status_code: z.number().int(),
  code: z.string().optional(),
  params: codedSchema.shape.params.optional(),
  error_codes: z.record(z.string(), z.array(codedSchema.nullable())).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type CodedEntry = z.infer<typeof codedSchema>;

/** A message as the API sends it: coded from the catalogue (error-codes.ts), or free text. */
export type EnvelopeMessage = string | CodedMessage;

const textOf = (message: EnvelopeMessage) => (typeof message === 'string' ? message : message.message);

/**
 * The envelope for a message and its field messages: the API's one way to write it, and
 * the test fakes' way to answer as the API would.
 */
export function errorEnvelope(
  status: number,
  message: EnvelopeMessage,
  fields: Record<string, readonly EnvelopeMessage[]> = {},
): ErrorEnvelope {
  const envelope: ErrorEnvelope = { message: textOf(message), errors: {}, status_code: status };
  if (typeof message !== 'string') Object.assign(envelope, { code: message.code, params: message.params });
  const codes: Record<string, (CodedEntry | null)[]> = {};
  let anyCoded = false;
  for (const [field, messages] of Object.entries(fields)) {
    envelope.errors[field] = messages.map(textOf);
    codes[field] = messages.map((m) => {
      if (typeof m === 'string') return null;
      anyCoded = true;
      return { code: m.code, params: m.params };
    });
  }
  // Codes only when some field message has one: an uncoded error stays the spec's three keys.
  if (anyCoded) envelope.error_codes = codes;
  return envelope;
}
