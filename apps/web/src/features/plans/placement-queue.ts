import { compareApartments, isOnNoPlan } from '@planvy/shared';

/** What the queue needs of an apartment. */
export interface Placeable {
  id: number;
  bostad: string;
  status: string;
  file_name: string;
}

const byBostad = compareApartments('bostad', false);

/**
 * "Place the next apartment" (ADR 029): the apartments on no plan yet, in natural bostad order,
 * then those skipped in the order they were skipped. `placed` are apartments attached here, as the
 * list held them: left out until the list has caught up with the save (it then holds a new copy,
 * on a plan; one detached later is back in the queue).
 */
export function placementQueue<A extends Placeable>(
  apartments: readonly A[],
  skipped: readonly number[],
  placed: ReadonlySet<A>,
): A[] {
  const waiting = apartments.filter((a) => isOnNoPlan(a) && !placed.has(a));
  const skipRank = new Map(skipped.map((id, i) => [id, i]));
  const fresh = waiting.filter((a) => !skipRank.has(a.id)).sort(byBostad);
  const later = waiting
    .filter((a) => skipRank.has(a.id))
    .sort((a, b) => skipRank.get(a.id)! - skipRank.get(b.id)!);
  return [...fresh, ...later];
}

/** The skip list after skipping `id`: it goes to the end of the queue. */
export function skipApartment(skipped: readonly number[], id: number): number[] {
  return [...skipped.filter((s) => s !== id), id];
}
