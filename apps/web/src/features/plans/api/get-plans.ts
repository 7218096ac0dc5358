import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanFile } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/** GET /{role}/svg/{projectId}: the project's plans with their (sanitised) markup, by sort_index. */
export async function getPlans(projectId: number, signal?: AbortSignal): Promise<PlanFile[]> {
  const { files } = await roleApi().get<{ files: PlanFile[] }>(`/svg/${projectId}`, { signal });
  return files;
}

export function getPlansQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.plans(projectId),
    queryFn: ({ signal }) => getPlans(projectId, signal),
  });
}

export function usePlans(projectId: number) {
  return useQuery(getPlansQueryOptions(projectId));
}
