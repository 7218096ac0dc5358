import { queryOptions, useQuery } from '@tanstack/react-query';
import { meResponseSchema, type Me } from '@planvy/shared';
import { api } from '../../../lib/api-client';

export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get('/user/me', meResponseSchema, { signal });
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getMe(signal),
  });
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMeQueryOptions(), enabled });
}
