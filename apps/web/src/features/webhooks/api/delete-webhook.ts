import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noContentSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './get-webhooks';

/** DELETE /webhooks/{projectId}/{id}: the endpoint and its deliveries. */
export async function deleteWebhook(projectId: number, id: number): Promise<void> {
  await api.delete(`/webhooks/${projectId}/${id}`, noContentSchema);
}

export function useDeleteWebhook(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteWebhook(projectId, id),
    // Its deliveries went with it: the log is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(projectId) }),
  });
}
