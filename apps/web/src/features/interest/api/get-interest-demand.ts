import { queryOptions, useQuery } from '@tanstack/react-query';
import { interestDemandSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { interestKeys } from './get-interest-list';

/** GET /interest/{projectId}/demand: per apartment, how many confirmed registrations name it. */
export async function getInterestDemand(projectId: number, signal?: AbortSignal) {
  return (await roleApi().get(`/interest/${projectId}/demand`, interestDemandSchema, { signal })).demand;
}

export function getInterestDemandQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: interestKeys.demand(projectId),
    queryFn: ({ signal }) => getInterestDemand(projectId, signal),
    staleTime: 0,
  });
}

export function useInterestDemand(projectId: number, enabled: boolean) {
  return useQuery({ ...getInterestDemandQueryOptions(projectId), enabled });
}
