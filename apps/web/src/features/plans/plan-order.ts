/** Ordering plans in the SVG images tab; moving items is lib/list-order.ts. */

/** The sort_index writes that make the stored order match `ordered` (position = sort_index). */
export function sortIndexChanges(
  ordered: readonly { id: number; sort_index: number }[],
): { id: number; sort_index: number }[] {
  return ordered.flatMap((p, i) => (p.sort_index === i ? [] : [{ id: p.id, sort_index: i }]));
}
