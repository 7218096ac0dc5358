import { admin } from '../../../test/session';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Apartment, BuildingNumber, PlanSummary } from '@planvy/shared';
import { login } from '../../../lib/auth';
import { projectKeys } from '../../../lib/query-keys';
import { useCreateBuildingNumber } from './create-building-number';
import { useDeleteBuildingNumber } from './delete-building-number';
import { getBuildingNumbersQueryOptions } from './get-building-numbers';

const building = (id: number, label: string): BuildingNumber => ({ id, project_id: 4, label, label_svg: '' });

/** Every request the app sends, and the server's answers to the writes. */
let requests: string[];
beforeEach(() => {
  requests = [];
  login({ token: 'token-1', user: admin });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push(`${method} ${url}`);
    if (method === 'POST') return Response.json({ building_number: building(7, 'B') }, { status: 201 });
    if (method === 'DELETE') return new Response(null, { status: 204 });
    // A read (none is expected).
    return Response.json({ building_numbers: [building(1, 'A'), building(3, 'C')] });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(projectKeys.buildingNumbers(4), [building(1, 'A'), building(3, 'C')]);
  queryClient.setQueryData<Partial<PlanSummary>[]>(projectKeys.plans(4), [
    { id: 5, buildings: '1,3' },
    { id: 6, buildings: '3' },
  ]);
  queryClient.setQueryData<Partial<Apartment>[]>(projectKeys.apartments(4), [
    { id: 10, building_number_id: 3 },
    { id: 11, building_number_id: 1 },
  ]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  // The list is on screen (an observer), so invalidating it would read it again at once.
  const hook = renderHook(
    () => ({
      list: useQuery({ ...getBuildingNumbersQueryOptions(4), staleTime: Infinity }),
      create: useCreateBuildingNumber(4),
      remove: useDeleteBuildingNumber(4),
    }),
    { wrapper },
  );
  return { queryClient, hook };
}

describe('building number writes', () => {
  it('put a created building number into the cached list in order, reading nothing again', async () => {
    const { hook } = setup();
    await act(() => hook.result.current.create.mutateAsync('B'));
    await waitFor(() => expect(hook.result.current.list.data?.map((b) => b.label)).toEqual(['A', 'B', 'C']));
    expect(requests).toEqual(['POST /api/v1/building-numbers/4']);
  });

  it('drop a deleted building number from the list, its plans and its apartments, reading nothing again', async () => {
    const { hook, queryClient } = setup();
    await act(() => hook.result.current.remove.mutateAsync(3));
    await waitFor(() => expect(hook.result.current.list.data?.map((b) => b.id)).toEqual([1]));
    expect(queryClient.getQueryData<PlanSummary[]>(projectKeys.plans(4))?.map((p) => p.buildings)).toEqual([
      '1',
      '',
    ]);
    expect(
      queryClient.getQueryData<Apartment[]>(projectKeys.apartments(4))?.map((a) => a.building_number_id),
    ).toEqual([null, 1]);
    expect(requests).toEqual(['DELETE /api/v1/building-numbers/4/3']);
  });
});
