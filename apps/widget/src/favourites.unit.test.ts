import { describe, expect, it } from 'vitest';
import { favouriteStore, favouritesKey, parseFavourites } from './favourites';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('parseFavourites', () => {
  it('reads a list of positive ids and drops anything else', () => {
    expect(parseFavourites('[3,1,3,"7",-2,1.5,0,99999999999]')).toEqual([3, 1]);
    expect(parseFavourites(null)).toEqual([]);
    expect(parseFavourites('{"not":"a list"')).toEqual([]);
    expect(parseFavourites('{"a":1}')).toEqual([]);
    expect(parseFavourites('"[1]"')).toEqual([]);
  });
});

describe('favouriteStore', () => {
  it('keeps ids per project and survives a new store (a reload)', () => {
    const storage = memoryStorage();
    const store = favouriteStore(storage, 5);
    expect([...store.read()]).toEqual([]);
    store.toggle(10);
    store.toggle(11);
    expect([...store.toggle(10)]).toEqual([11]);
    expect(storage.getItem(favouritesKey(5))).toBe('[11]');
    expect([...favouriteStore(storage, 5).read()]).toEqual([11]);
    expect([...favouriteStore(storage, 6).read()]).toEqual([]);
    store.toggle(11);
    expect(storage.getItem(favouritesKey(5))).toBeNull();
  });

  it('tolerates a foreign value and storage that throws or is missing', () => {
    const foreign = memoryStorage({ [favouritesKey(1)]: 'garbage' });
    expect([...favouriteStore(foreign, 1).toggle(4)]).toEqual([4]);

    const refusing = memoryStorage();
    refusing.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    refusing.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const store = favouriteStore(refusing, 1);
    expect([...store.read()]).toEqual([]);
    store.toggle(1);
    expect([...store.toggle(2)]).toEqual([1, 2]);

    const none = favouriteStore(null, 1);
    none.toggle(8);
    expect([...none.read()]).toEqual([8]);
  });
});
