import { useCallback, useMemo, useState } from 'react';
import type { Apartment } from '@planvy/shared';
import { placementQueue, skipApartment } from '../placement-queue';

export interface PlacementLoop {
  /** The loop is on: every new zone opens at the attach step with `next` chosen. */
  active: boolean;
  /** The loop ran out of apartments: it is over, and says so until closed. */
  done: boolean;
  /** The apartments still to place, the next first. */
  queue: readonly Apartment[];
  next: Apartment | undefined;
  start: () => void;
  stop: () => void;
  skip: () => void;
  /** An apartment (as the list holds it) was attached here: it leaves the queue at once. */
  placed: (apartment: Apartment) => void;
}

/** "Place the next apartment" (ADR 029): the queue, where it stands and what moves it on. */
export function usePlacementLoop(apartments: readonly Apartment[]): PlacementLoop {
  const [on, setOn] = useState(false);
  const [skipped, setSkipped] = useState<readonly number[]>([]);
  const [placed, setPlaced] = useState<ReadonlySet<Apartment>>(() => new Set());
  const queue = useMemo(() => placementQueue(apartments, skipped, placed), [apartments, skipped, placed]);
  const next = on ? queue[0] : undefined;

  // Each run starts in bostad order.
  const reset = useCallback((value: boolean) => {
    setOn(value);
    setSkipped([]);
  }, []);
  const nextId = next?.id;
  return {
    active: next !== undefined,
    done: on && next === undefined,
    queue,
    next,
    start: useCallback(() => reset(true), [reset]),
    stop: useCallback(() => reset(false), [reset]),
    skip: useCallback(() => {
      if (nextId !== undefined) setSkipped((list) => skipApartment(list, nextId));
    }, [nextId]),
    placed: useCallback((apartment: Apartment) => setPlaced((set) => new Set(set).add(apartment)), []),
  };
}
