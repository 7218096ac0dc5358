/** Re-exports the shared zod schemas with the params helpers the routes use. */
import { z } from 'zod';
export * from '@planvy/shared';
export { z };

export const idParams = z.object({
  id: z.coerce.number().int().positive().max(2147483647),
});
export const projectIdParams = z.object({
  projectId: z.coerce.number().int().positive().max(2147483647),
});
export const bearer = [{ bearerAuth: [] }];
