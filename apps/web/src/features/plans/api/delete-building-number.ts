import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/** DELETE /building-numbers/{projectId}/{id}. */
export async function deleteBuildingNumber(projectId: number, id: number): Promise<void> {
  await api.delete(`/building-numbers/${projectId}/${id}`);
}

export function useDeleteBuildingNumber(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteBuildingNumber(projectId, id),
    // Plans stop showing it and apartments lose it as their building number.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.buildingNumbers(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.plans(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.apartments(projectId) }),
      ]),
  });
}
