import { describe, expect, it } from 'vitest';
import { dropIndex, moveItem } from './list-order';

describe('list order', () => {
  it('moves an item to a new position', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 99)).toEqual(['a', 'c', 'b']);
  });

  it('drops before a row, or after it on its lower half', () => {
    // a b c d: dragging d (3) onto the top half of a (0) puts it first.
    expect(dropIndex(3, 0, false)).toBe(0);
    // dragging a (0) onto the lower half of c (2) puts it after c.
    expect(dropIndex(0, 2, true)).toBe(2);
    // dragging a onto the top half of c puts it before c.
    expect(dropIndex(0, 2, false)).toBe(1);
    expect(dropIndex(1, 1, true)).toBe(1);
  });
});
