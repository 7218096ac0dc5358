/**
 * A release's life (ADR 040), zod-free: API, back-office and widget read it. The states follow
 * the release's times through the outbox timer, and each step is also a button for the sales
 * lead. A first-come release has no wishes and no allocation: from scheduled it goes public,
 * where buyers take short checkout holds.
 */
import type { ReleaseMode } from './allocation';

export const RELEASE_STATES = [
  'draft',
  'scheduled',
  'wishes_open',
  'wishes_closed',
  'allocated',
  'offers_out',
  'public',
  'closed',
] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

/** The states a release of this mode passes through, in order. */
export function releasePath(mode: ReleaseMode): readonly ReleaseState[] {
  return mode === 'first_come'
    ? ['draft', 'scheduled', 'public', 'closed']
    : ['draft', 'scheduled', 'wishes_open', 'wishes_closed', 'allocated', 'offers_out', 'public', 'closed'];
}

/** The state after `state` for this mode, or null at the end. */
export function nextReleaseState(mode: ReleaseMode, state: ReleaseState): ReleaseState | null {
  const path = releasePath(mode);
  const at = path.indexOf(state);
  return at >= 0 && at < path.length - 1 ? path[at + 1]! : null;
}

/** The times a release's timer follows. */
export interface ReleaseTimes {
  wishes_open_at: string | null;
  wishes_close_at: string | null;
  public_at: string | null;
  closes_at: string | null;
}

/**
 * The time at which the timer takes a release out of `state`, or null where only a person may
 * (draft: the client schedules; wishes closed → allocated: the run; allocated → offers out: the
 * client's approval). The timer never moves a paused release.
 */
export function releaseStepDueAt(mode: ReleaseMode, state: ReleaseState, times: ReleaseTimes): string | null {
  switch (state) {
    case 'scheduled':
      return mode === 'first_come' ? times.public_at : times.wishes_open_at;
    case 'wishes_open':
      return times.wishes_close_at;
    case 'offers_out':
      return times.public_at;
    case 'public':
      return times.closes_at;
    default:
      return null;
  }
}

/** While buyers may add, reorder and remove wishes. */
export const acceptsWishes = (state: ReleaseState) => state === 'wishes_open';

/** Whether the release's homes are on open sale (first come included). */
export const isReleasePublic = (state: ReleaseState) => state === 'public';

export const RELEASE_LIMITS = {
  name: 120,
  tiers: 5,
  offerHours: { min: 1, max: 336, default: 48 },
  checkoutMinutes: { min: 10, max: 15, default: 15 },
  rulesText: 5000,
} as const;
