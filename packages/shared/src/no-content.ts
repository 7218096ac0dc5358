import { z } from 'zod';

/** The answer of a 204 as a client reads it: no body (the routes declare `z.null()`, which sends none). */
export const noContentSchema = z.undefined();
