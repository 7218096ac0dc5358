import type { QueryClient } from '@tanstack/react-query';
import type { Apartment } from '@planvy/shared';
import { projectKeys } from './query-keys';

/**
 * Puts apartments a write answered with into the cached list of the project (the table and
 * the plans read it), without reading the whole list again (convention 19). Shared by the
 * apartments feature and the plan editor, whose zone edits move apartments' file_name. A copy
 * is never replaced by an older version of itself (an answer overtaken by a later one).
 */
export function putApartmentsInCache(
  queryClient: QueryClient,
  projectId: number,
  saved: readonly Apartment[],
): void {
  if (saved.length === 0) return;
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
}
