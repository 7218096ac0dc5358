import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PlanFile, imagesResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/** GET /admin/svg/images/{projectId}: the background images (admins). */
export async function getPlanImages(projectId: number, signal?: AbortSignal): Promise<PlanFile[]> {
  const { imgs } = await api.get(`/admin/svg/images/${projectId}`, imagesResponseSchema, { signal });
  return imgs;
}

export function getPlanImagesQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.images(projectId),
    queryFn: ({ signal }) => getPlanImages(projectId, signal),
  });
}

export function usePlanImages(projectId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getPlanImagesQueryOptions(projectId), enabled: options.enabled ?? true });
}
