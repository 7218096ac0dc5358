import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Apartment, noContentSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/** DELETE /{role}/apartment/{id} (admins). */
export async function deleteApartment(apartment: Pick<Apartment, 'id' | 'project_id'>): Promise<void> {
  await roleApi().delete(`/apartment/${apartment.id}`, noContentSchema);
}

export function useDeleteApartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApartment,
    onSuccess: (_data, apartment) => {
      queryClient.setQueryData<Apartment[]>(projectKeys.apartments(apartment.project_id), (list) =>
        list?.filter((a) => a.id !== apartment.id),
      );
      return queryClient.invalidateQueries({ queryKey: projectKeys.apartments(apartment.project_id) });
    },
  });
}
