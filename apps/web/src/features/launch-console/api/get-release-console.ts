import { queryOptions, useQuery } from '@tanstack/react-query';
import { releaseConsoleSchema, type ReleaseConsole } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';

/** The launch console's query keys; only this feature reads or changes them. */
export const consoleKeys = {
  one: (releaseId: number) => ['release-console', releaseId] as const,
};

/** How often the console reads again (ADR 042: polling, one cheap call). */
export const CONSOLE_POLL_MS = 3000;

/** GET /{role}/releases/{id}/console: counters, offers, and per home its status and who is next. */
export async function getReleaseConsole(releaseId: number, signal?: AbortSignal): Promise<ReleaseConsole> {
  return roleApi().get(`/releases/${releaseId}/console`, releaseConsoleSchema, { signal });
}

export function getReleaseConsoleQueryOptions(releaseId: number) {
  return queryOptions({
    queryKey: consoleKeys.one(releaseId),
    queryFn: ({ signal }) => getReleaseConsole(releaseId, signal),
    refetchInterval: CONSOLE_POLL_MS,
  });
}

export function useReleaseConsole(releaseId: number) {
  return useQuery(getReleaseConsoleQueryOptions(releaseId));
}
