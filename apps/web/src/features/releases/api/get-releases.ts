import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  releaseRunResponseSchema,
  releasesResponseSchema,
  type Release,
  type ReleaseRun,
} from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';

/** The releases feature's query keys; only it shows or changes releases. */
export const releaseKeys = {
  list: (projectId: number) => ['releases', projectId] as const,
  run: (projectId: number, id: number) => ['releases', projectId, id, 'run'] as const,
};

/** GET /releases/{projectId}: the project's releases, oldest first. */
export async function getReleases(projectId: number, signal?: AbortSignal): Promise<Release[]> {
  return (await roleApi().get(`/releases/${projectId}`, releasesResponseSchema, { signal })).releases;
}

export function getReleasesQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: releaseKeys.list(projectId),
    queryFn: ({ signal }) => getReleases(projectId, signal),
    // The timer moves releases by itself: read again each minute.
    refetchInterval: 60_000,
  });
}

export function useReleases(projectId: number) {
  return useQuery(getReleasesQueryOptions(projectId));
}

/** GET /releases/{projectId}/{id}/run: the allocation run in force, or null. */
export async function getReleaseRun(
  projectId: number,
  id: number,
  signal?: AbortSignal,
): Promise<ReleaseRun | null> {
  return (await roleApi().get(`/releases/${projectId}/${id}/run`, releaseRunResponseSchema, { signal })).run;
}

export function useReleaseRun(projectId: number, id: number, enabled: boolean) {
  return useQuery({
    queryKey: releaseKeys.run(projectId, id),
    queryFn: ({ signal }) => getReleaseRun(projectId, id, signal),
    enabled,
  });
}

/** The list with `release` put in (or replaced), in id order. */
export function putRelease(list: Release[] | undefined, release: Release): Release[] | undefined {
  if (!list) return list;
  return [...list.filter((r) => r.id !== release.id), release].sort((a, b) => a.id - b.id);
}
