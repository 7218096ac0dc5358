import { queryOptions, useQuery } from '@tanstack/react-query';
import { type User, usersResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { userKeys } from './query-keys';

export async function getUsers(signal?: AbortSignal): Promise<User[]> {
  const { users } = await api.get('/admin/users', usersResponseSchema, { signal });
  return users;
}

export function getUsersQueryOptions() {
  return queryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => getUsers(signal),
  });
}

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
