import { importResultSchema } from '@planvy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

export interface ImportApartmentsInput {
  projectId: number;
  /** The file's bytes, base64-encoded, so UTF-16 (our export) and UTF-8 files both arrive intact. */
  csvBase64: string;
  /** false: preview only, nothing is written. */
  apply: boolean;
  /** Create the building numbers rows name that the project lacks (else those rows are refused). */
  createBuildingNumbers?: boolean;
}

/** POST /{role}/apartments/{projectId}/import?apply=0|1 (admins). */
export function importApartments({
  projectId,
  csvBase64,
  apply,
  createBuildingNumbers = false,
}: ImportApartmentsInput) {
  return roleApi().post(
    `/apartments/${projectId}/import`,
    importResultSchema,
    { csv_base64: csvBase64, create_building_numbers: createBuildingNumbers },
    { query: { apply: apply ? '1' : '0' } },
  );
}

/**
 * A preview writes nothing; an applied import invalidates the apartments, and the building
 * numbers when it created some.
 */
export function useImportApartments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importApartments,
    onSuccess: async (result, input) => {
      if (!result.applied) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.apartments(input.projectId) }),
        result.created_building_numbers.length > 0 &&
          queryClient.invalidateQueries({ queryKey: projectKeys.buildingNumbers(input.projectId) }),
      ]);
    },
  });
}
