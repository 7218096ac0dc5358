import { useMutation, useQueryClient } from '@tanstack/react-query';
import { interestEntryResponseSchema, type InterestEntry, type Language } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { interestKeys } from './get-interest-list';

/** A person met at a viewing (POST /interest/{projectId}); they confirm by e-mail like anyone. */
export interface InterestAdd {
  name: string;
  email: string;
  phone?: string;
  lang: Language;
  newsletter: boolean;
  rooms: number[];
  max_price: number | null;
  apartment_ids: number[];
}

export async function addInterest(projectId: number, body: InterestAdd): Promise<InterestEntry> {
  return (await roleApi().post(`/interest/${projectId}`, interestEntryResponseSchema, body)).entry;
}

export function useAddInterest(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InterestAdd) => addInterest(projectId, body),
    // Where a new entry falls depends on each page's filters: the lists load again. Demand counts
    // only confirmed entries, which a new one is not yet.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interestKeys.lists(projectId) }),
  });
}
