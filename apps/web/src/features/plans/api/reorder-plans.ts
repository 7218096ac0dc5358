import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PlanSummary, planSummaryResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';
import { sortIndexChanges } from '../plan-order';

/** PUT /{role}/file/{id} with a new sort_index. */
export async function updatePlanSortIndex(id: number, sortIndex: number): Promise<PlanSummary> {
  const { file } = await roleApi().put(`/file/${id}`, planSummaryResponseSchema, { sort_index: sortIndex });
  return file;
}

/**
 * Persists a new order of the plans: each plan whose position changed gets its
 * position as sort_index. The list moves at once; a failure puts it back.
 */
export function useReorderPlans(projectId: number) {
  const queryClient = useQueryClient();
  const key = projectKeys.plans(projectId);
  return useMutation({
    mutationFn: async (ordered: PlanSummary[]) => {
      for (const change of sortIndexChanges(ordered)) await updatePlanSortIndex(change.id, change.sort_index);
    },
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PlanSummary[]>(key);
      queryClient.setQueryData<PlanSummary[]>(
        key,
        ordered.map((p, i) => ({ ...p, sort_index: i })),
      );
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
