/** Re-exports the shared zod schemas with the params helpers the routes use. */
import { z } from 'zod';
import { idField } from '@planvy/shared';
export * from '@planvy/shared';
export { z };

/** Ids in a path: canonical decimal only, else 404 before the body is read (plugins/url-input.ts). */
export const idParams = z.object({ id: idField });
export const projectIdParams = z.object({ projectId: idField });
export const bearer = [{ bearerAuth: [] }];
