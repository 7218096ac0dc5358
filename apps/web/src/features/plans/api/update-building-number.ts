import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BuildingNumber, buildingNumberResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

export interface UpdateBuildingNumberInput {
  id: number;
  label: string;
  /** JSON of the label's position on plans (LabelSvg); omitted to keep it. */
  label_svg?: string;
}

/**
 * PUT /building-numbers/{projectId}/{id}. Spec §7 has the legacy client send it
 * form-encoded; the server takes that and JSON alike, and the one API client speaks JSON.
 */
export async function updateBuildingNumber(
  projectId: number,
  { id, label, label_svg }: UpdateBuildingNumberInput,
): Promise<BuildingNumber> {
  const { building_number } = await api.put(
    `/building-numbers/${projectId}/${id}`,
    buildingNumberResponseSchema,
    label_svg === undefined ? { label } : { label, label_svg },
  );
  return building_number;
}

/**
 * Renames a building number or moves its label; the list shows the change at once and takes
 * the server's answer as it is (a label move reads nothing again, convention 19).
 */
export function useUpdateBuildingNumber(projectId: number) {
  const queryClient = useQueryClient();
  const key = projectKeys.buildingNumbers(projectId);
  return useMutation({
    mutationFn: (input: UpdateBuildingNumberInput) => updateBuildingNumber(projectId, input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<BuildingNumber[]>(key);
      queryClient.setQueryData<BuildingNumber[]>(key, (list) =>
        list?.map((b) =>
          b.id === input.id ? { ...b, label: input.label, label_svg: input.label_svg ?? b.label_svg } : b,
        ),
      );
      return { previous };
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<BuildingNumber[]>(key, (list) =>
        list?.map((b) => (b.id === saved.id ? saved : b)),
      ),
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
