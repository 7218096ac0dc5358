import { useCan } from '../../../hooks/use-can';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, LoadingOverlay, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  apartmentZone,
  buildingLabelText,
  detachedZone,
  fileNames,
  linkZone,
  parseLabelSvg,
  projectFileUrl,
  unlinkedZone,
  type Apartment,
  type BuildingNumber,
  type PlanSummary,
  type Project,
  type ProjectSettings,
  type ZoneChanges,
  type ZoneEdit,
} from '@planvy/shared';
import { logger } from '../../../lib/logger';
import { projectKeys } from '../../../lib/query-keys';
import { useBuildingNumbers } from '../api/get-building-numbers';
import { usePlanMarkup } from '../api/get-plan-markup';
import { useUpdateBuildingNumber } from '../api/update-building-number';
import type { AutopilotProposal, AutopilotResult } from '@planvy/shared/plan/autopilot';
import type { EditSelection, StageLabel, StageTool } from '../editor/plan-stage';
import type { ZoneContext } from '../editor/zone-markup';
import { usePlanSaves } from '../hooks/use-plan-saves';
import type { PlacementLoop } from '../hooks/use-placement-loop';
import { usePlanStage } from '../hooks/use-plan-stage';
import { useZonePopup } from '../hooks/use-zone-popup';
import { attachedIds, BuildingTags } from './building-tags';
import { AutopilotReview } from './autopilot-review';
import { confirmOverPlan } from './confirm-over-plan';
import { PlanReportAlert } from './plan-report-alert';
import { PlanSaveAlerts } from './plan-save-alerts';
import { PlacementBar } from './placement-bar';
import { PlanToolbar, ToolHint, type ZoneOption } from './plan-toolbar';
import type { ApartmentFormSlot, PlanShading } from '../types';
import classes from './plan-viewer.module.css';
import { StatusLegend } from './status-legend';
import { ZonePopup } from './zone-popup';

export interface PlanWorkspaceProps {
  project: Project;
  settings: ProjectSettings;
  apartments: Apartment[];
  plan: PlanSummary;
  plans: PlanSummary[];
  renderApartmentForm: (slot: ApartmentFormSlot) => ReactNode;
  /** Shades apartment zones by another measure (clicks) instead of their status. */
  shading: PlanShading | null;
  onFollowLink: (planName: string) => void;
  onDirtyChange: (dirty: boolean) => void;
  /** "Find on plan" chose an apartment that is drawn on another plan (by the plan's file name). */
  onFindElsewhere: (planName: string, apartmentId: number) => void;
  /** An apartment to open once this plan is loaded (found from another plan), then `onRevealed`. */
  revealApartment: number | null;
  onRevealed: () => void;
  /** The "place the next apartment" loop (ADR 029); the viewer holds it, so it outlives a switch of plans. */
  loop: PlacementLoop;
}

const NO_BUILDINGS: BuildingNumber[] = [];

/**
 * One plan on screen: the stage (viewer and, for admins, zone editor), its tools, building
 * numbers, the zone popup and saving. The plan's markup never passes through React: the
 * stage inserts it once per version and every later change is imperative. A zone edit sends
 * only that zone; the whole drawing is sent only when shapes changed.
 */
