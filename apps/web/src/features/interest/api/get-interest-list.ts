import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { interestListSchema, type InterestEntry, type InterestStatus } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';

/** The list's filters, as GET /interest/{projectId} takes them. */
export interface InterestFilters {
  status?: InterestStatus;
  tier?: string;
  rooms?: number;
  apartment_id?: number;
  q?: string;
}

/** The interest feature's query keys; only it shows or changes interest entries. */
export const interestKeys = {
  all: (projectId: number) => ['interest', projectId] as const,
  lists: (projectId: number) => [...interestKeys.all(projectId), 'list'] as const,
  list: (projectId: number, filters: InterestFilters) => [...interestKeys.lists(projectId), filters] as const,
  demand: (projectId: number) => [...interestKeys.all(projectId), 'demand'] as const,
};

/** GET /interest/{projectId}: first in the queue first (each read is in the audit log). */
export async function getInterestList(
  projectId: number,
  filters: InterestFilters,
  signal?: AbortSignal,
): Promise<InterestEntry[]> {
  return (
    await roleApi().get(`/interest/${projectId}`, interestListSchema, { signal, query: { ...filters } })
  ).entries;
}

export function getInterestListQueryOptions(projectId: number, filters: InterestFilters) {
  return queryOptions({
    queryKey: interestKeys.list(projectId, filters),
    queryFn: ({ signal }) => getInterestList(projectId, filters, signal),
    // Buyers register and confirm while the page is open: show the list as it is when opened.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useInterestList(projectId: number, filters: InterestFilters, enabled = true) {
  return useQuery({ ...getInterestListQueryOptions(projectId, filters), enabled });
}
