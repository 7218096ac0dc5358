import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookQueuedSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './get-webhooks';

/** POST /webhooks/{projectId}/{id}/test: queues the test event. */
export function sendWebhookTest(projectId: number, id: number) {
  return api.post(`/webhooks/${projectId}/${id}/test`, webhookQueuedSchema);
}

export function useSendWebhookTest(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendWebhookTest(projectId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(projectId) }),
  });
}
