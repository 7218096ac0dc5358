import type { QueryClient } from '@tanstack/react-query';
import type { Apartment, BuildingNumber, PlanSummary } from '@planvy/shared';
import { projectKeys } from '../../../lib/query-keys';

/**
 * The cached copies a building number write changes, updated from the write's answer instead
 * of reading the lists again (convention 19). Each update is a function of the list as it is
 * when it runs, so writes that overlap (two admins, or two quick clicks) compose, and a read
 * of the list still on its way is cancelled first: it was asked before this write and would
 * put the old list back.
 */

/** The server's order: by label, then id. */
const byLabel = (a: BuildingNumber, b: BuildingNumber) =>
  a.label < b.label ? -1 : a.label > b.label ? 1 : a.id - b.id;

/** The list with a building number the server created (or answered with) in its place. */
export function withBuildingNumber(
  list: BuildingNumber[] | undefined,
  saved: BuildingNumber,
): BuildingNumber[] | undefined {
  if (!list) return list;
  return [...list.filter((b) => b.id !== saved.id), saved].sort(byLabel);
}

/** A plan's `buildings` (comma-separated ids) without one building number. */
export function withoutBuilding(plan: PlanSummary, id: number): PlanSummary {
  const ids = plan.buildings.split(',').filter((v) => v !== '' && Number(v) !== id);
  const buildings = ids.join(',');
  return buildings === plan.buildings ? plan : { ...plan, buildings };
}

export async function putCreatedBuildingNumber(
  queryClient: QueryClient,
  projectId: number,
  created: BuildingNumber,
): Promise<void> {
  const key = projectKeys.buildingNumbers(projectId);
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<BuildingNumber[]>(key, (list) => withBuildingNumber(list, created));
}

/**
 * A deleted building number leaves the list, every plan it was attached to, and every
 * apartment that had it (the database sets theirs to null).
 */
export async function dropDeletedBuildingNumber(
  queryClient: QueryClient,
  projectId: number,
  id: number,
): Promise<void> {
  const keys = {
    list: projectKeys.buildingNumbers(projectId),
    plans: projectKeys.plans(projectId),
    apartments: projectKeys.apartments(projectId),
  };
  await Promise.all(Object.values(keys).map((queryKey) => queryClient.cancelQueries({ queryKey })));
  queryClient.setQueryData<BuildingNumber[]>(keys.list, (list) => list?.filter((b) => b.id !== id));
  queryClient.setQueryData<PlanSummary[]>(keys.plans, (plans) => plans?.map((p) => withoutBuilding(p, id)));
  queryClient.setQueryData<Apartment[]>(keys.apartments, (apartments) =>
    apartments?.map((a) => (a.building_number_id === id ? { ...a, building_number_id: null } : a)),
  );
}
