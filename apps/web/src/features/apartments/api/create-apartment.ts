import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Apartment, apartmentResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import type { ApartmentPayload } from '../apartment-payload';
import { mergeSavedApartments } from './apartment-cache';

export interface CreateApartmentInput {
  projectId: number;
  data: ApartmentPayload;
}

/** POST /{role}/apartment/{projectId} (admins): a new apartment, without a zone unless file_name says so. */
export async function createApartment({ projectId, data }: CreateApartmentInput): Promise<Apartment> {
  const { apartment } = await roleApi().post(`/apartment/${projectId}`, apartmentResponseSchema, data);
  return apartment;
}

export function useCreateApartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApartment,
    onSuccess: (apartment) => mergeSavedApartments(queryClient, apartment.project_id, [apartment]),
  });
}
