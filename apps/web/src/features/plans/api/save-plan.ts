import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanFile, PlanReport } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

export interface SavePlanInput {
  name: string;
  svg: string;
  /** The version the editor loaded; the server refuses a stale one with 409. */
  version: number;
}

export interface SavePlanResult {
  file: PlanFile;
  report: PlanReport;
}

/**
 * POST /{role}/svg/{projectId}: the server sanitises the markup and, in the same
 * transaction, sets every apartment's file_name from the zones on the plan.
 */
export async function savePlan(projectId: number, input: SavePlanInput): Promise<SavePlanResult> {
  return roleApi().post<SavePlanResult>(`/svg/${projectId}`, input);
}

export function useSavePlan(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePlanInput) => savePlan(projectId, input),
    onSuccess: ({ file }) => {
      // The saved copy is what the editor shows already; keep it so no refetch is needed to match.
      queryClient.setQueryData<PlanFile[]>(projectKeys.plans(projectId), (plans) =>
        plans?.map((p) => (p.id === file.id ? file : p)),
      );
      // Not awaited: the editor shows the saved plan already, and a refetch of a
      // 10 MB plan must not hold up "saved".
      void queryClient.invalidateQueries({ queryKey: projectKeys.plans(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.apartments(projectId) });
    },
  });
}
