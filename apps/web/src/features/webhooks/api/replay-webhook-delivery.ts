import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookQueuedSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './get-webhooks';

/** POST /webhooks/{projectId}/deliveries/{id}/replay ("Skicka igen"). */
export function replayWebhookDelivery(projectId: number, id: number) {
  return api.post(`/webhooks/${projectId}/deliveries/${id}/replay`, webhookQueuedSchema);
}

export function useReplayWebhookDelivery(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => replayWebhookDelivery(projectId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(projectId) }),
  });
}
