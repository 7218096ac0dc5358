import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PlanSummary, noContentSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/** DELETE /{role}/file/{id}: a plan leaves apartments' file_name; an image leaves plans' backgrounds. */
export async function deletePlanFile(id: number): Promise<void> {
  await roleApi().delete(`/file/${id}`, noContentSchema);
}

export function useDeletePlanFile(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Pick<PlanSummary, 'id' | 'kind'>) => deletePlanFile(file.id),
    onSuccess: (_data, file) =>
      Promise.all(
        file.kind === 'svg'
          ? [
              queryClient.invalidateQueries({ queryKey: projectKeys.plans(projectId) }),
              queryClient.invalidateQueries({ queryKey: projectKeys.apartments(projectId) }),
            ]
          : [
              queryClient.invalidateQueries({ queryKey: projectKeys.images(projectId) }),
              queryClient.invalidateQueries({ queryKey: projectKeys.plans(projectId) }),
            ],
      ),
  });
}
