import { queryOptions, useQuery } from '@tanstack/react-query';
import { holdsResponseSchema, type Hold } from '@planvy/shared';
import { api } from '../../../lib/api-client';

/** The holds feature's query keys; only it shows or changes holds. */
export const holdKeys = {
  list: (projectId: number) => ['holds', projectId] as const,
};

/** GET /holds/{projectId}: the active holds, soonest expiry first. */
export async function getHolds(projectId: number, signal?: AbortSignal): Promise<Hold[]> {
  return (await api.get(`/holds/${projectId}`, holdsResponseSchema, { signal })).holds;
}

export function getHoldsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: holdKeys.list(projectId),
    queryFn: ({ signal }) => getHolds(projectId, signal),
    // A hold runs out by itself: the board reads again each minute so it drops lapsed ones.
    refetchInterval: 60_000,
  });
}

export function useHolds(projectId: number) {
  return useQuery(getHoldsQueryOptions(projectId));
}

/** The list with `hold` put in (or replaced) when it is active, else taken out; soonest expiry first. */
export function putHold(list: Hold[] | undefined, hold: Hold): Hold[] | undefined {
  if (!list) return list;
  const rest = list.filter((h) => h.id !== hold.id);
  if (hold.ended_at !== null) return rest;
  return [...rest, hold].sort((a, b) => a.expires_at.localeCompare(b.expires_at) || a.id - b.id);
}
