/**
 * Favourites, kept on this device only: a JSON list of apartment ids in localStorage, one
 * key per project. No cookie and no request: the server never learns them. Storage may be
 * missing or refuse (Safari's private mode, a sandboxed frame, a full quota) and the value
 * may be anything another script wrote; then the favourites live for this page only.
 */
import { isId } from '@planvy/shared/parse-id';

/** More than any project has; a bound on what a foreign value can make us hold. */
const MAX_FAVOURITES = 5000;

export function favouritesKey(projectId: number): string {
  return `planvy:favourites:${projectId}`;
}

/** The ids in a stored value; anything unreadable counts as none. */
export function parseFavourites(raw: string | null): number[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids = new Set<number>();
  for (const v of value) {
    if (isId(v)) ids.add(v);
    if (ids.size >= MAX_FAVOURITES) break;
  }
  return [...ids];
}

/** The page's localStorage, or null where touching it throws (sandboxed frames, blocked storage). */
export function deviceStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

export interface FavouriteStore {
  /** In the order added (a wish list's order is its ranking). */
  read(): ReadonlySet<number>;
  /** Adds or removes one id and returns the new set (a new object, for rendering). */
  toggle(id: number): ReadonlySet<number>;
  /** Replaces the whole list, in this order. */
  write(ids: readonly number[]): ReadonlySet<number>;
}

/**
 * The favourites of a project; with another `key`, any list of ids kept the same way (the
 * ranked wish list of a release, ADR 041: `wishesKey`).
 */
export function favouriteStore(
  storage: Storage | null,
  projectId: number,
  key = favouritesKey(projectId),
): FavouriteStore {
  let ids: ReadonlySet<number> | null = null;
  /** Set once the storage refused a write: from then on the page's copy is the truth. */
  let memoryOnly = storage === null;
  const load = (): ReadonlySet<number> => {
    let raw: string | null = null;
    try {
      raw = storage?.getItem(key) ?? null;
    } catch {
      // unreadable: start empty
    }
    return new Set(parseFavourites(raw));
  };
  const save = (next: Set<number>) => {
    ids = next;
    try {
      if (next.size === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify([...next]));
    } catch {
      memoryOnly = true; // quota or private mode: kept for this page only
    }
    return next;
  };
  return {
    read: () => (ids ??= load()),
    toggle(id) {
      // Another tab may have changed the list since: start from what is stored now.
      const next = new Set(memoryOnly ? (ids ?? []) : load());
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return save(next);
    },
    write: (list) => save(new Set(list)),
  };
}

/** Where a release's ranked wish list is kept on this device (ADR 041). */
export const wishesKey = (projectId: number, releaseId: number) => `planvy:wishes:${projectId}:${releaseId}`;
