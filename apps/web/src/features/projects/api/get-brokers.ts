import { queryOptions, useQuery } from '@tanstack/react-query';
import { type User, brokersResponseSchema } from '@planvy/shared';
import { apiV2 } from '../../../lib/api-client';
import { peopleKeys } from '../../../lib/query-keys';

/** v2 GET /users/brokers; spec §6: loaded only for admins. */
export async function getBrokers(signal?: AbortSignal): Promise<User[]> {
  const { brokers } = await apiV2.get('/users/brokers', brokersResponseSchema, { signal });
  return brokers;
}

export function getBrokersQueryOptions() {
  return queryOptions({ queryKey: peopleKeys.brokers(), queryFn: ({ signal }) => getBrokers(signal) });
}

export function useBrokers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getBrokersQueryOptions(), enabled });
}
