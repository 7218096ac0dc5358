import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StyleTriple, projectStylesSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { styleKeys } from './query-keys';

/** GET /{role}/scss/{projectId}: the project's own [key, attr, value] triples (defaults not included). */
export async function getProjectStyles(projectId: number, signal?: AbortSignal): Promise<StyleTriple[]> {
  const { scss } = await roleApi().get(`/scss/${projectId}`, projectStylesSchema, { signal });
  return scss;
}

export function getProjectStylesQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: styleKeys.project(projectId),
    queryFn: ({ signal }) => getProjectStyles(projectId, signal),
    enabled: Number.isInteger(projectId) && projectId > 0,
  });
}

export function useProjectStyles(projectId: number) {
  return useQuery(getProjectStylesQueryOptions(projectId));
}
