import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanFile } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

export interface AttachBuildingsInput {
  fileId: number;
  /** Every building number id the plan shows afterwards. */
  buildings: number[];
}

/** POST /{role}/svg/buildings/{fileId}: sets the building numbers shown on a plan (admins). */
export async function attachBuildings({ fileId, buildings }: AttachBuildingsInput): Promise<PlanFile> {
  const { file } = await roleApi().post<{ file: PlanFile }>(`/svg/buildings/${fileId}`, {
    buildings: buildings.join(','),
  });
  return file;
}

export function useAttachBuildings(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachBuildings,
    onSuccess: (file) => {
      queryClient.setQueryData<PlanFile[]>(projectKeys.plans(projectId), (plans) =>
        plans?.map((p) => (p.id === file.id ? { ...p, buildings: file.buildings } : p)),
      );
      return queryClient.invalidateQueries({ queryKey: projectKeys.plans(projectId) });
    },
  });
}
