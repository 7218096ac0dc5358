import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SunStudyFile, sunStudyWriteSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { moveItem } from '../../../lib/list-order';
import { sunStudyKeys } from './query-keys';

export interface SunStudyChange {
  id: number;
  label?: string;
  /** Move to this position; the server renumbers the rest. */
  sortIndex?: number;
}

/** v2 PUT /sunstudy/file/{id} {label, sortIndex}: answers with the whole list. */
export async function updateSunStudyFile({ id, ...body }: SunStudyChange) {
  return apiV2.put(`/sunstudy/file/${id}`, sunStudyWriteSchema, body);
}

/** A move shows at once and goes back if the server refuses it; the cache takes the server's list. */
export function useUpdateSunStudyFile(projectId: number) {
  const queryClient = useQueryClient();
  const key = sunStudyKeys.list(projectId);
  return useMutation({
    mutationFn: updateSunStudyFile,
    onMutate: async (change) => {
      if (change.sortIndex === undefined) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SunStudyFile[]>(key);
      const from = previous?.findIndex((f) => f.id === change.id) ?? -1;
      if (previous && from >= 0) {
        queryClient.setQueryData<SunStudyFile[]>(
          key,
          moveItem(previous, from, change.sortIndex).map((f, i) => ({ ...f, sortIndex: i })),
        );
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: ({ files }) => queryClient.setQueryData(key, files),
  });
}
