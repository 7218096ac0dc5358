import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  LoadingOverlay,
  Select,
  Stack,
  Text,
  Toolbar,
  Tooltip,
} from '@mantine/core';
import { confirmOverPlan } from './confirm-over-plan';
import {
  IconArrowsMaximize,
  IconClick,
  IconEdit,
  IconHandFinger,
  IconPolygon,
  IconRectangle,
  IconSearch,
  IconTrash,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  buildingLabelText,
  projectFileUrl,
  statusLabel,
  type Apartment,
  type BuildingNumber,
  type PlanFile,
  type PlanReport,
  type Project,
  type ProjectSettings,
} from '@planvy/shared';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { logger } from '../../../lib/logger';
import { projectKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useBuildingNumbers } from '../api/get-building-numbers';
import { useSavePlan } from '../api/save-plan';
import { useUpdateBuildingNumber } from '../api/update-building-number';
import { parseLabelSvg } from '../editor/label-box';
import {
  PlanStage,
  type EditSelection,
  type StageCallbacks,
  type StageLabel,
  type StageTool,
} from '../editor/plan-stage';
import {
  clearApartmentZone,
  clearLinkZone,
  readZone,
  setApartmentZone,
  setLinkZone,
  uniqueId,
  type ZoneContext,
} from '../editor/zone-markup';
import { attachedIds, BuildingTags } from './building-tags';
import { PlanReportAlert } from './plan-report-alert';
import type { ApartmentFormSlot, PlanShading } from './plan-viewer';
import classes from './plan-viewer.module.css';
import { StatusLegend } from './status-legend';
import { ZonePopup, type ZonePopupState } from './zone-popup';

export interface PlanWorkspaceProps {
  project: Project;
  settings: ProjectSettings;
  apartments: Apartment[];
  isAdmin: boolean;
  plan: PlanFile;
  plans: PlanFile[];
  renderApartmentForm: (slot: ApartmentFormSlot) => ReactNode;
  /** Shades apartment zones by another measure (clicks) instead of their status. */
  shading: PlanShading | null;
  onFollowLink: (planName: string) => void;
  onDirtyChange: (dirty: boolean) => void;
}

const NO_BUILDINGS: BuildingNumber[] = [];

const TOOLS: {
  value: StageTool;
  icon: ReactNode;
  label: 'toolSelect' | 'toolRect' | 'toolPolygon' | 'toolPick' | 'toolEdit';
}[] = [
  { value: 'select', icon: <IconHandFinger size={18} aria-hidden />, label: 'toolSelect' },
  { value: 'rect', icon: <IconRectangle size={18} aria-hidden />, label: 'toolRect' },
  { value: 'polygon', icon: <IconPolygon size={18} aria-hidden />, label: 'toolPolygon' },
  { value: 'pick', icon: <IconClick size={18} aria-hidden />, label: 'toolPick' },
  { value: 'edit', icon: <IconEdit size={18} aria-hidden />, label: 'toolEdit' },
];

/**
 * One plan on screen: the stage (viewer and, for admins, zone editor), its tools,
 * building numbers, the zone popup and saving. The plan's markup never passes through
 * React: the stage inserts it once per version and every later change is imperative.
 */
