import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Apartment, apartmentsResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

export async function getApartments(projectId: number, signal?: AbortSignal): Promise<Apartment[]> {
  const { apartments } = await roleApi().get(`/apartments/${projectId}`, apartmentsResponseSchema, {
    signal,
  });
  return apartments;
}

export function getApartmentsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.apartments(projectId),
    queryFn: ({ signal }) => getApartments(projectId, signal),
  });
}

export function useApartments(projectId: number) {
  return useQuery(getApartmentsQueryOptions(projectId));
}
