import { describe, expect, it } from 'vitest';
import { sortIndexChanges } from './plan-order';

describe('plan order', () => {
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
