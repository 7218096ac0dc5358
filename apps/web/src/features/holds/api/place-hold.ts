import { useMutation, useQueryClient } from '@tanstack/react-query';
import { holdResponseSchema, type Hold, type HoldCreate } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { holdKeys, putHold } from './get-holds';

/** POST /holds/{projectId}: reserve or book an apartment. */
export async function placeHold(projectId: number, body: HoldCreate): Promise<Hold> {
  return (await api.post(`/holds/${projectId}`, holdResponseSchema, body)).hold;
}

/** `onChanged`: the apartment's status changed too (the caller owns the apartments' cache). */
export function usePlaceHold(projectId: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HoldCreate) => placeHold(projectId, body),
    onSuccess: (hold) => {
      queryClient.setQueryData<Hold[]>(holdKeys.list(projectId), (list) => putHold(list, hold));
      onChanged?.();
    },
  });
}
