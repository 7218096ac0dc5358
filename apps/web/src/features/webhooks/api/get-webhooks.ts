import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEndpointsResponseSchema, type WebhookEndpoint } from '@planvy/shared';
import { api } from '../../../lib/api-client';

/** The webhooks feature's query keys; only it shows or changes endpoints and deliveries. */
export const webhookKeys = {
  all: (projectId: number) => ['webhooks', projectId] as const,
  endpoints: (projectId: number) => [...webhookKeys.all(projectId), 'endpoints'] as const,
  deliveries: (projectId: number) => [...webhookKeys.all(projectId), 'deliveries'] as const,
};

/** GET /webhooks/{projectId}. */
export async function getWebhooks(projectId: number, signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  return (await api.get(`/webhooks/${projectId}`, webhookEndpointsResponseSchema, { signal })).endpoints;
}

export function getWebhooksQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: webhookKeys.endpoints(projectId),
    queryFn: ({ signal }) => getWebhooks(projectId, signal),
  });
}

export function useWebhooks(projectId: number) {
  return useQuery(getWebhooksQueryOptions(projectId));
}
