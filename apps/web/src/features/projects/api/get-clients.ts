import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ClientEntry, clientsResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { peopleKeys } from '../../../lib/query-keys';

/** The users a project can belong to (spec §3 "Client list entry"); admins only. */
export async function getClients(signal?: AbortSignal): Promise<ClientEntry[]> {
  const { clients } = await api.get('/admin/clients', clientsResponseSchema, { signal });
  return clients;
}

export function getClientsQueryOptions() {
  return queryOptions({ queryKey: peopleKeys.clients(), queryFn: ({ signal }) => getClients(signal) });
}

export function useClients({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getClientsQueryOptions(), enabled });
}
