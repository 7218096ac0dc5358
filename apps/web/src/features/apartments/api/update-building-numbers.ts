import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Apartment, apartmentsResponseSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { mergeSavedApartments } from './apartment-cache';

export interface UpdateBuildingNumbersInput {
  projectId: number;
  apartments: number[];
  /** The building number to give them all, or null for none. */
  building_number_id: number | null;
  /** The version of each apartment as the table showed it: a stale one refuses all (409). */
  versions: Record<number, number>;
}

/** v2 POST /apartments/update-building-number: one building number for several apartments, all or nothing. */
export async function updateBuildingNumbers(input: UpdateBuildingNumbersInput): Promise<Apartment[]> {
  const res = await apiV2.post('/apartments/update-building-number', apartmentsResponseSchema, input);
  return res.apartments;
}

export function useUpdateBuildingNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBuildingNumbers,
    onSuccess: (saved, input) => mergeSavedApartments(queryClient, input.projectId, saved),
  });
}