export function PlanWorkspace({
  project,
  settings,
  apartments,
  isAdmin,
  plan,
  plans,
  renderApartmentForm,
  shading,
  onFollowLink,
  onDirtyChange,
}: PlanWorkspaceProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'sv';
  const queryClient = useQueryClient();
  const hostRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<PlanStage | null>(null);
  const [loadedVersion, setLoadedVersion] = useState<number | null>(null);
  const loadedVersionRef = useRef<number | null>(null);
  const [parseError, setParseError] = useState(false);
  const [tool, setTool] = useState<StageTool>('select');
  const [draftPoints, setDraftPoints] = useState(0);
  const [selection, setSelection] = useState<EditSelection | null>(null);
  const [dirty, setDirty] = useState(false);
  const [popup, setPopup] = useState<ZonePopupState | null>(null);
  const [report, setReport] = useState<PlanReport | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  /** Apartments created here that the apartments list may not have fetched yet. */
  const [recent, setRecent] = useState<Apartment[]>([]);
  const popupKey = useRef(0);
  const saving = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  const savePlan = useSavePlan(project.id);
  const buildingNumbers = useBuildingNumbers(project.id);
  const updateBuilding = useUpdateBuildingNumber(project.id);

  const known = useMemo(() => {
    const map = new Map<number, Apartment>();
    for (const a of recent) map.set(a.id, a);
    for (const a of apartments) map.set(a.id, a);
    return map;
  }, [apartments, recent]);
  const planNames = useMemo(() => new Set(plans.map((p) => p.name)), [plans]);
  const usedStatuses = useMemo(() => new Set(apartments.map((a) => a.status)), [apartments]);
  const shadingLevels = shading?.levels;
  const zoneContext = useMemo<ZoneContext>(
    () => ({ apartments: known, plans: planNames, shading: shadingLevels }),
    [known, planNames, shadingLevels],
  );
  const zoneContextRef = useRef(zoneContext);

  // ---------------------------------------------------------------------------
  // Saving: one at a time, each with the version the previous one returned.
  // ---------------------------------------------------------------------------

  const save = useCallback(async (): Promise<void> => {
    const stage = stageRef.current;
    const version = loadedVersionRef.current;
    if (!stage || version === null) return;
    if (saving.current.running) {
      saving.current.again = true;
      return;
    }
    saving.current.running = true;
    setDirty(true);
    setConflict(null);
    try {
      const result = await savePlan.mutateAsync({ name: plan.name, svg: stage.serialize(), version });
      loadedVersionRef.current = result.file.version;
      setLoadedVersion(result.file.version);
      setReport(result.report);
      if (!saving.current.again) setDirty(false);
      toast.success(t('plans.viewer.saved'));
    } catch (error) {
      saving.current.again = false;
      if (isApiError(error) && error.status === 409) setConflict(error.message);
      else toast.error(`${t('plans.viewer.saveFailed')}: ${errorMessage(error)}`);
    } finally {
      saving.current.running = false;
    }
    if (saving.current.again) {
      saving.current.again = false;
      await save();
    }
  }, [plan.name, savePlan, t]);

  /** Throws the local copy away and shows the stored plan again (after a refetch, for a conflict). */
  const reload = async (refetch: boolean) => {
    setConflict(null);
    if (refetch) await queryClient.refetchQueries({ queryKey: projectKeys.plans(project.id) });
    setDirty(false);
    loadedVersionRef.current = null;
    setLoadedVersion(null);
  };

  // ---------------------------------------------------------------------------
  // The zone popup
  // ---------------------------------------------------------------------------

  const openZone = (el: Element) => {
    const zone = readZone(el);
    const key = ++popupKey.current;
    if (zone.linkTo.length > 0) {
      const target = zone.linkTo.find((name) => planNames.has(name));
      // A broken link is only something an admin can mend.
      if (!target && !isAdmin) return;
      setPopup({ key, zone: el, step: target ? 'link' : 'broken', linkTarget: target ?? zone.linkTo[0] });
      return;
    }
    const apartment =
      zone.bostad !== null && zone.apartmentId !== null ? known.get(zone.apartmentId) : undefined;
    if (apartment) {
      setPopup({ key, zone: el, step: 'apartment', apartment });
      return;
    }
    // Only admins may open zones without an apartment (spec §6).
    if (!isAdmin) return;
    setPopup({
      key,
      zone: el,
      step: 'choice',
      unknownId: zone.bostad !== null ? (zone.id ?? undefined) : undefined,
    });
  };

  const closePopup = () => {
    if (popup) stageRef.current?.dropTemp(popup.zone);
    setPopup(null);
  };

  /** Applies a change to the popup's zone, closes the popup and saves the plan. */
  const changeZone = (change: (zone: Element) => void) => {
    if (!popup) return;
    change(popup.zone);
    stageRef.current?.refreshZone(popup.zone);
    setPopup(null);
    void save();
  };

  const describeZone = (el: Element): string | null => {
    const zone = readZone(el);
    if (zone.tempId) return null;
    if (zone.linkTo.length > 0) {
      const target = zone.linkTo.find((name) => planNames.has(name));
      return target
        ? t('plans.viewer.zoneLink', { target })
        : t('plans.viewer.zoneBroken', { target: zone.linkTo[0] ?? '' });
    }
    const apartment = zone.apartmentId !== null ? known.get(zone.apartmentId) : undefined;
    if (apartment && shading) return `${apartment.bostad}: ${shading.describe(apartment.id)}`;
    if (apartment) {
      return t('plans.viewer.zoneApartment', {
        bostad: apartment.bostad,
        status:
          apartment.inactive === '1'
            ? t('plans.viewer.legendInactive')
            : statusLabel(apartment.status, project.type, lang),
      });
    }
    return zone.bostad !== null && isAdmin ? t('plans.viewer.zoneUnknown', { id: zone.id ?? '' }) : null;
  };

  const onLabelMoved = (id: number, geometry: StageLabel['geometry']) => {
    const building = buildingNumbers.data?.find((b) => b.id === id);
    if (!building || !geometry) return;
    // Spec §8: building number errors are not shown; the label moves back when the list is restored.
    updateBuilding.mutate(
      { id, label: building.label, label_svg: JSON.stringify(geometry) },
      { onError: (error) => logger.warn('label position not saved', error) },
    );
  };

  // The stage calls these at event time; they always see this render's props and state.
  const currentHandlers: StageCallbacks = {
    onZoneActivate: openZone,
    onShapeEdited: () => setDirty(true),
    onEditSelection: setSelection,
    onLabelMoved,
    onDraftChange: setDraftPoints,
    describeZone,
  };
  const handlers = useRef<StageCallbacks | null>(null);
  useLayoutEffect(() => {
    handlers.current = currentHandlers;
    zoneContextRef.current = zoneContext;
  });

  // ---------------------------------------------------------------------------
  // The stage
  // ---------------------------------------------------------------------------

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const stage = new PlanStage(host, {
      onZoneActivate: (el) => handlers.current?.onZoneActivate(el),
      onShapeEdited: () => handlers.current?.onShapeEdited(),
      onEditSelection: (s) => handlers.current?.onEditSelection(s),
      onLabelMoved: (id, g) => handlers.current?.onLabelMoved(id, g),
      onDraftChange: (n) => handlers.current?.onDraftChange(n),
      describeZone: (el) => handlers.current?.describeZone(el) ?? null,
    });
    stageRef.current = stage;
    return () => {
      stage.dispose();
      stageRef.current = null;
    };
  }, []);

  const backgroundUrl = plan.data ? projectFileUrl(project.id, plan.data) : null;
  useEffect(() => stageRef.current?.setBackground(backgroundUrl), [backgroundUrl]);
  useEffect(() => stageRef.current?.setEditable(isAdmin), [isAdmin]);
  useEffect(() => stageRef.current?.setTool(tool), [tool]);
  useEffect(
    () => stageRef.current?.setAriaLabel(t('plans.viewer.stageLabel', { name: plan.name })),
    [plan.name, t],
  );

  const fontSize = Number(settings.label_font_size) || 45;
  const labels = useMemo<StageLabel[]>(() => {
    const byId = new Map((buildingNumbers.data ?? []).map((b) => [b.id, b]));
    return attachedIds(plan).flatMap((id) => {
      const b = byId.get(id);
      return b ? [{ id, text: buildingLabelText(b.label), geometry: parseLabelSvg(b.label_svg) }] : [];
    });
  }, [plan, buildingNumbers.data]);
  useEffect(() => stageRef.current?.setLabels(labels, fontSize), [labels, fontSize]);

  // Insert the markup once per version. Never over unsaved local changes, nor mid-save
  // (the save's own new version arrives with the refetch and needs no reload).
  // Versions only grow: an older copy (a refetch racing a save) is never shown over a newer one.
  const needsLoad = (loadedVersion === null || plan.version > loadedVersion) && !dirty && !savePlan.isPending;
  useEffect(() => {
    const stage = stageRef.current;
    if (!needsLoad || !stage) return;
    // Let the loading state (needsLoad) paint before a large plan is parsed.
    const timer = window.setTimeout(() => {
      try {
        stage.load(plan.svg, zoneContextRef.current);
        setParseError(false);
      } catch (error) {
        logger.warn('plan not readable', plan.name, error);
        setParseError(true);
      }
      loadedVersionRef.current = plan.version;
      setLoadedVersion(plan.version);
      setSelection(null);
      setDraftPoints(0);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [needsLoad, plan.svg, plan.version, plan.name]);

  useEffect(() => stageRef.current?.recolour(zoneContext), [zoneContext]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // Closing or reloading the tab with unsaved shape changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // ---------------------------------------------------------------------------
  // Edit tool actions
  // ---------------------------------------------------------------------------

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
        setDirty(true);
      },
    });
  };

  const hint = !isAdmin
    ? t('plans.viewer.hintSelectClient')
    : tool === 'polygon' && draftPoints > 0
      ? t('plans.viewer.hintPolygonDrawing', { count: draftPoints })
      : {
          select: t('plans.viewer.hintSelect'),
          rect: t('plans.viewer.hintRect'),
          polygon: t('plans.viewer.hintPolygon'),
          pick: t('plans.viewer.hintPick'),
          edit: t('plans.viewer.hintEdit'),
        }[tool];

  const busy = savePlan.isPending;
  const zoom = useCallback((how: 'in' | 'out' | 'fit') => {
    const stage = stageRef.current;
    if (how === 'fit') stage?.fit();
    else stage?.zoomBy(how === 'in' ? 1.25 : 0.8);
  }, []);
  const closeReport = useCallback(() => setReport(null), []);
  const finderZones = useRef<Element[]>([]);
  const listZones = useCallback((): ZoneOption[] => {
    const zones = stageRef.current?.zones() ?? [];
    finderZones.current = zones;
    return zones
      .flatMap((el, i) => {
        const label = handlers.current?.describeZone(el);
        return label ? [{ value: String(i), label }] : [];
      })
      .sort((a, b) => a.label.localeCompare(b.label, 'sv', { numeric: true }));
  }, []);
  const pickZone = useCallback((index: number) => {
    const zone = finderZones.current[index];
    if (!zone?.isConnected) return;
    stageRef.current?.reveal(zone);
    handlers.current?.onZoneActivate(zone);
  }, []);

  return (
    <Stack gap="sm">
      <PlanToolbar
        isAdmin={isAdmin}
        tool={tool}
        onTool={setTool}
        onZoom={zoom}
        listZones={listZones}
        onPickZone={pickZone}
      />

      <Group justify="space-between" gap="xs" mih={30}>
        <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 200 }} aria-live="polite">
          {hint}
        </Text>
        {isAdmin && tool === 'polygon' && draftPoints > 0 && (
          <Group gap="xs">
            <Button size="compact-sm" variant="default" onClick={() => stageRef.current?.cancelDraft()}>
              {t('plans.viewer.cancelDrawing')}
            </Button>
            <Button
              size="compact-sm"
              disabled={draftPoints < 3}
              onClick={() => stageRef.current?.closePolygon()}
            >
              {t('plans.viewer.closePolygon')}
            </Button>
          </Group>
        )}
        {isAdmin && tool === 'edit' && selection && (
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="default"
              disabled={!selection.canDeleteVertex}
              onClick={() => stageRef.current?.deleteVertex()}
            >
              {t('plans.viewer.deleteVertex')}
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={deleteShape}
            >
              {t('plans.viewer.deleteShape')}
            </Button>
          </Group>
        )}
      </Group>

      <div className={classes.stageFrame}>
        <div
          ref={hostRef}
          className={classes.stageHost}
          data-testid="plan-stage"
          data-version={loadedVersion ?? ''}
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

      {/* Below the plan, so a message appearing never moves what the pointer is over. */}
      {conflict && (
        <Alert color="red" title={t('plans.viewer.conflictTitle')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{conflict}</Text>
            <Button size="xs" color="red" variant="light" onClick={() => void reload(true)}>
              {t('plans.viewer.reload')}
            </Button>
          </Stack>
        </Alert>
      )}
      {dirty && !conflict && !busy && (
        <Alert color="yellow" variant="light" role="status">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('plans.viewer.unsaved')}</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => void reload(false)}>
                {t('plans.viewer.discard')}
              </Button>
              <Button size="xs" onClick={() => void save()}>
                {t('plans.viewer.save')}
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      {report && <PlanReportAlert name={plan.name} report={report} onClose={closeReport} />}

      {shading ? shading.legend : <StatusLegend type={project.type} lang={lang} used={usedStatuses} />}
      <BuildingTags
        projectId={project.id}
        plan={plan}
        buildingNumbers={buildingNumbers.data ?? NO_BUILDINGS}
        isAdmin={isAdmin}
      />

      <ZonePopup
        state={popup}
        project={project}
        isAdmin={isAdmin}
        planName={plan.name}
        plans={plans}
        apartments={apartments}
        lang={lang}
        renderApartmentForm={renderApartmentForm}
        onClose={closePopup}
        onCreated={(apartment) => {
          setRecent((list) => [...list, apartment]);
          changeZone((zone) => setApartmentZone(zone, apartment));
        }}
        onAttach={(apartment) => changeZone((zone) => setApartmentZone(zone, apartment))}
        onLink={(target) =>
          changeZone((zone) =>
            setLinkZone(zone, target, () => uniqueId(stageRef.current?.svg ?? zone, 'zone-link-')),
          )
        }
        onUnlink={() => changeZone(clearLinkZone)}
        onDetach={() => changeZone(clearApartmentZone)}
        onFollow={(target) => {
          closePopup();
          onFollowLink(target);
        }}
      />
    </Stack>
  );
}

