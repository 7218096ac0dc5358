import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PlanSummary, plansResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/**
 * GET /{role}/plans/{projectId}: the project's plans by sort_index, without their markup
 * (the editor fetches one plan's markup once per version, see get-plan-markup.ts).
 */
export async function getPlans(projectId: number, signal?: AbortSignal): Promise<PlanSummary[]> {
  // High priority: the plan it names is the biggest thing the project page waits for.
  const { plans } = await roleApi().get(`/plans/${projectId}`, plansResponseSchema, {
    signal,
    priority: 'high',
  });
  return plans;
}

export function getPlansQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.plans(projectId),
    queryFn: ({ signal }) => getPlans(projectId, signal),
  });
}

export function usePlans(projectId: number) {
  return useQuery(getPlansQueryOptions(projectId));
}

/** Replaces one plan of the cached list with what a write answered (versions only grow). */
export function putPlanInList(list: PlanSummary[] | undefined, plan: PlanSummary): PlanSummary[] | undefined {
  return list?.map((p) => (p.id === plan.id && plan.version >= p.version ? { ...p, ...plan } : p));
}
