import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';
import { getPlansQueryOptions } from './get-plans';

/**
 * GET /{role}/plans/{projectId}/{fileId}/markup: a plan's sanitised markup as text. A version
 * never changes, and the browser revalidates its copy with the ETag, so a plan crosses the
 * wire once per version.
 */
export function getPlanMarkup(projectId: number, fileId: number, signal?: AbortSignal): Promise<string> {
  return roleApi().text(`/plans/${projectId}/${fileId}/markup`, { signal, priority: 'high' });
}

export function getPlanMarkupQueryOptions(projectId: number, fileId: number, version: number) {
  return queryOptions({
    queryKey: projectKeys.planMarkup(projectId, fileId, version),
    queryFn: ({ signal }) => getPlanMarkup(projectId, fileId, signal),
    staleTime: Infinity,
    // Ten megabytes a copy: keep only what is on screen (and a moment longer for a switch back).
    gcTime: 60_000,
  });
}

/**
 * Starts reading the project's first plan (the one the Project tab shows) into the cache the
 * viewer reads: the list, then that plan's markup. The route starts it on navigation, beside
 * loading its own code, instead of after the viewer mounts. Resolves once the markup is
 * asked for (not when it has arrived), so the caller can queue slower reads behind it.
 */
export async function prefetchFirstPlan(queryClient: QueryClient, projectId: number): Promise<void> {
  const plans = await queryClient.fetchQuery(getPlansQueryOptions(projectId));
  const first = plans[0];
  if (first) void queryClient.prefetchQuery(getPlanMarkupQueryOptions(projectId, first.id, first.version));
}

/** The markup of `version`, fetched only while `enabled` (the editor needs it to (re)load the plan). */
export function usePlanMarkup(projectId: number, fileId: number, version: number, enabled: boolean) {
  return useQuery({ ...getPlanMarkupQueryOptions(projectId, fileId, version), enabled });
}
