import type { QueryClient } from '@tanstack/react-query';
import type { Apartment } from '@planvy/shared';
import { projectKeys } from '../../../lib/query-keys';
import { apartmentKeys } from './query-keys';

/**
 * Puts apartments the server answered with (a save, a reload) into the cached list, so the
 * table and plans show them without reading the whole list again (convention 19). A copy is
 * never replaced by an older version of itself (an answer overtaken by a later one). Status
 * histories are read again, since a save may have added to them.
 */
export function mergeSavedApartments(
  queryClient: QueryClient,
  projectId: number,
  saved: readonly Apartment[],
): Promise<void> {
  const byId = new Map(saved.map((a) => [a.id, a]));
  queryClient.setQueryData<Apartment[]>(projectKeys.apartments(projectId), (list) => {
    if (!list) return list;
    const next = list.map((a) => {
      const fresh = byId.get(a.id);
      return fresh && fresh.version >= a.version ? fresh : a;
    });
    const known = new Set(list.map((a) => a.id));
    for (const a of saved) if (!known.has(a.id)) next.push(a);
    return next;
  });
  return queryClient.invalidateQueries({ queryKey: apartmentKeys.histories(projectId) });
}
