import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planSaveResponseSchema, type PlanSaveResponse, type PlanSummary } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { putApartmentsInCache } from '../../../lib/apartments-cache';
import { projectKeys } from '../../../lib/query-keys';
import { putPlanInList } from './get-plans';

export interface SavePlanInput {
  name: string;
  svg: string;
  /** The version the editor loaded; the server refuses a stale one with 409. */
  version: number;
}

export type SavePlanResult = PlanSaveResponse;

/**
 * POST /{role}/svg/{projectId}?markup=0: the whole drawing, when shapes changed. The server
 * sanitises it and, in the same transaction, sets every apartment's file_name from its zones;
 * it answers without the markup (the editor has it) and with the apartments that moved.
 */
export async function savePlan(projectId: number, input: SavePlanInput): Promise<SavePlanResult> {
  return roleApi().post(`/svg/${projectId}`, planSaveResponseSchema, input, { query: { markup: 0 } });
}

export function useSavePlan(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePlanInput) => savePlan(projectId, input),
    onSuccess: ({ file, apartments }) => {
      queryClient.setQueryData<PlanSummary[]>(projectKeys.plans(projectId), (list) =>
        putPlanInList(list, file),
      );
      putApartmentsInCache(queryClient, projectId, apartments);
    },
  });
}
