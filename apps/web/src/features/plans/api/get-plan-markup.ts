import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/**
 * GET /{role}/plans/{projectId}/{fileId}/markup: a plan's sanitised markup as text. A version
 * never changes, and the browser revalidates its copy with the ETag, so a plan crosses the
 * wire once per version.
 */
export function getPlanMarkup(projectId: number, fileId: number, signal?: AbortSignal): Promise<string> {
  return roleApi().text(`/plans/${projectId}/${fileId}/markup`, { signal });
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

/** The markup of `version`, fetched only while `enabled` (the editor needs it to (re)load the plan). */
export function usePlanMarkup(projectId: number, fileId: number, version: number, enabled: boolean) {
  return useQuery({ ...getPlanMarkupQueryOptions(projectId, fileId, version), enabled });
}
