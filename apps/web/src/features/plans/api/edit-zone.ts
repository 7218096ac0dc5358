import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type PlanSummary,
  type ZoneEditBody,
  type ZoneEditResult,
  zoneEditResultSchema,
} from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { putApartmentsInCache } from '../../../lib/apartments-cache';
import { projectKeys } from '../../../lib/query-keys';
import { putPlanInList } from './get-plans';

export interface EditZoneInput extends ZoneEditBody {
  fileId: number;
}

/**
 * PATCH /{role}/plans/{projectId}/{fileId}/zone: attach, link, detach or unlink one zone.
 * Sends the zone's place and the edit, never the plan; answers with the plan's new version,
 * the zone as stored and the apartments whose file_name moved.
 */
export async function editZone(
  projectId: number,
  { fileId, ...body }: EditZoneInput,
): Promise<ZoneEditResult> {
  return roleApi().patch(`/plans/${projectId}/${fileId}/zone`, zoneEditResultSchema, body);
}

/** Updates the cached plan list and apartments from the answer; nothing is read again. */
export function useEditZone(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditZoneInput) => editZone(projectId, input),
    onSuccess: ({ file, apartments }) => {
      queryClient.setQueryData<PlanSummary[]>(projectKeys.plans(projectId), (list) =>
        putPlanInList(list, file),
      );
      putApartmentsInCache(queryClient, projectId, apartments);
    },
  });
}
