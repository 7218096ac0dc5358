import { useQueryClient } from '@tanstack/react-query';
import { type Apartment, apartmentResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { mergeSavedApartments } from './apartment-cache';

/** GET /{role}/apartment/{id}: one apartment as stored now. */
export async function getApartment(id: number): Promise<Apartment> {
  const { apartment } = await roleApi().get(`/apartment/${id}`, apartmentResponseSchema);
  return apartment;
}

/** Reads one apartment again (after a 409) and puts it into the cached list. */
export function useReloadApartment() {
  const queryClient = useQueryClient();
  return async (id: number): Promise<Apartment> => {
    const apartment = await getApartment(id);
    await mergeSavedApartments(queryClient, apartment.project_id, [apartment]);
    return apartment;
  };
}
