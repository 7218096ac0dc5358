import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Theme, noContentSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { styleKeys } from './query-keys';

/** DELETE /admin/styles/{id}. Projects keep their styles. */
export async function deleteTheme(id: number): Promise<void> {
  await roleApi().delete(`/styles/${id}`, noContentSchema);
}

export function useDeleteTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTheme,
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData<Theme[]>(styleKeys.themes(), (list = []) => list.filter((t) => t.id !== id)),
  });
}
