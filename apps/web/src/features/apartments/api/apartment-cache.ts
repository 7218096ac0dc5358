import type { QueryClient } from '@tanstack/react-query';
import type { Apartment } from '@planvy/shared';
import { putApartmentsInCache } from '../../../lib/apartments-cache';
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
  putApartmentsInCache(queryClient, projectId, saved);
  return queryClient.invalidateQueries({ queryKey: apartmentKeys.histories(projectId) });
}
