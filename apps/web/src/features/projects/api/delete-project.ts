import { noContentSchema } from '@planvy/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

/** DELETE /admin/project/{id}: the project and everything in it. */
export async function deleteProject(id: number): Promise<void> {
  await api.delete(`/admin/project/${id}`, noContentSchema);
}

/**
 * Drops everything cached about a deleted project. Call it once its page is gone: removing a
 * query that is still on screen would make it fetch again (and show a 404).
 */
export function forgetProject(queryClient: QueryClient, id: number): void {
  for (const key of [
    projectKeys.detail(id),
    projectKeys.settings(id),
    projectKeys.code(id),
    projectKeys.apartments(id),
    projectKeys.plans(id),
    projectKeys.images(id),
    projectKeys.buildingNumbers(id),
  ]) {
    queryClient.removeQueries({ queryKey: key, exact: true });
  }
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
  });
}
