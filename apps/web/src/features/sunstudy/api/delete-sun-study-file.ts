import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SunStudyFile, sunStudyListSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { sunStudyKeys } from './query-keys';

/** v2 DELETE /sunstudy/file/{id}: the file and its stored bytes; answers with the remaining list. */
export async function deleteSunStudyFile(id: number): Promise<SunStudyFile[]> {
  const { files } = await apiV2.delete(`/sunstudy/file/${id}`, sunStudyListSchema);
  return files;
}

export function useDeleteSunStudyFile(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Pick<SunStudyFile, 'id'>) => deleteSunStudyFile(file.id),
    onSuccess: (files) => queryClient.setQueryData(sunStudyKeys.list(projectId), files),
  });
}
