import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookDeliveriesResponseSchema, type WebhookDelivery } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './get-webhooks';

/** GET /webhooks/{projectId}/deliveries: the last 30 days, newest first. */
export async function getWebhookDeliveries(
  projectId: number,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  return (await api.get(`/webhooks/${projectId}/deliveries`, webhookDeliveriesResponseSchema, { signal }))
    .deliveries;
}

export function getWebhookDeliveriesQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(projectId),
    queryFn: ({ signal }) => getWebhookDeliveries(projectId, signal),
    // Deliveries leave in the background: the log follows them while it is open.
    refetchInterval: 3000,
  });
}

export function useWebhookDeliveries(projectId: number) {
  return useQuery(getWebhookDeliveriesQueryOptions(projectId));
}
