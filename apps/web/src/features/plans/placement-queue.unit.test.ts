import { describe, expect, it } from 'vitest';
import { placementQueue, skipApartment, type Placeable } from './placement-queue';

const apartment = (id: number, bostad: string, file_name = ''): Placeable => ({
  id,
  bostad,
  status: 'sale',
  file_name,
});

const bostads = (queue: readonly Placeable[]) => queue.map((a) => a.bostad);

describe('the queue of apartments to place', () => {
  const list = [
    apartment(1, 'A10'),
    apartment(2, 'A2'),
    apartment(3, 'A1', 'plan.svg'),
    apartment(4, 'A3', ' , '),
    apartment(5, 'B1'),
  ];

  it('holds the apartments on no plan, in natural bostad order', () => {
    expect(bostads(placementQueue(list, [], new Set()))).toEqual(['A2', 'A3', 'A10', 'B1']);
  });

  it('leaves out those just placed until the list knows their plan, and takes back one detached later', () => {
    const placed = new Set([list[1]!]);
    expect(bostads(placementQueue(list, [], placed))).toEqual(['A3', 'A10', 'B1']);
    // The list's new copy of the apartment (after a save, then a detach) is queued again.
    const again = list.map((a) => (a.id === 2 ? { ...a } : a));
    expect(bostads(placementQueue(again, [], placed))).toEqual(['A2', 'A3', 'A10', 'B1']);
  });

  it('puts a skipped apartment last, and skipping again moves the next one behind it', () => {
    let skipped = skipApartment([], 2);
    expect(bostads(placementQueue(list, skipped, new Set()))).toEqual(['A3', 'A10', 'B1', 'A2']);
    skipped = skipApartment(skipped, 4);
    expect(bostads(placementQueue(list, skipped, new Set()))).toEqual(['A10', 'B1', 'A2', 'A3']);
    // Skipping round the whole queue comes back to the start.
    for (const id of [1, 5]) skipped = skipApartment(skipped, id);
    expect(bostads(placementQueue(list, skipped, new Set()))).toEqual(['A2', 'A3', 'A10', 'B1']);
    skipped = skipApartment(skipped, 2);
    expect(bostads(placementQueue(list, skipped, new Set()))).toEqual(['A3', 'A10', 'B1', 'A2']);
  });

  it('drops a skipped apartment once it is on a plan', () => {
    const moved = list.map((a) => (a.id === 2 ? { ...a, file_name: 'plan.svg' } : a));
    expect(bostads(placementQueue(moved, [2], new Set()))).toEqual(['A3', 'A10', 'B1']);
  });
});
