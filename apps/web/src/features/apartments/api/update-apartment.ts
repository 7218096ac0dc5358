import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Apartment, apartmentResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import type { ApartmentPayload } from '../apartment-payload';
import { mergeSavedApartments } from './apartment-cache';

export interface UpdateApartmentInput {
  id: number;
  /** Only the fields that change. */
  data: ApartmentPayload;
  /** The version the form was loaded from; the server refuses a stale one with 409. */
  version: number;
}

/** PUT /{role}/apartment/{id}. */
export async function updateApartment({ id, data, version }: UpdateApartmentInput): Promise<Apartment> {
  const { apartment } = await roleApi().put(`/apartment/${id}`, apartmentResponseSchema, {
    ...data,
    version,
  });
  return apartment;
}

export function useUpdateApartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApartment,
    onSuccess: (apartment) => mergeSavedApartments(queryClient, apartment.project_id, [apartment]),
  });
}
