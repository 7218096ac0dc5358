import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Apartment, type PriceAdjustment, apartmentsResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { mergeSavedApartments } from './apartment-cache';

export interface UpdatePricesInput {
  projectId: number;
  apartments: number[];
  adjustment: PriceAdjustment;
  /** The version of each apartment as the table showed it: a stale one refuses all (409). */
  versions: Record<number, number>;
}

/** POST /{role}/apartments/{projectId}/prices: one price rule for several apartments, all or nothing. */
export async function updatePrices({ projectId, ...body }: UpdatePricesInput): Promise<Apartment[]> {
  return (await roleApi().post(`/apartments/${projectId}/prices`, apartmentsResponseSchema, body)).apartments;
}

export function useUpdatePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrices,
    onSuccess: (saved, input) => mergeSavedApartments(queryClient, input.projectId, saved),
  });
}
