import { describe, expect, it } from 'vitest';
import { moveItem, sortIndexChanges } from './plan-order';

describe('plan order', () => {
  it('moves an item to a new position', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 99)).toEqual(['a', 'c', 'b']);
  });

  it('writes sort_index only for plans whose position changed', () => {
    const ordered = [
      { id: 3, sort_index: 2 },
      { id: 1, sort_index: 1 },
      { id: 2, sort_index: 0 },
    ];
    expect(sortIndexChanges(ordered)).toEqual([
      { id: 3, sort_index: 0 },
      { id: 2, sort_index: 2 },
    ]);
  });
});
