import { noContentSchema } from '@planvy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dropDeletedBuildingNumber } from './building-numbers-cache';

/** DELETE /building-numbers/{projectId}/{id}. */
export async function deleteBuildingNumber(projectId: number, id: number): Promise<void> {
  await api.delete(`/building-numbers/${projectId}/${id}`, noContentSchema);
}

export function useDeleteBuildingNumber(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteBuildingNumber(projectId, id),
    // Plans stop showing it and apartments lose it as their building number: the cached
    // copies change as the database did, nothing is read again.
    onSuccess: (_answer, id) => dropDeletedBuildingNumber(queryClient, projectId, id),
  });
}
