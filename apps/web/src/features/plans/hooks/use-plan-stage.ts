import { useEffect, useLayoutEffect, useRef } from 'react';
import { PlanStage, type StageCallbacks } from '../editor/plan-stage';

/**
 * Creates the stage once on the host element and keeps its callbacks current: the stage
 * calls them at event time, and they always see the latest render's props and state.
 */
export function usePlanStage(callbacks: StageCallbacks) {
  const hostRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<PlanStage | null>(null);
  const current = useRef(callbacks);
  useLayoutEffect(() => {
    current.current = callbacks;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const stage = new PlanStage(host, {
      onZoneActivate: (el) => current.current.onZoneActivate(el),
      onShapeEdited: () => current.current.onShapeEdited(),
      onEditSelection: (s) => current.current.onEditSelection(s),
      onLabelChanged: (id, g) => current.current.onLabelChanged(id, g),
      onDraftChange: (n) => current.current.onDraftChange(n),
      onOfferShape: (el) => current.current.onOfferShape(el),
      describeZone: (el) => current.current.describeZone(el),
    });
    stageRef.current = stage;
    return () => {
      stage.dispose();
      stageRef.current = null;
    };
  }, []);

  return { hostRef, stageRef, callbacks: current };
}
