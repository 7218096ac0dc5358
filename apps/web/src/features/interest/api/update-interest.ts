import { useMutation, useQueryClient } from '@tanstack/react-query';
import { interestEntryResponseSchema, type InterestEntry } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { interestKeys } from './get-interest-list';

export interface InterestUpdate {
  tier?: string | null;
  notes?: string | null;
}

/** PUT /interest/{projectId}/{id}: an entry's tier or notes. */
export async function updateInterest(
  projectId: number,
  id: number,
  body: InterestUpdate,
): Promise<InterestEntry> {
  return (await roleApi().put(`/interest/${projectId}/${id}`, interestEntryResponseSchema, body)).entry;
}

export function useUpdateInterest(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: InterestUpdate & { id: number }) => updateInterest(projectId, id, body),
    onSuccess: (entry) => {
      // The answer is the entry as it is now: put it into every cached page of the list.
      queryClient.setQueriesData<InterestEntry[]>({ queryKey: interestKeys.lists(projectId) }, (list) =>
        list?.map((e) => (e.id === entry.id ? entry : e)),
      );
      // A new tier may move it into or out of a tier filter.
      void queryClient.invalidateQueries({ queryKey: interestKeys.lists(projectId), refetchType: 'none' });
    },
  });
}
