import { queryOptions, useQuery } from '@tanstack/react-query';
import { type User, userResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { userKeys } from './query-keys';

export async function getUser(id: number, signal?: AbortSignal): Promise<User> {
  const { user } = await api.get(`/admin/user/${id}`, userResponseSchema, { signal });
  return user;
}

export function getUserQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

export function useUser(id: number) {
  return useQuery(getUserQueryOptions(id));
}
