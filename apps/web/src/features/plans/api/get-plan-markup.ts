import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
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
 * Starts reading the project's first plan (the one the Project tab shows) as soon as the
 * route knows the project, beside its other reads, instead of after the viewer mounts: the
 * list, then that plan's markup, into the cache the viewer reads.
 */
export function usePrefetchFirstPlan(projectId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const plans = useQuery({ ...getPlansQueryOptions(projectId), enabled });
  const first = enabled ? plans.data?.[0] : undefined;
  useEffect(() => {
    if (first)
      void queryClient.prefetchQuery(getPlanMarkupQueryOptions(projectId, first.id, first.version));
  }, [queryClient, projectId, first]);
}

/** The markup of `version`, fetched only while `enabled` (the editor needs it to (re)load the plan). */
export function usePlanMarkup(projectId: number, fileId: number, version: number, enabled: boolean) {
  return useQuery({ ...getPlanMarkupQueryOptions(projectId, fileId, version), enabled });
}
