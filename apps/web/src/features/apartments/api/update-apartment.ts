import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Apartment } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import type { ApartmentPayload } from '../apartment-payload';
import { mergeSavedApartments } from './apartment-cache';

export interface UpdateApartmentInput {
  id: number;
  /** Only the fields that change. */
  data: ApartmentPayload;
}

/** PUT /{role}/apartment/{id}. */
export async function updateApartment({ id, data }: UpdateApartmentInput): Promise<Apartment> {
  const { apartment } = await roleApi().put<{ apartment: Apartment }>(`/apartment/${id}`, data);
  return apartment;
}

export function useUpdateApartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApartment,
    onSuccess: (apartment) => mergeSavedApartments(queryClient, apartment.project_id, [apartment]),
  });
}
