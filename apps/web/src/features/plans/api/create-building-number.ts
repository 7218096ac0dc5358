import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuildingNumber } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/** POST /building-numbers/{projectId} {label}. */
export async function createBuildingNumber(projectId: number, label: string): Promise<BuildingNumber> {
  const { building_number } = await api.post<{ building_number: BuildingNumber }>(
    `/building-numbers/${projectId}`,
    { label },
  );
  return building_number;
}

export function useCreateBuildingNumber(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => createBuildingNumber(projectId, label),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.buildingNumbers(projectId) }),
  });
}
