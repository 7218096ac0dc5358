import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SunStudyFile, sunStudyListSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { sunStudyKeys } from './query-keys';

/** v2 GET /sunstudy/project/{id}: the project's sun-study files by sortIndex. */
export async function getSunStudyFiles(projectId: number, signal?: AbortSignal): Promise<SunStudyFile[]> {
  const { files } = await apiV2.get(`/sunstudy/project/${projectId}`, sunStudyListSchema, { signal });
  return files;
}

export function getSunStudyFilesQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: sunStudyKeys.list(projectId),
    queryFn: ({ signal }) => getSunStudyFiles(projectId, signal),
  });
}

export function useSunStudyFiles(projectId: number) {
  return useQuery(getSunStudyFilesQueryOptions(projectId));
}
