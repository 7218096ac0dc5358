/** Ordering lists by hand: drag-to-reorder and the move buttons (plans, sun-study files). */

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/**
 * Where an item dropped on row `index` lands: before it, or after it when dropped on its
 * lower half. Indices shift once the item leaves its own place.
 */
export function dropIndex(from: number, index: number, after: boolean): number {
  const to = after ? index + 1 : index;
  return from < to ? to - 1 : to;
}
