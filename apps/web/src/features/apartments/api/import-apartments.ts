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
}

/** POST /{role}/apartments/{projectId}/import?apply=0|1 (admins). */
export function importApartments({ projectId, csvBase64, apply }: ImportApartmentsInput) {
  return roleApi().post(
    `/apartments/${projectId}/import`,
    importResultSchema,
    { csv_base64: csvBase64 },
    { query: { apply: apply ? '1' : '0' } },
  );
}

/** A preview writes nothing; only an applied import invalidates the apartments. */
export function useImportApartments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importApartments,
    onSuccess: (result, input) =>
      result.applied
        ? queryClient.invalidateQueries({ queryKey: projectKeys.apartments(input.projectId) })
        : undefined,
  });
}
