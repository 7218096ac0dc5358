import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Project, projectsResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/** Admins get every project (with its owner); clients and brokers only their own (the server decides). */
export async function getProjects(signal?: AbortSignal): Promise<Project[]> {
  const { projects } = await roleApi().get('/projects', projectsResponseSchema, { signal });
  return projects;
}

export function getProjectsQueryOptions() {
  return queryOptions({ queryKey: projectKeys.list(), queryFn: ({ signal }) => getProjects(signal) });
}

export function useProjects() {
  return useQuery(getProjectsQueryOptions());
}
