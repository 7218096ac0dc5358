import { useCan } from '../../../hooks/use-can';
import { useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBuildingCommunity, IconDownload, IconPlus, IconSearch, IconUpload } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import {
  buildingLabelText,
  isAvailableStatus,
  isOnNoPlan,
  type Apartment,
  type BuildingNumber,
  type Project,
  type ProjectSettings,
} from '@planvy/shared';
import { errorMessage, errorWithDetail } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useApartments } from '../api/get-apartments';
import { useBuildingNumbers } from '../api/get-building-numbers';
import { useDeleteApartment } from '../api/delete-apartment';
import { useExportApartments, useExportPriceHistory } from '../api/export-apartments';
import {
  apartmentComparator,
  buildSearchIndex,
  currencySuffix,
  filterApartments,
  inBuilding,
  nextSort,
  tableColumns,
  type ColumnKey,
  type SortState,
} from '../apartment-table';
import { useUiLanguage } from '../../../hooks/use-ui-language';
import { saveFile } from '../../../lib/save-file';
import { ApartmentForm } from './apartment-form';
import { ApartmentsTable, rowName, type TableFormat } from './apartments-table';
import { DetachedToggle } from './detached-toggle';
import { ImportDialog } from './import-dialog';
import { MassActionsBar } from './mass-actions-bar';
import { SearchBox } from './search-box';

export interface ApartmentsPanelProps {
  project: Project;
  settings: ProjectSettings;
  /** Opens an apartment in the form dialog (the route owns the dialog so the plan editor can share it). */
  onOpenApartment?: (apartmentId: number) => void;
  /** Starts placing the apartments on no plan, on the plan above (ADR 029). */
  onPlaceOnPlan?: () => void;
  /** Held apartments and when their holds end (the route reads them from the holds feature). */
  heldUntil?: ReadonlyMap<number, string>;
  /** "Reservera" in an apartment's dialog, for one that can be had and is not held (the route opens the hold form). */
  onReserve?: (apartment: Apartment) => void;
}

const NO_APARTMENTS: Apartment[] = [];
const NO_BUILDINGS: BuildingNumber[] = [];
type Dialog = { kind: 'new' } | { kind: 'edit'; id: number } | null;

/**
 * The Project tab's apartments: a virtualised, sortable, searchable table with checkboxes,
 * the mass status and building number bar, the detached view (for whoever links zones), add, delete, import and
 * export, each shown to whoever the policy table lets do it.
 */
