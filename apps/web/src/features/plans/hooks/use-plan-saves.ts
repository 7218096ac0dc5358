import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanReport, ZoneEdit, ZoneLocator } from '@planvy/shared';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useEditZone } from '../api/edit-zone';
import { useSavePlan } from '../api/save-plan';

export interface ZoneEditRequest {
  zone: ZoneLocator;
  edit: ZoneEdit;
  /** Called with the zone's attributes as the server stored them (a link's new id). */
  onStored: (attributes: Record<string, string | null>) => void;
}

export interface PlanSaves {
  /** The version on screen (loaded, or what the last save returned); null while loading. */
  version: number | null;
  /** The drawing has changes not saved yet. */
  dirty: boolean;
  /** A save or zone edit is on its way. */
  busy: boolean;
  conflict: string | null;
  report: PlanReport | null;
  loaded: (version: number) => void;
  drawingChanged: () => void;
  /** Sends the whole drawing (shapes changed). */
  saveDrawing: () => void;
  /** Sends one zone edit (the drawing is unchanged): what changed, not the plan. */
  editZone: (request: ZoneEditRequest) => void;
  /** Throws the local copy away so the stored plan is shown again. */
  discard: () => void;
  closeReport: () => void;
}

/**
 * The plan's saves, one at a time and each with the version the previous one returned: a
 * zone edit sends only the zone (PATCH …/zone), a changed drawing the whole markup. A stale
 * version (someone else saved) stops the queue with the server's message and Reload.
 */
export function usePlanSaves(
  projectId: number,
  plan: { id: number; name: string },
  serialize: () => string | null,
  onDrawingSaved: () => void,
): PlanSaves {
  const { t } = useTranslation();
  const { mutateAsync: sendDrawing } = useSavePlan(projectId);
  const { mutateAsync: sendZoneEdit } = useEditZone(projectId);
  const [version, setVersion] = useState<number | null>(null);
  const versionRef = useRef<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState(0);
  const [conflict, setConflict] = useState<string | null>(null);
  const [report, setReport] = useState<PlanReport | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const stopped = useRef(false);

  const setSaved = (next: number) => {
    versionRef.current = next;
    setVersion(next);
  };

  /** Runs `job` after every job before it, with the version they left. */
  const enqueue = useCallback(
    (job: (version: number) => Promise<void>) => {
      setPending((n) => n + 1);
      queue.current = queue.current.then(async () => {
        try {
          const current = versionRef.current;
          if (current === null || stopped.current) return;
          await job(current);
        } catch (error) {
          if (isApiError(error) && error.status === 409) {
            stopped.current = true;
            setConflict(error.message);
          } else {
            // The change is on screen but not stored: keep it as an unsaved change.
            setDirty(true);
            toast.error(`${t('plans.viewer.saveFailed')}: ${errorMessage(error)}`);
          }
        } finally {
          setPending((n) => n - 1);
        }
      });
    },
    [t],
  );

  const saveDrawing = useCallback(() => {
    setDirty(true);
    enqueue(async (current) => {
      const svg = serialize();
      if (svg === null) return;
      const result = await sendDrawing({ name: plan.name, svg, version: current });
      setSaved(result.file.version);
      onDrawingSaved();
      setReport(result.report);
      setDirty(false);
      toast.success(t('plans.viewer.saved'));
    });
  }, [enqueue, serialize, sendDrawing, plan.name, onDrawingSaved, t]);

  const editZone = useCallback(
    (request: ZoneEditRequest) =>
      enqueue(async (current) => {
        const result = await sendZoneEdit({
          fileId: plan.id,
          version: current,
          zone: request.zone,
          edit: request.edit,
        });
        setSaved(result.file.version);
        request.onStored(result.zone.attributes);
        toast.success(t('plans.viewer.saved'));
      }),
    [enqueue, sendZoneEdit, plan.id, t],
  );

  return {
    version,
    dirty,
    busy: pending > 0,
    conflict,
    report,
    loaded: useCallback((next: number) => {
      stopped.current = false;
      setConflict(null);
      setDirty(false);
      setSaved(next);
    }, []),
    drawingChanged: useCallback(() => setDirty(true), []),
    saveDrawing,
    editZone,
    discard: useCallback(() => {
      setConflict(null);
      setDirty(false);
      versionRef.current = null;
      setVersion(null);
    }, []),
    closeReport: useCallback(() => setReport(null), []),
  };
}
