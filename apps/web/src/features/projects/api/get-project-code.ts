import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ProjectCode, projectCodeResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/** GET /{role}/project/code/{id}: the script snippet (`full`) and the plain `iframe`. */
export async function getProjectCode(projectId: number, signal?: AbortSignal): Promise<ProjectCode> {
  const { code } = await roleApi().get(`/project/code/${projectId}`, projectCodeResponseSchema, { signal });
  return code;
}

export function getProjectCodeQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.code(projectId),
    queryFn: ({ signal }) => getProjectCode(projectId, signal),
  });
}

export function useProjectCode(projectId: number) {
  return useQuery(getProjectCodeQueryOptions(projectId));
}
