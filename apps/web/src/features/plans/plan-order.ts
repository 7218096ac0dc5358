/** Ordering plans in the SVG images tab (drag-to-reorder and the move buttons). */

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The sort_index writes that make the stored order match `ordered` (position = sort_index). */
export function sortIndexChanges(
  ordered: readonly { id: number; sort_index: number }[],
): { id: number; sort_index: number }[] {
  return ordered.flatMap((p, i) => (p.sort_index === i ? [] : [{ id: p.id, sort_index: i }]));
}
