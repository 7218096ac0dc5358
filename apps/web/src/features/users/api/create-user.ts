import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type User, type UserCreate, userResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { peopleKeys } from '../../../lib/query-keys';
import { userKeys } from './query-keys';

export type CreateUserInput = UserCreate;

export async function createUser(input: CreateUserInput): Promise<User> {
  const { user } = await api.post('/admin/user', userResponseSchema, input);
  return user;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.list() }),
        // A new client or broker is offered by the project forms at once.
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      ]);
    },
  });
}
