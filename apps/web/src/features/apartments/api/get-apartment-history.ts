import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PriceChange, type StatusChange, apartmentHistoryResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { apartmentKeys } from './query-keys';

/** GET /{role}/apartment/{id}/history: status changes and price changes, each newest first. */
export async function getApartmentHistory(
  id: number,
  signal?: AbortSignal,
): Promise<{ history: StatusChange[]; prices: PriceChange[] }> {
  return roleApi().get(`/apartment/${id}/history`, apartmentHistoryResponseSchema, { signal });
}

export function getApartmentHistoryQueryOptions(projectId: number, apartmentId: number) {
  return queryOptions({
    queryKey: apartmentKeys.history(projectId, apartmentId),
    queryFn: ({ signal }) => getApartmentHistory(apartmentId, signal),
  });
}

export function useApartmentHistory(projectId: number, apartmentId: number | undefined) {
  return useQuery({
    ...getApartmentHistoryQueryOptions(projectId, apartmentId ?? 0),
    enabled: apartmentId !== undefined,
  });
}
