import { z } from 'zod';

/**
 * What the public event stream of a project sends (ADR 015), by event name: the API writes
 * exactly these and the widget reads them. The widget imports the types only, so no zod
 * reaches its bundle. Only what the widget shows, never anything personal.
 */
/** One apartment as it changed; price and fee are null for an inactive apartment, as in the public view. */
export const liveApartmentSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  inactive: z.boolean(),
  price: z.number().nullable(),
  fee: z.number().nullable(),
});
export type LiveApartment = z.infer<typeof liveApartmentSchema>;

export const liveEventSchemas = {
  /** These apartments changed. */
  apartments: z.object({ apartments: z.array(liveApartmentSchema) }),
  /** Refetch the view (with If-None-Match); with the ETag it stands at, when the server knows it. */
  view: z.object({ etag: z.string().optional() }),
};
export type LiveEvents = { [E in keyof typeof liveEventSchemas]: z.infer<(typeof liveEventSchemas)[E]> };
export type LiveEventName = keyof LiveEvents;
