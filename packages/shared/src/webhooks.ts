import { z } from 'zod';
import { codedIssue } from './error-codes';

/**
 * The events a project's webhook endpoints may subscribe to (ADR 034), written once for the
 * API, the back office and the docs. Apartment events are sent now; the interest and hold
 * events are named here so endpoints can subscribe, and are sent by the slices that add
 * interest registration and holds (issue 23).
 */
export const WEBHOOK_EVENTS = [
  'apartment.status_changed',
  'apartment.price_changed',
  'interest.confirmed',
  'hold.placed',
  'hold.expired',
  'release.state_changed',
  'release.offer_made',
  'release.public',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event "Testa" sends to one endpoint, subscribed or not. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;

/** An endpoint's URL: https (the server also accepts http where private addresses are allowed, in tests). */
export const webhookUrlField = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), codedIssue('webhookUrl'));

export const webhookEndpointBodySchema = z.object({
  url: webhookUrlField,
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
  /** Whether events may carry buyers' personal data to this endpoint. */
  personal_data: z.boolean().default(false),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBodySchema>;

export const webhookEndpointUpdateSchema = webhookEndpointBodySchema
  .extend({ enabled: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

/** Where a delivery is: the outbox row's status (ADR 032). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  personal_data: z.boolean(),
  enabled: z.boolean(),
  /** Why the endpoint is off, when Planvy turned it off (persistent failure); null when on or turned off by hand. */
  disabled_reason: z.string().nullable(),
  /** Failed deliveries in a row, and when the first of them failed. */
  failure_count: z.number().int(),
  first_failure_at: z.string().nullable(),
  /** Until when the secret before the last rotation still signs too. */
  previous_secret_expires_at: z.string().nullable(),
  last_delivery: z
    .object({
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      at: z.string(),
      response_code: z.number().int().nullable(),
    })
    .nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Creation and rotation answer the secret once; it is never shown again. */
export const webhookEndpointWithSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  /** The message id (webhook-id header): a replay keeps it, so a receiver can tell a copy. */
  message_id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  history: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** How long the delivery log keeps a delivery. */
export const WEBHOOK_LOG_DAYS = 30;

/** The answers of the webhook routes, shared by the API and the web app. */
export const webhookEndpointsResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export const webhookEndpointResponseSchema = z.object({ endpoint: webhookEndpointSchema });
export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
/** A test event or a replay was queued as this delivery. */
export const webhookQueuedSchema = z.object({ delivery_id: z.number().int() });
