import { useMutation, useQueryClient } from '@tanstack/react-query';
import { holdResponseSchema, type Hold } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { holdKeys, putHold } from './get-holds';

/** POST /holds/{projectId}/{id}/extend { days }: more days, within the cap. */
export async function extendHold(projectId: number, id: number, days: number): Promise<Hold> {
  return (await api.post(`/holds/${projectId}/${id}/extend`, holdResponseSchema, { days })).hold;
}

/** POST /holds/{projectId}/{id}/release or …/convert: ends the hold now. */
export async function endHold(projectId: number, id: number, how: 'release' | 'convert'): Promise<Hold> {
  return (await api.post(`/holds/${projectId}/${id}/${how}`, holdResponseSchema)).hold;
}

export type HoldChange = { id: number } & (
  { action: 'extend'; days: number } | { action: 'release' | 'convert' }
);

/** Extend, release or convert; `onChanged` runs when an apartment's status changed too. */
export function useChangeHold(projectId: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: HoldChange) =>
      change.action === 'extend'
        ? extendHold(projectId, change.id, change.days)
        : endHold(projectId, change.id, change.action),
    onSuccess: (hold, change) => {
      queryClient.setQueryData<Hold[]>(holdKeys.list(projectId), (list) => putHold(list, hold));
      if (change.action !== 'extend') onChanged?.();
    },
  });
}
