import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadResponseSchema, type UploadResponse } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

export interface UploadPlanFileInput {
  projectId: number;
  file: File;
  /** Share of the bytes sent, 0–1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export type UploadPlanFileResult = UploadResponse;

/** POST /{role}/file/{projectId} (multipart field "file"): a plan (.svg) or background image. */
export async function uploadPlanFile({
  projectId,
  file,
  onProgress,
  signal,
}: UploadPlanFileInput): Promise<UploadPlanFileResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  const { data } = await roleApi().upload(`/file/${projectId}`, uploadResponseSchema, body, {
    signal,
    onProgress: (loaded, total) => onProgress?.(total > 0 ? loaded / total : 0),
  });
  return data;
}

export function useUploadPlanFile(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<UploadPlanFileInput, 'projectId'>) => uploadPlanFile({ ...input, projectId }),
    onSuccess: ({ file }) =>
      // A plan's zones set apartments' file_name on the server, in the same transaction.
      Promise.all(
        file.kind === 'svg'
          ? [
              queryClient.invalidateQueries({ queryKey: projectKeys.plans(projectId) }),
              queryClient.invalidateQueries({ queryKey: projectKeys.apartments(projectId) }),
            ]
          : [queryClient.invalidateQueries({ queryKey: projectKeys.images(projectId) })],
      ),
  });
}