export function ApartmentsPanel({
  project,
  settings,
  onOpenApartment,
  onPlaceOnPlan,
  heldUntil,
  onReserve,
}: ApartmentsPanelProps) {
  const { t } = useTranslation();
  const can = useCan();
  const canCreate = can('apartment.create', project);
  const canImport = can('apartment.import', project);
  const linksZones = can('apartment.linkZone', project);
  const canSetBuilding = can('apartment.setBuildingNumber', project);
  const lang = useUiLanguage();
  const isMobile = useMediaQuery('(max-width: 48em)');
  const type = project.type;
  const apartments = useApartments(project.id);
  const list = apartments.data ?? NO_APARTMENTS;

  // Set in a transition by the search box: typing stays instant, filtering follows at once after.
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [detachedOnly, setDetachedOnly] = useState(false);
  /** multi_building: the building number the table is filtered by, or null for all. */
  const [building, setBuilding] = useState<number | null>(null);
  const multiBuilding = settings.multi_building === '1';
  const buildingNumbers = useBuildingNumbers(project.id);
  const buildingLabels = useMemo(
    () => new Map((buildingNumbers.data ?? []).map((b) => [b.id, b.label])),
    [buildingNumbers.data],
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [importOpen, setImportOpen] = useState(false);
  const { mutate: deleteApartment } = useDeleteApartment();
  const exportApartments = useExportApartments();
  const exportPrices = useExportPriceHistory();

  const { default_sort_order, bostad_as_integer } = settings;
  const columns = useMemo(() => tableColumns(type, settings), [type, settings]);
  const format = useMemo<TableFormat>(
    () => ({ type, lang, currency: currencySuffix(settings.currency), buildings: buildingLabels }),
    [type, lang, settings.currency, buildingLabels],
  );
  const sorted = useMemo(
    () =>
      [...list].sort(apartmentComparator(sort, { default_sort_order, bostad_as_integer }, buildingLabels)),
    [list, sort, default_sort_order, bostad_as_integer, buildingLabels],
  );
  const searchIndex = useMemo(() => buildSearchIndex(list, type, lang), [list, type, lang]);
  const detachedCount = useMemo(() => list.filter(isOnNoPlan).length, [list]);
  const showDetached = linksZones && detachedOnly;
  const shownBuilding = multiBuilding ? building : null;
  const scope = useMemo(
    () => inBuilding(showDetached ? sorted.filter(isOnNoPlan) : sorted, shownBuilding),
    [sorted, showDetached, shownBuilding],
  );
  const rows = useMemo(() => filterApartments(scope, searchIndex, query), [scope, searchIndex, query]);
  // Checked apartments that still exist (a deleted one drops out of the selection).
  const selectedIds = useMemo(
    () => list.filter((a) => selected.has(a.id)).map((a) => a.id),
    [list, selected],
  );

  const onSort = useCallback((key: ColumnKey) => setSort((current) => nextSort(current, key)), []);
  const onToggle = useCallback(
    (id: number) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const onToggleAll = useCallback(
    (select: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        for (const a of rows) {
          if (select) next.add(a.id);
          else next.delete(a.id);
        }
        return next;
      }),
    [rows],
  );
  const clearSelection = useCallback(() => setSelected(new Set()), []);
  const toggleDetached = useCallback(() => setDetachedOnly((v) => !v), []);
  const closeImport = useCallback(() => setImportOpen(false), []);
  const onOpen = useCallback(
    (apartment: Apartment) =>
      onOpenApartment ? onOpenApartment(apartment.id) : setDialog({ kind: 'edit', id: apartment.id }),
    [onOpenApartment],
  );
  const onDelete = useCallback(
    (apartment: Apartment) =>
      modals.openConfirmModal({
        title: t('apartments.delete.title'),
        children: <Text size="sm">{t('apartments.delete.confirm', { bostad: apartment.bostad })}</Text>,
        labels: { confirm: t('apartments.delete.confirmButton'), cancel: t('common.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          deleteApartment(apartment, {
            onSuccess: () => toast.success(t('apartments.delete.done')),
            onError: (error) => toast.error(errorWithDetail(error)),
          }),
      }),
    [t, deleteApartment],
  );

  const onExport = () =>
    exportApartments.mutate(
      { projectId: project.id, lang },
      {
        onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? `apartments-${project.id}.csv`),
        onError: (error) => toast.error(`${t('apartments.export.failed')}: ${errorMessage(error)}`),
      },
    );

  const onExportPrices = (format: 'csv' | 'json') =>
    exportPrices.mutate(
      { projectId: project.id, lang, format },
      {
        onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? `prices-${project.id}.${format}`),
        onError: (error) =>
          toast.error(`${t('apartments.priceHistory.exportFailed')}: ${errorMessage(error)}`),
      },
    );

  const editing = dialog?.kind === 'edit' ? list.find((a) => a.id === dialog.id) : undefined;
  const dialogOpen = dialog?.kind === 'new' || editing !== undefined;
  const closeDialog = () => setDialog(null);

  let content;
  if (apartments.isPending) {
    content = (
      <Stack gap={6} aria-busy="true" aria-label={t('app.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  } else if (apartments.isError) {
    content = (
      <Alert color="red" title={t('apartments.table.loadFailed')} role="alert">
        {errorMessage(apartments.error)}
      </Alert>
    );
  } else if (list.length === 0) {
    content = (
      <EmptyState icon={<IconBuildingCommunity aria-hidden />} py="xl">
        <EmptyState.Title order={4}>{t('apartments.table.emptyTitle')}</EmptyState.Title>
        <EmptyState.Description>
          {canCreate ? t('apartments.table.emptyDescription') : t('apartments.table.emptyDescriptionClient')}
        </EmptyState.Description>
      </EmptyState>
    );
  } else {
    const hasQuery = query.trim() !== '';
    const filtered = hasQuery || shownBuilding !== null;
    content = (
      <Stack gap="xs">
        <ApartmentsTable
          rows={rows}
          columns={columns}
          format={format}
          selected={selected}
          sort={sort}
          onSort={onSort}
          onToggle={onToggle}
          onToggleAll={onToggleAll}
          onOpen={onOpen}
          onDelete={onDelete}
          heldUntil={heldUntil}
        />
        {rows.length === 0 && (
          <EmptyState icon={<IconSearch aria-hidden />} py="md">
            <EmptyState.Title order={4}>
              {filtered ? t('apartments.table.noMatchesTitle') : t('apartments.table.noDetachedTitle')}
            </EmptyState.Title>
            <EmptyState.Description>
              {hasQuery
                ? t('apartments.table.noMatchesDescription', { query: query.trim() })
                : filtered
                  ? t('apartments.table.noMatchesBuilding')
                  : t('apartments.table.noDetachedDescription')}
            </EmptyState.Description>
          </EmptyState>
        )}
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('apartments.table.showing', { shown: rows.length, total: list.length })}
        </Text>
      </Stack>
    );
  }

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="apartments-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="xs" align="center">
            <Title order={3} id="apartments-title">
              {type === 'tomter' ? t('apartments.titleTomter') : t('apartments.title')}
            </Title>
            {apartments.isSuccess && (
              <Badge variant="light" color="gray" radius="sm" tt="none">
                {type === 'tomter'
                  ? t('apartments.countTomter', { count: list.length })
                  : t('apartments.count', { count: list.length })}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={onExport}
              loading={exportApartments.isPending}
              disabled={!apartments.isSuccess}
            >
              {t('apartments.export.button')}
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  loading={exportPrices.isPending}
                  disabled={!apartments.isSuccess}
                >
                  {t('apartments.priceHistory.export')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => onExportPrices('csv')}>
                  {t('apartments.priceHistory.exportCsv')}
                </Menu.Item>
                <Menu.Item onClick={() => onExportPrices('json')}>
                  {t('apartments.priceHistory.exportJson')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {canImport && (
              <Button
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                onClick={() => setImportOpen(true)}
              >
                {t('apartments.import.button')}
              </Button>
            )}
            {canCreate && (
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setDialog({ kind: 'new' })}
              >
                {t('apartments.add')}
              </Button>
            )}
          </Group>
        </Group>

        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap="sm" align="flex-end">
            <SearchBox onSearch={setQuery} />
            {multiBuilding && (buildingNumbers.data?.length ?? 0) > 0 && (
              <Select
                label={t('apartments.table.buildingFilter')}
                placeholder={t('apartments.table.allBuildings')}
                data={(buildingNumbers.data ?? []).map((b) => ({
                  value: String(b.id),
                  label: buildingLabelText(b.label),
                }))}
                value={building === null ? null : String(building)}
                onChange={(value) => setBuilding(value === null ? null : Number(value))}
                clearable
                w={180}
              />
            )}
          </Group>
          {linksZones && apartments.isSuccess && (
            <DetachedToggle
              count={detachedCount}
              active={showDetached}
              onToggle={toggleDetached}
              onPlace={onPlaceOnPlan}
            />
          )}
        </Group>
        {showDetached && (
          <Alert color="blue" variant="light" py="xs">
            {t('apartments.detached.showing')}
          </Alert>
        )}

        <MassActionsBar
          projectId={project.id}
          type={type}
          lang={lang}
          selectedIds={selectedIds}
          apartments={list}
          buildings={canSetBuilding ? (buildingNumbers.data ?? NO_BUILDINGS) : NO_BUILDINGS}
          currency={format.currency}
          onClear={clearSelection}
        />

        {content}
      </Stack>

      <Modal
        opened={dialogOpen}
        onClose={closeDialog}
        title={
          editing
            ? t('apartments.form.titleEdit', { bostad: rowName(editing) })
            : t('apartments.form.titleNew')
        }
        size="lg"
        fullScreen={isMobile}
      >
        {dialogOpen && (
          <ApartmentForm
            key={editing?.id ?? 'new'}
            project={project}
            settings={settings}
            apartment={editing}
            onSaved={closeDialog}
            onCancel={closeDialog}
            footerStart={
              onReserve && editing && isAvailableStatus(editing.status) && !heldUntil?.has(editing.id) ? (
                <Button
                  variant="light"
                  onClick={() => {
                    closeDialog();
                    onReserve(editing);
                  }}
                >
                  {t('apartments.form.reserve')}
                </Button>
              ) : undefined
            }
          />
        )}
      </Modal>
      {canImport && (
        <ImportDialog projectId={project.id} format={format} opened={importOpen} onClose={closeImport} />
      )}
    </Paper>
  );
}
