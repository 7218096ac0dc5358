import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@planvy/shared';
import { api } from '../../../lib/api-client';

export interface Me {
  profile: User;
  /** The admin's id when this session is an admin signed in as the user. */
  impersonator_id: number | null;
}

export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/user/me', { signal });
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
