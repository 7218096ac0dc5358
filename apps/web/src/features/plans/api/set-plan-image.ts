import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PlanSummary, planSummaryResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';
import { putPlanInList } from './get-plans';

export interface SetPlanImageInput {
  /** The plan's name. */
  svgName: string;
  /** The background image's name, or "" for none. */
  fileName: string;
}

/** POST /admin/svg/setImage/{projectId}: sets or clears a plan's background image. */
export async function setPlanImage(projectId: number, input: SetPlanImageInput): Promise<PlanSummary> {
  const { file } = await api.post(`/admin/svg/setImage/${projectId}`, planSummaryResponseSchema, input);
  return file;
}

export function useSetPlanImage(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetPlanImageInput) => setPlanImage(projectId, input),
    onSuccess: (file) =>
      queryClient.setQueryData<PlanSummary[]>(projectKeys.plans(projectId), (list) =>
        putPlanInList(list, file),
      ),
  });
}
