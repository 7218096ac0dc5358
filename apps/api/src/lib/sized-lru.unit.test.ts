import { describe, expect, it } from 'vitest';
import { SizedLru } from './sized-lru';

describe('SizedLru', () => {
  it('drops the least recently used past its size or its count, and keeps nothing larger than the bound', () => {
    const lru = new SizedLru<string>({ maxSize: 10, maxEntries: 3 });
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    expect(lru.get('a')).toBe('A');
    lru.set('c', 'C', 4); // 12 > 10: b, the least recently used, goes
    expect([lru.has('a'), lru.has('b'), lru.has('c')]).toEqual([true, false, true]);
    lru.set('d', 'D', 1);
    lru.set('e', 'E', 1); // four entries > 3: a goes
    expect(lru.has('a')).toBe(false);
    expect(lru.size).toEqual({ entries: 3, total: 6 });
    lru.set('c', 'C2', 2); // replacing counts the new size only
    expect(lru.size).toEqual({ entries: 3, total: 4 });
    lru.set('huge', 'H', 11);
    expect(lru.has('huge')).toBe(false);
    expect(lru.size).toEqual({ entries: 3, total: 4 });
  });
});
