import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  webhookEndpointWithSecretSchema,
  type WebhookEndpoint,
  type WebhookEndpointBody,
} from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './get-webhooks';

/** POST /webhooks/{projectId}: the new endpoint and its secret, shown this once. */
export function createWebhook(projectId: number, body: WebhookEndpointBody) {
  return api.post(`/webhooks/${projectId}`, webhookEndpointWithSecretSchema, body);
}

export function useCreateWebhook(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointBody) => createWebhook(projectId, body),
    onSuccess: ({ endpoint }) =>
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.endpoints(projectId), (list) => [
        ...(list ?? []),
        endpoint,
      ]),
  });
}