/** Drawing tools (admins) and zoom; memoised, so opening a zone's popup does not re-render it. */
const PlanToolbar = memo(function PlanToolbar({
  isAdmin,
  tool,
  onTool,
  onZoom,
  listZones,
  onPickZone,
}: {
  isAdmin: boolean;
  tool: StageTool;
  onTool: (tool: StageTool) => void;
  onZoom: (how: 'in' | 'out' | 'fit') => void;
  listZones: () => ZoneOption[];
  onPickZone: (index: number) => void;
}) {
  const { t } = useTranslation();
  const zooms = [
    { how: 'out', label: t('plans.viewer.zoomOut'), icon: <IconZoomOut size={18} aria-hidden /> },
    { how: 'in', label: t('plans.viewer.zoomIn'), icon: <IconZoomIn size={18} aria-hidden /> },
    { how: 'fit', label: t('plans.viewer.fit'), icon: <IconArrowsMaximize size={18} aria-hidden /> },
  ] as const;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {isAdmin ? (
        <Toolbar aria-label={t('plans.viewer.tools')} size="md">
          <Toolbar.ToggleGroup type="single" value={tool} onChange={(v) => v && onTool(v as StageTool)}>
            {TOOLS.map((item) => (
              <Tooltip key={item.value} label={t(`plans.viewer.${item.label}`)} withinPortal>
                <Toolbar.ToggleItem value={item.value} aria-label={t(`plans.viewer.${item.label}`)}>
                  {item.icon}
                </Toolbar.ToggleItem>
              </Tooltip>
            ))}
          </Toolbar.ToggleGroup>
        </Toolbar>
      ) : (
        <span />
      )}
      <Group gap={4} wrap="nowrap" justify="flex-end" style={{ flex: '1 1 auto' }}>
        <ZoneFinder listZones={listZones} onPick={onPickZone} />
        {zooms.map((z) => (
          <Tooltip key={z.how} label={z.label} withinPortal>
            <ActionIcon variant="default" size="lg" aria-label={z.label} onClick={() => onZoom(z.how)}>
              {z.icon}
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
    </Group>
  );
});

interface ZoneOption {
  value: string;
  label: string;
}

/**
 * "Find on plan": a searchable list of the plan's zones (read from the plan when it
 * opens). Choosing one zooms to it and opens its popup — also the keyboard's way to a zone.
 */
function ZoneFinder({
  listZones,
  onPick,
}: {
  listZones: () => ZoneOption[];
  onPick: (index: number) => void;
}) {
  const { t } = useTranslation();
  const [data, setData] = useState<ZoneOption[]>([]);
  const [search, setSearch] = useState('');
  return (
    <Select
      aria-label={t('plans.viewer.find')}
      placeholder={t('plans.viewer.findPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      data={data}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setData(listZones())}
      onChange={(value) => {
        setSearch('');
        if (value !== null) onPick(Number(value));
      }}
      limit={50}
      nothingFoundMessage={t('plans.viewer.findNothing')}
      style={{ flex: 1, maxWidth: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
