import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointWithSecretSchema, type WebhookEndpoint } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './get-webhooks';
import { putWebhook } from './update-webhook';

/** POST /webhooks/{projectId}/{id}/rotate-secret: the new secret, shown this once. */
export function rotateWebhookSecret(projectId: number, id: number) {
  return api.post(`/webhooks/${projectId}/${id}/rotate-secret`, webhookEndpointWithSecretSchema);
}

export function useRotateWebhookSecret(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rotateWebhookSecret(projectId, id),
    onSuccess: ({ endpoint }) =>
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.endpoints(projectId), (list) =>
        putWebhook(list, endpoint),
      ),
  });
}
