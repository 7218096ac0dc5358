import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PlanSummary, planSummaryResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';
import { putPlanInList } from './get-plans';

/** PUT /{role}/file/{id} {title} (admins): a plan's new name (ADR 025); its file name stays. */
export async function renamePlan(id: number, title: string): Promise<PlanSummary> {
  const { file } = await roleApi().put(`/file/${id}`, planSummaryResponseSchema, { title });
  return file;
}

export function useRenamePlan(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) => renamePlan(id, title),
    onSuccess: (file) =>
      queryClient.setQueryData<PlanSummary[]>(projectKeys.plans(projectId), (list) =>
        putPlanInList(list, file),
      ),
  });
}
