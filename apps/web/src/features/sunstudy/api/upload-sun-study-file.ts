import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SunStudyFile, sunStudyUploadSchema, sunStudyWriteSchema } from '@planvy/shared';
import { api, apiV2 } from '../../../lib/api-client';
import { sunStudyKeys } from './query-keys';

export interface UploadSunStudyFileInput {
  projectId: number;
  file: File;
  label: string;
  /** Share of the bytes sent, 0–1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The spec's two calls: POST /admin/sunstudy/{projectId} (multipart, with progress) stores
 * the file and its resized copies, then v2 POST /sunstudy/file adds it at the end of the list.
 */
export async function uploadSunStudyFile({
  projectId,
  file,
  label,
  onProgress,
  signal,
}: UploadSunStudyFileInput): Promise<{ file: SunStudyFile; files: SunStudyFile[] }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const { data } = await api.upload(`/admin/sunstudy/${projectId}`, sunStudyUploadSchema, body, {
    signal,
    onProgress: (loaded, total) => onProgress?.(total > 0 ? loaded / total : 0),
  });
  return apiV2.post(
    '/sunstudy/file',
    sunStudyWriteSchema,
    { projectId, label, fileName: data.file.fileName, filePath: data.file.filePath },
    { signal },
  );
}

export function useUploadSunStudyFile(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<UploadSunStudyFileInput, 'projectId'>) =>
      uploadSunStudyFile({ ...input, projectId }),
    // The answer is the whole list in its new order.
    onSuccess: ({ files }) => queryClient.setQueryData(sunStudyKeys.list(projectId), files),
  });
}
