import { noContentSchema } from '@planvy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { peopleKeys } from '../../../lib/query-keys';
import { userKeys } from './query-keys';

/** DELETE /admin/user/{id}: every session of the user ends with it. */
export async function deleteUser(id: number): Promise<void> {
  await api.delete(`/admin/user/${id}`, noContentSchema);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id), exact: true });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.list() }),
        // A deleted client or broker leaves the project forms' lists.
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      ]);
    },
  });
}
