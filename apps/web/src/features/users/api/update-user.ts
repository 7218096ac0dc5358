import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserUpdate } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { updateProfile } from '../../../lib/auth';
import { userKeys } from './query-keys';

export interface UpdateUserInput {
  id: number;
  /** The e-mail is sent unchanged; the server refuses a different one. Omit the password to keep it. */
  data: UserUpdate;
}

export async function updateUser({ id, data }: UpdateUserInput): Promise<User> {
  const { user } = await api.put<{ user: User }>(`/admin/user/${id}`, data);
  return user;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      // Changing one's own account updates the stored profile (header name, statistic tab) at once.
      updateProfile(user);
      return queryClient.invalidateQueries({ queryKey: userKeys.list() });
    },
  });
}
