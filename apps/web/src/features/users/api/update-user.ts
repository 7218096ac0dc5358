import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type User, type UserUpdate, userUpdateResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { renewToken, updateProfile } from '../../../lib/auth';
import { peopleKeys } from '../../../lib/query-keys';
import { userKeys } from './query-keys';

export interface UpdateUserInput {
  id: number;
  /** The e-mail is sent unchanged; the server refuses a different one. Omit the password to keep it. */
  data: UserUpdate;
}

/**
 * A new password or role ends every session of the user; when that is the signed-in admin, the
 * answer carries a fresh token for this session.
 */
export async function updateUser({ id, data }: UpdateUserInput): Promise<User> {
  const { user, token } = await api.put(`/admin/user/${id}`, userUpdateResponseSchema, data);
  if (token) renewToken(token);
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
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.list() }),
        // A changed name or role changes the project forms' lists.
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      ]);
    },
  });
}
