import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type StyleTriple, projectStylesSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { styleKeys } from './query-keys';

/**
 * POST /admin/scss/{projectId} {scss: ["name:value", …]}: replaces the project's set. The answer
 * (the stored triples) becomes the cached copy; nothing is fetched again.
 */
export async function saveProjectStyles(projectId: number, scss: string[]): Promise<StyleTriple[]> {
  const res = await roleApi().post(`/scss/${projectId}`, projectStylesSchema, { scss });
  return res.scss;
}

/**
 * The public view may be kept a few seconds by browsers (ADR 004), and the editor's preview
 * frame has just put the old one in this browser's cache. Fetching it once past the cache
 * replaces that copy, so the widget opened next in this browser shows the saved styles. The
 * request is the widget's own (public, no token), not an API call; a failure only leaves the
 * old copy to expire.
 */
export async function refreshBrowserCachedView(projectId: number): Promise<void> {
  try {
    await fetch(`/api/v1/public/view/${projectId}`, { cache: 'reload' });
  } catch {
    // Nothing to do: the cached copy expires within seconds anyway.
  }
}

export function useSaveProjectStyles(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scss: string[]) => saveProjectStyles(projectId, scss),
    onSuccess: async (stored) => {
      queryClient.setQueryData(styleKeys.project(projectId), stored);
      await refreshBrowserCachedView(projectId);
    },
  });
}
