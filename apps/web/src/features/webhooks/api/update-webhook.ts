import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  webhookEndpointResponseSchema,
  type WebhookEndpoint,
  type WebhookEndpointUpdate,
} from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './get-webhooks';

/** PUT /webhooks/{projectId}/{id}. */
export async function updateWebhook(projectId: number, id: number, body: WebhookEndpointUpdate) {
  return (await api.put(`/webhooks/${projectId}/${id}`, webhookEndpointResponseSchema, body)).endpoint;
}

/** Puts a changed endpoint (from a write's answer) into the cached list, keeping its last delivery. */
export function putWebhook(list: WebhookEndpoint[] | undefined, changed: WebhookEndpoint) {
  return list?.map((e) => (e.id === changed.id ? { ...changed, last_delivery: e.last_delivery } : e));
}

export function useUpdateWebhook(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: WebhookEndpointUpdate & { id: number }) =>
      updateWebhook(projectId, id, body),
    onSuccess: (endpoint) =>
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.endpoints(projectId), (list) =>
        putWebhook(list, endpoint),
      ),
  });
}
