import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Apartment, apartmentsResponseSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { mergeSavedApartments } from './apartment-cache';

export interface UpdateStatusesInput {
  projectId: number;
  apartments: number[];
  status: string;
  /** The version of each apartment as the table showed it: a stale one refuses all (409). */
  versions: Record<number, number>;
}

/** v2 POST /apartments/update-status: one status for several apartments, all or nothing. */
export async function updateStatuses({
  projectId,
  apartments,
  status,
  versions,
}: UpdateStatusesInput): Promise<Apartment[]> {
  const res = await apiV2.post('/apartments/update-status', apartmentsResponseSchema, {
    apartments,
    status,
    projectId,
    versions,
  });
  return res.apartments;
}

export function useUpdateStatuses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStatuses,
    onSuccess: (saved, input) => mergeSavedApartments(queryClient, input.projectId, saved),
  });
}
