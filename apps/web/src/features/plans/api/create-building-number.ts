import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BuildingNumber, buildingNumberResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { putCreatedBuildingNumber } from './building-numbers-cache';

/** POST /building-numbers/{projectId} {label}. */
export async function createBuildingNumber(projectId: number, label: string): Promise<BuildingNumber> {
  const { building_number } = await api.post(`/building-numbers/${projectId}`, buildingNumberResponseSchema, {
    label,
  });
  return building_number;
}

export function useCreateBuildingNumber(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => createBuildingNumber(projectId, label),
    // The answer is the new building number: the list takes it, nothing is read again.
    onSuccess: (created) => putCreatedBuildingNumber(queryClient, projectId, created),
  });
}
