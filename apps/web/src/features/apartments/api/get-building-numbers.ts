import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BuildingNumber, buildingNumbersResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/** GET /building-numbers/{projectId}: the choices of the apartment form's building select. */
export async function getBuildingNumbers(projectId: number, signal?: AbortSignal): Promise<BuildingNumber[]> {
  const res = await api.get(`/building-numbers/${projectId}`, buildingNumbersResponseSchema, {
    signal,
  });
  return res.building_numbers;
}

export function getBuildingNumbersQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.buildingNumbers(projectId),
    queryFn: ({ signal }) => getBuildingNumbers(projectId, signal),
  });
}

export function useBuildingNumbers(projectId: number) {
  return useQuery(getBuildingNumbersQueryOptions(projectId));
}
