import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Project, projectResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

export async function getProject(id: number, signal?: AbortSignal): Promise<Project> {
  const { project } = await roleApi().get(`/project/${id}`, projectResponseSchema, { signal });
  return project;
}

/** A project id from a URL is only worth asking about when it is a positive whole number. */
export function isProjectId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

export function getProjectQueryOptions(id: number) {
  return queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => getProject(id, signal),
    enabled: isProjectId(id),
  });
}

export function useProject(id: number) {
  return useQuery(getProjectQueryOptions(id));
}
