import type { QueryClient } from '@tanstack/react-query';
import type { Apartment } from '@planvy/shared';
import { projectKeys } from '../../../lib/query-keys';

/**
 * Puts saved apartments into the cached list at once (the table updates without waiting for
 * the refetch), then invalidates the list and the histories under it.
 */
export function mergeSavedApartments(
  queryClient: QueryClient,
  projectId: number,
  saved: readonly Apartment[],
): Promise<void> {
  const byId = new Map(saved.map((a) => [a.id, a]));
  queryClient.setQueryData<Apartment[]>(projectKeys.apartments(projectId), (list) => {
    if (!list) return list;
    const next = list.map((a) => byId.get(a.id) ?? a);
    const known = new Set(list.map((a) => a.id));
    for (const a of saved) if (!known.has(a.id)) next.push(a);
    return next;
  });
  return queryClient.invalidateQueries({ queryKey: projectKeys.apartments(projectId) });
}
