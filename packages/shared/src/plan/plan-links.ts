/**
 * Plan links (spec §2, §4): a site plan's building zones lead into each building's plan, a
 * building's zones into its floors. Following a link remembers where it came from, so the
 * way back retraces it (floor → building → site). The editor and the widget both keep
 * their place this way; plans are named by file name in links and kept by index or id here.
 */

/** The plans followed so far (oldest first) and the one shown. */
export interface PlanTrail<T> {
  current: T;
  previous: readonly T[];
}

export function startTrail<T>(current: T): PlanTrail<T> {
  return { current, previous: [] };
}

/** Shows `target`, remembering the plan it was reached from. */
export function followLink<T>(trail: PlanTrail<T>, target: T): PlanTrail<T> {
  if (target === trail.current) return trail;
  return { current: target, previous: [...trail.previous, trail.current] };
}

/** Back along the trail; the trail itself when there is nowhere to go back to. */
export function goBack<T>(trail: PlanTrail<T>): PlanTrail<T> {
  const previous = trail.previous[trail.previous.length - 1];
  if (previous === undefined) return trail;
  return { current: previous, previous: trail.previous.slice(0, -1) };
}

/** Shows `target` directly (a page button): a new trail starts there. */
export function jumpTo<T>(trail: PlanTrail<T>, target: T): PlanTrail<T> {
  return target === trail.current && trail.previous.length === 0 ? trail : startTrail(target);
}

/** The plan a "back" leads to, or undefined. */
export function backTarget<T>(trail: PlanTrail<T>): T | undefined {
  return trail.previous[trail.previous.length - 1];
}
