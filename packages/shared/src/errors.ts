import { z } from 'zod';

/** The one error envelope every API error uses. */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  status_code: z.number().int(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
