import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PlanSummary, planSummaryResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';
import { putPlanInList } from './get-plans';

export interface AttachBuildingsInput {
  fileId: number;
  /** Every building number id the plan shows afterwards. */
  buildings: number[];
}

/** POST /{role}/svg/buildings/{fileId}: sets the building numbers shown on a plan (admins). */
export async function attachBuildings({ fileId, buildings }: AttachBuildingsInput): Promise<PlanSummary> {
  const { file } = await roleApi().post(`/svg/buildings/${fileId}`, planSummaryResponseSchema, {
    buildings: buildings.join(','),
  });
  return file;
}

export function useAttachBuildings(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachBuildings,
    // The answer is the plan as stored now: no list to read again.
    onSuccess: (file) =>
      queryClient.setQueryData<PlanSummary[]>(projectKeys.plans(projectId), (list) =>
        putPlanInList(list, file),
      ),
  });
}
