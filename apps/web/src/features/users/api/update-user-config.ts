import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type User, type UserConfigName, userResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { updateProfile } from '../../../lib/auth';
import { userKeys } from './query-keys';

export interface UpdateUserConfigInput {
  id: number;
  name: UserConfigName;
  value: '1' | '0';
}

export async function updateUserConfig({ id, name, value }: UpdateUserConfigInput): Promise<User> {
  const { user } = await api.post(`/admin/user/${id}/config`, userResponseSchema, { name, value });
  return user;
}

export function useUpdateUserConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserConfig,
    // A read of this user still in flight would land after the answer and put the old
    // setting back (the checkbox flicked back to unchecked once the save had succeeded).
    onMutate: ({ id }) => queryClient.cancelQueries({ queryKey: userKeys.detail(id) }),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      // Changing one's own account updates the stored profile (header name, statistic tab) at once.
      updateProfile(user);
      return queryClient.invalidateQueries({ queryKey: userKeys.list() });
    },
  });
}
