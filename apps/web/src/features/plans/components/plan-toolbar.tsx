import { memo, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Select, Text, Toolbar, Tooltip } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconClick,
  IconEdit,
  IconHandFinger,
  IconListNumbers,
  IconPolygon,
  IconRectangle,
  IconSearch,
  IconTrash,
  IconWand,
  IconZoomIn,
  IconZoomOut,
} from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import type { EditSelection, StageTool } from '../editor/plan-stage';

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

export interface ZoneOption {
  value: string;
  label: string;
}

/** Drawing tools (admins) and zoom; memoised, so opening a zone's popup does not re-render it. */
export const PlanToolbar = memo(function PlanToolbar({
  editsPlans,
  tool,
  onTool,
  onZoom,
  listZones,
  onPickZone,
  onAutopilot,
  placing,
}: {
  /** The drawing tools are shown (`plan.edit`). */
  editsPlans: boolean;
  tool: StageTool;
  onTool: (tool: StageTool) => void;
  onZoom: (how: 'in' | 'out' | 'fit') => void;
  listZones: () => ZoneOption[];
  onPickZone: (value: string) => void;
  /** Opens the autopilot's proposals (ADR 029); absent for those who cannot edit the plan. */
  onAutopilot?: () => void;
  /** The "place the next apartment" loop (ADR 029): how many are on no plan, and its switch. */
  placing?: { count: number; active: boolean; onToggle: () => void };
}) {
  const { t } = useTranslation();
  const zooms = [
    { how: 'out', label: t('plans.viewer.zoomOut'), icon: <IconZoomOut size={18} aria-hidden /> },
    { how: 'in', label: t('plans.viewer.zoomIn'), icon: <IconZoomIn size={18} aria-hidden /> },
    { how: 'fit', label: t('plans.viewer.fit'), icon: <IconArrowsMaximize size={18} aria-hidden /> },
  ] as const;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {editsPlans ? (
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
      <Group gap={4} wrap="wrap" justify="flex-end" style={{ flex: '1 1 auto' }}>
        {placing && (
          <Tooltip label={t('plans.place.buttonHint')} withinPortal>
            <Button
              variant={placing.active ? 'filled' : 'light'}
              leftSection={<IconListNumbers size={16} aria-hidden />}
              aria-pressed={placing.active}
              disabled={!placing.active && placing.count === 0}
              onClick={placing.onToggle}
            >
              {t('plans.place.button', { count: placing.count })}
            </Button>
          </Tooltip>
        )}
        {onAutopilot && (
          <Tooltip label={t('plans.autopilot.buttonHint')} withinPortal>
            <Button variant="light" leftSection={<IconWand size={16} aria-hidden />} onClick={onAutopilot}>
              {t('plans.autopilot.button')}
            </Button>
          </Tooltip>
        )}
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

/**
 * "Find on plan": a searchable list of the plan's zones (read from the plan when it opens), then
 * the apartments drawn on other plans. Choosing one zooms to it and opens its popup (another
 * plan is opened first) — also the keyboard's way to a zone.
 */
function ZoneFinder({
  listZones,
  onPick,
}: {
  listZones: () => ZoneOption[];
  onPick: (value: string) => void;
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
        if (value !== null) onPick(value);
      }}
      limit={50}
      nothingFoundMessage={t('plans.viewer.findNothing')}
      style={{ flex: 1, maxWidth: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** What the current tool does, and the drawing's own actions (close a polygon, delete a corner). */
export function ToolHint({
  editsPlans,
  tool,
  draftPoints,
  selection,
  onCancelDrawing,
  onClosePolygon,
  onDeleteVertex,
  onDeleteShape,
}: {
  editsPlans: boolean;
  tool: StageTool;
  draftPoints: number;
  selection: EditSelection | null;
  onCancelDrawing: () => void;
  onClosePolygon: () => void;
  onDeleteVertex: () => void;
  onDeleteShape: () => void;
}) {
  const { t } = useTranslation();
  const hint = !editsPlans
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
  return (
    <Group justify="space-between" gap="xs" mih={30}>
      <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 200 }} aria-live="polite">
        {hint}
      </Text>
      {editsPlans && tool === 'polygon' && draftPoints > 0 && (
        <Group gap="xs">
          <Button size="compact-sm" variant="default" onClick={onCancelDrawing}>
            {t('plans.viewer.cancelDrawing')}
          </Button>
          <Button size="compact-sm" disabled={draftPoints < 3} onClick={onClosePolygon}>
            {t('plans.viewer.closePolygon')}
          </Button>
        </Group>
      )}
      {editsPlans && tool === 'edit' && selection && (
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            disabled={!selection.canDeleteVertex}
            onClick={onDeleteVertex}
          >
            {t('plans.viewer.deleteVertex')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onDeleteShape}
          >
            {t('plans.viewer.deleteShape')}
          </Button>
        </Group>
      )}
    </Group>
  );
}