export function PlanWorkspace({
  project,
  settings,
  apartments,
  plan,
  plans,
  renderApartmentForm,
  shading,
  onFollowLink,
  onDirtyChange,
  onFindElsewhere,
  revealApartment,
  onRevealed,
  loop,
}: PlanWorkspaceProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'sv';
  const queryClient = useQueryClient();
  const [parseError, setParseError] = useState(false);
  // A plan opened while the loop runs opens with the pick tool, ready for the next room.
  const [tool, setTool] = useState<StageTool>(loop.active ? 'pick' : 'select');
  /** A room the default tool's click landed on that is no zone yet: offered to become one. */
  const [offer, setOffer] = useState<Element | null>(null);
  const [draftPoints, setDraftPoints] = useState(0);
  const [selection, setSelection] = useState<EditSelection | null>(null);
  /** Apartments created here that the apartments list may not have fetched yet. */
  const [recent, setRecent] = useState<Apartment[]>([]);
  const buildingNumbers = useBuildingNumbers(project.id);
  const buildings = buildingNumbers.data ?? NO_BUILDINGS;
  const updateBuilding = useUpdateBuildingNumber(project.id);

  const known = useMemo(() => {
    const map = new Map<number, Apartment>();
    for (const a of recent) map.set(a.id, a);
    for (const a of apartments) map.set(a.id, a);
    return map;
  }, [apartments, recent]);
  const planNames = useMemo(() => new Set(plans.map((p) => p.name)), [plans]);
  const planTitles = useMemo(() => new Map(plans.map((p) => [p.name, p.title])), [plans]);
  const usedStatuses = useMemo(() => new Set(apartments.map((a) => a.status)), [apartments]);
  const shadingLevels = shading?.levels;
  const zoneContext = useMemo<ZoneContext>(
    () => ({ apartments: known, plans: planNames, shading: shadingLevels }),
    [known, planNames, shadingLevels],
  );
  const zoneContextRef = useRef(zoneContext);
  zoneContextRef.current = zoneContext;

  // Drawing and linking zones: the policy table's plan.edit, as the API checks it.
  const editsPlans = useCan()('plan.edit', project);
  const zones = useZonePopup({
    editsPlans,
    type: project.type,
    lang,
    apartments: known,
    planTitles,
    buildingNumbers: buildings,
    shading,
  });
  const popups = zones.store;

  const { hostRef, stageRef, callbacks } = usePlanStage({
    onZoneActivate: (el) => zones.open(el, loop.next),
    onShapeEdited: () => saves.drawingChanged(),
    onEditSelection: setSelection,
    onLabelChanged: (id, geometry) => {
      const building = buildings.find((b) => b.id === id);
      if (!building) return;
      // Spec §8: building number errors are not shown; the label moves back when the list is restored.
      updateBuilding.mutate(
        { id, label: building.label, label_svg: JSON.stringify(geometry) },
        { onError: (error) => logger.warn('label position or size not saved', error) },
      );
    },
    onDraftChange: setDraftPoints,
    onOfferShape: setOffer,
    describeZone: zones.describe,
  });

  const serialize = useCallback(
    () => stageRef.current?.serialize(zoneContextRef.current.apartments) ?? null,
    [stageRef],
  );
  const onDrawingSaved = useCallback(() => stageRef.current?.markSaved(), [stageRef]);
  const saves = usePlanSaves(project.id, plan, serialize, onDrawingSaved);

  // ---------------------------------------------------------------------------
  // The stage: markup once per version, then props applied imperatively
  // ---------------------------------------------------------------------------

  const backgroundUrl = plan.data ? projectFileUrl(project.id, plan.data) : null;
  useEffect(() => stageRef.current?.setBackground(backgroundUrl), [stageRef, backgroundUrl]);
  useEffect(() => stageRef.current?.setEditable(editsPlans), [stageRef, editsPlans]);
  useEffect(() => stageRef.current?.setTool(tool), [stageRef, tool]);
  useEffect(
    () => stageRef.current?.setAriaLabel(t('plans.viewer.stageLabel', { name: plan.title })),
    [stageRef, plan.title, t],
  );
  const labels = useMemo<StageLabel[]>(() => {
    const byId = new Map(buildings.map((b) => [b.id, b]));
    return attachedIds(plan).flatMap((id) => {
      const b = byId.get(id);
      return b ? [{ id, text: buildingLabelText(b.label), geometry: parseLabelSvg(b.label_svg) }] : [];
    });
  }, [plan, buildings]);
  useEffect(
    () => stageRef.current?.setLabels(labels, settings.label_font_size),
    [stageRef, labels, settings.label_font_size],
  );

  // Versions only grow: the stored plan is (re)loaded when it is newer than what is shown,
  // never over unsaved changes nor while a save is on its way (its answer brings the version).
  const needsLoad = (saves.version === null || plan.version > saves.version) && !saves.dirty && !saves.busy;
  const markup = usePlanMarkup(project.id, plan.id, plan.version, needsLoad);
  const { loaded } = saves;
  useEffect(() => {
    const stage = stageRef.current;
    if (!needsLoad || !stage || markup.data === undefined) return;
    try {
      stage.load(markup.data, zoneContextRef.current);
      setParseError(false);
    } catch (error) {
      logger.warn('plan not readable', plan.name, error);
      setParseError(true);
    }
    loaded(plan.version);
    setSelection(null);
    setDraftPoints(0);
  }, [stageRef, needsLoad, markup.data, plan.version, plan.name, loaded]);

  useEffect(() => stageRef.current?.recolour(zoneContext), [stageRef, zoneContext]);
  useEffect(() => onDirtyChange(saves.dirty), [saves.dirty, onDirtyChange]);
  // Closing or reloading the tab with unsaved shape changes asks first.
  useEffect(() => {
    if (!saves.dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saves.dirty]);

  // ---------------------------------------------------------------------------
  // Zone edits from the popup
  // ---------------------------------------------------------------------------

  /**
   * Shows the edit at once and closes the popup, then stores it: as a zone edit when the
   * zone is part of the stored plan and the drawing is unchanged, else with the drawing.
   */
  const changeZone = (changes: ZoneChanges, edit: ZoneEdit) => {
    const stage = stageRef.current;
    const popup = popups.get();
    if (!popup || !stage) return;
    const el = popup.zone;
    const locator = saves.dirty ? null : stage.locate(el);
    stage.changeZone(el, changes);
    popups.set(null);
    if (locator) {
      saves.editZone({
        zone: locator,
        edit,
        onStored: (attributes) => stageRef.current?.changeZone(el, attributes),
      });
      return;
    }
    if (edit.kind === 'link') stage.ensureLinkId(el);
    saves.saveDrawing();
  };
  const attach = (apartment: Apartment) => {
    loop.placed(apartment);
    changeZone(apartmentZone(apartment), { kind: 'attach', apartment_id: apartment.id });
  };

  const closePopup = () => {
    const popup = popups.get();
    if (popup) stageRef.current?.dropTemp(popup.zone);
    popups.set(null);
  };

  const reload = async (refetch: boolean) => {
    if (refetch) await queryClient.refetchQueries({ queryKey: projectKeys.plans(project.id) });
    saves.discard();
  };

  const deleteShape = () => {
    const shape = stageRef.current?.selectedShape;
    if (!shape) return;
    confirmOverPlan({
      title: t('plans.viewer.deleteShapeTitle'),
      children: <Text size="sm">{t('plans.viewer.deleteShapeConfirm')}</Text>,
      labels: { confirm: t('plans.viewer.deleteShape'), cancel: t('plans.popup.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        stageRef.current?.removeShape(shape);
        saves.drawingChanged();
      },
    });
  };

  const zoom = useCallback(
    (how: 'in' | 'out' | 'fit') => {
      const stage = stageRef.current;
      if (how === 'fit') stage?.fit();
      else stage?.zoomBy(how === 'in' ? 1.25 : 0.8);
    },
    [stageRef],
  );
  // "Find on plan": this plan's zones, then the apartments drawn only on other plans (ADR 029).
  const finderZones = useRef<Element[]>([]);
  const elsewhere = useRef<{ planName: string; apartmentId: number }[]>([]);
  const listZones = useCallback((): ZoneOption[] => {
    const list = stageRef.current?.zones() ?? [];
    finderZones.current = list;
    const here = list
      .flatMap((el, i) => {
        const label = callbacks.current.describeZone(el);
        return label ? [{ value: String(i), label }] : [];
      })
      .sort((a, b) => a.label.localeCompare(b.label, 'sv', { numeric: true }));
    const titles = new Map(plans.map((p) => [p.name, p.title]));
    elsewhere.current = apartments.flatMap((a) => {
      const on = fileNames(a.file_name).filter((name) => titles.has(name));
      return on.length > 0 && !on.includes(plan.name) ? [{ planName: on[0]!, apartmentId: a.id }] : [];
    });
    const byId = new Map(apartments.map((a) => [a.id, a]));
    const there = elsewhere.current
      .map((e, i) => ({
        value: `elsewhere:${i}`,
        label: t('plans.viewer.findOnOtherPlan', {
          bostad: byId.get(e.apartmentId)?.bostad ?? '',
          plan: titles.get(e.planName) ?? e.planName,
        }),
      }))
      .sort((a, b) => a.label.localeCompare(b.label, 'sv', { numeric: true }));
    return [...here, ...there];
  }, [stageRef, callbacks, apartments, plans, plan.name, t]);
  const openZone = useCallback(
    (zone: Element | undefined) => {
      if (!zone?.isConnected) return;
      stageRef.current?.reveal(zone);
      callbacks.current.onZoneActivate(zone);
    },
    [stageRef, callbacks],
  );
  const pickZone = useCallback(
    (value: string) => {
      const other = value.startsWith('elsewhere:') ? elsewhere.current[Number(value.slice(10))] : undefined;
      if (other) onFindElsewhere(other.planName, other.apartmentId);
      else openZone(finderZones.current[Number(value)]);
    },
    [openZone, onFindElsewhere],
  );
  // An apartment found from another plan opens once this plan is on the stage.
  useEffect(() => {
    if (revealApartment === null || saves.version === null) return;
    openZone(stageRef.current?.zones().find((el) => el.id === String(revealApartment)));
    onRevealed();
  }, [revealApartment, saves.version, stageRef, openZone, onRevealed]);

  // ---------------------------------------------------------------------------
  // The autopilot (ADR 029): proposals for apartments on no other plan, one save for those accepted
  // ---------------------------------------------------------------------------

  const [autopilot, setAutopilot] = useState<AutopilotResult<Apartment> | null>(null);
  const runAutopilot = useCallback(() => {
    const candidates = apartments.filter((a) => {
      const on = fileNames(a.file_name);
      return on.length === 0 || on.includes(plan.name);
    });
    setAutopilot(stageRef.current?.autopilot(candidates) ?? null);
  }, [apartments, plan.name, stageRef]);
  const lightShapes = useCallback((shapes: Element[]) => stageRef.current?.lightShapes(shapes), [stageRef]);
  const closeAutopilot = () => {
    stageRef.current?.lightShapes([]);
    setAutopilot(null);
  };
  const acceptAutopilot = (proposals: AutopilotProposal<Apartment>[]) => {
    const stage = stageRef.current;
    if (!stage) return;
    for (const p of proposals) stage.changeZone(p.shape, apartmentZone(p.apartment));
    closeAutopilot();
    saves.saveDrawing();
  };

  // "Place the next apartment" (ADR 029): the pick tool, and each new zone offers the queue's next.
  const { start: startLoop, stop: stopLoop } = loop;
  // Started here, from the toolbar, or from the apartments table: the pick tool comes with it.
  useEffect(() => {
    if (loop.active) setTool('pick');
  }, [loop.active]);
  const placing = useMemo(
    () =>
      editsPlans
        ? {
            count: loop.queue.length,
            active: loop.active,
            onToggle: () => {
              if (loop.active) {
                stopLoop();
                return;
              }
              startLoop();
            },
          }
        : undefined,
    [editsPlans, loop.queue.length, loop.active, startLoop, stopLoop],
  );

  return (
    <Stack gap="sm">
      {/* The tools stay in view while the plan is (the stage is taller than many screens). */}
      <div className={classes.toolbar} data-testid="plan-toolbar">
        <PlanToolbar
          editsPlans={editsPlans}
          tool={tool}
          onTool={setTool}
          onZoom={zoom}
          listZones={listZones}
          onPickZone={pickZone}
          onAutopilot={editsPlans ? runAutopilot : undefined}
          placing={placing}
        />
        <ToolHint
          editsPlans={editsPlans}
          tool={tool}
          draftPoints={draftPoints}
          selection={selection}
          onCancelDrawing={() => stageRef.current?.cancelDraft()}
          onClosePolygon={() => stageRef.current?.closePolygon()}
          onDeleteVertex={() => stageRef.current?.deleteVertex()}
          onDeleteShape={deleteShape}
        />
        <PlacementBar loop={loop} />
      </div>
      {offer && tool === 'select' && (
        <Group gap="sm" role="status" aria-live="polite">
          <Text size="sm">{t('plans.viewer.offerZone')}</Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              stageRef.current?.makeZone(offer);
              setOffer(null);
            }}
          >
            {t('plans.viewer.offerZoneButton')}
          </Button>
        </Group>
      )}

      <div className={classes.stageFrame}>
        <div
          ref={hostRef}
          className={classes.stageHost}
          data-testid="plan-stage"
          data-version={saves.version ?? ''}
        />
        <LoadingOverlay
          visible={needsLoad}
          zIndex={3}
          loaderProps={{ 'aria-label': t('plans.viewer.loading') }}
        />
        {parseError && (
          <div className={classes.stageMessage}>
            <Alert color="red">{t('plans.viewer.parseFailed')}</Alert>
          </div>
        )}
      </div>

      <PlanSaveAlerts
        conflict={saves.conflict}
        unsaved={saves.dirty && !saves.busy}
        onReload={() => void reload(true)}
        onDiscard={() => void reload(false)}
        onSave={saves.saveDrawing}
      />
      {saves.report && (
        <PlanReportAlert name={plan.title} report={saves.report} onClose={saves.closeReport} />
      )}

      {shading ? shading.legend : <StatusLegend type={project.type} lang={lang} used={usedStatuses} />}
      <BuildingTags projectId={project.id} plan={plan} buildingNumbers={buildings} />

      <ZonePopup
        store={popups}
        project={project}
        planName={plan.name}
        plans={plans}
        apartments={apartments}
        buildingNumbers={buildings}
        lang={lang}
        renderApartmentForm={renderApartmentForm}
        shapeWarnings={(zone) => stageRef.current?.shapeWarnings(zone) ?? []}
        onStepOut={tool === 'pick' ? () => stageRef.current?.stepOut() : undefined}
        onClose={closePopup}
        onCreated={(apartment) => {
          setRecent((list) => [...list, apartment]);
          attach(apartment);
        }}
        onAttach={attach}
        onLink={(target, buildingNumberId) =>
          changeZone(linkZone(target, buildingNumberId), {
            kind: 'link',
            target,
            building_number_id: buildingNumberId,
          })
        }
        onUnlink={() => changeZone(unlinkedZone(), { kind: 'unlink' })}
        onDetach={() => changeZone(detachedZone(), { kind: 'detach' })}
        onFollow={(target) => {
          closePopup();
          onFollowLink(target);
        }}
      />
      <AutopilotReview
        result={autopilot}
        onLight={lightShapes}
        onReveal={(shape) => stageRef.current?.reveal(shape)}
        onAccept={acceptAutopilot}
        onClose={closeAutopilot}
      />
    </Stack>
  );
}
