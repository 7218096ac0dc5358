import { memo, useMemo, useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { IconX } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import {
  statusLabel,
  type Apartment,
  type BuildingNumber,
  type PriceAdjustment,
  type ProjectType,
} from '@planvy/shared';
import { ConflictAlert } from '../../../components/ui/conflict-alert';
import { isConflict } from '../../../lib/api-client';
import { errorWithDetail } from '../../../lib/error-message';
import { projectKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useUpdateBuildingNumbers } from '../api/update-building-numbers';
import { useUpdatePrices } from '../api/update-prices';
import { useUpdateStatuses } from '../api/update-statuses';
import { MassPriceModal } from './mass-price-modal';
import type { Lang } from '../apartment-table';
import { StatusSelect } from './status-select';

interface MassActionsBarProps {
  projectId: number;
  type: ProjectType;
  lang: Lang;
  /** The checked apartments that still exist. */
  selectedIds: readonly number[];
  /** The apartments as the table shows them (their versions travel with the update). */
  apartments: readonly Apartment[];
  /** The project's building numbers when the signed-in user may give them (else none: no building control). */
  buildings: readonly BuildingNumber[];
  /** "kr" or "SEK", as the project shows money. */
  currency: string;
  onClear: () => void;
}

/** The building select's value for "no building number" (a Select's value is a string or nothing). */
const NO_BUILDING = 'none';

/**
 * Spec §2/§5: one status, or one building number, for every checked apartment, after a
 * confirmation that names how many and what; all or nothing on the server.
 */
export const MassActionsBar = memo(function MassActionsBar({
  projectId,
  type,
  lang,
  selectedIds,
  apartments: shown,
  buildings,
  currency,
  onClear,
}: MassActionsBarProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const [building, setBuilding] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const updateStatuses = useUpdateStatuses();
  const updateBuildings = useUpdateBuildingNumbers();
  const updatePrices = useUpdatePrices();
  const [pricing, setPricing] = useState(false);
  const pending = updateStatuses.isPending || updateBuildings.isPending || updatePrices.isPending;
  const count = selectedIds.length;

  /** Asks first, naming the count and the change; then sends the checked apartments with the versions shown. */
  const confirmThen = (
    title: string,
    question: string,
    send: (apartments: number[], versions: Record<number, number>) => void,
  ) => {
    const apartments = [...selectedIds];
    const wanted = new Set(apartments);
    const versions = Object.fromEntries(shown.filter((a) => wanted.has(a.id)).map((a) => [a.id, a.version]));
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{question}</Text>,
      labels: { confirm: t('apartments.mass.confirmButton'), cancel: t('common.cancel') },
      onConfirm: () => send(apartments, versions),
    });
  };
  const onError = (error: unknown) => {
    if (isConflict(error)) setConflict(true);
    else toast.error(errorWithDetail(error));
  };

  const saveStatus = () => {
    if (count === 0 || !status || pending) return;
    confirmThen(
      t('apartments.mass.confirmTitle'),
      t('apartments.mass.confirm', { count, status: statusLabel(status, type, lang) }),
      (apartments, versions) =>
        updateStatuses.mutate(
          { projectId, apartments, status, versions },
          {
            onSuccess: (saved) => {
              toast.success(t('apartments.mass.done', { count: saved.length }));
              setStatus(null);
              onClear();
            },
            onError,
          },
        ),
    );
  };

  const saveBuilding = () => {
    if (count === 0 || building === null || pending) return;
    const id = building === NO_BUILDING ? null : Number(building);
    const label = buildings.find((b) => b.id === id)?.label ?? '';
    confirmThen(
      t('apartments.mass.buildingConfirmTitle'),
      id === null
        ? t('apartments.mass.buildingClear', { count })
        : t('apartments.mass.buildingConfirm', { count, building: label }),
      (apartments, versions) =>
        updateBuildings.mutate(
          { projectId, apartments, building_number_id: id, versions },
          {
            onSuccess: (saved) => {
              toast.success(t('apartments.mass.buildingDone', { count: saved.length }));
              setBuilding(null);
              onClear();
            },
            onError,
          },
        ),
    );
  };

  const checked = useMemo(() => {
    const wanted = new Set(selectedIds);
    return shown.filter((a) => wanted.has(a.id));
  }, [selectedIds, shown]);
  // The preview was the confirmation: it names every apartment and its new value.
  const savePrices = (adjustment: PriceAdjustment) =>
    updatePrices.mutate(
      {
        projectId,
        apartments: checked.map((a) => a.id),
        adjustment,
        versions: Object.fromEntries(checked.map((a) => [a.id, a.version])),
      },
      {
        onSuccess: (saved) => {
          const before = new Map(checked.map((a) => [a.id, a[adjustment.field]]));
          const count = saved.filter((a) => a[adjustment.field] !== before.get(a.id)).length;
          toast.success(t('apartments.massPrice.done', { count }));
          setPricing(false);
          onClear();
        },
        onError: (error) => {
          setPricing(false);
          onError(error);
        },
      },
    );

  /** Reads the list again; the checked rows stay checked, so the update can be tried once more. */
  const reload = async () => {
    await queryClient.refetchQueries({ queryKey: projectKeys.apartments(projectId), exact: true });
    setConflict(false);
  };

  return (
    <Stack gap="xs">
      {conflict && <ConflictAlert message={t('conflicts.apartments')} onReload={reload} />}
      <Paper
        bg="gray.0"
        px="sm"
        py="xs"
        radius="md"
        withBorder
        role="group"
        aria-label={t('apartments.mass.label')}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <StatusSelect
            type={type}
            lang={lang}
            label={t('apartments.mass.status')}
            placeholder={t('apartments.mass.placeholder')}
            value={status}
            onChange={setStatus}
            clearable
            size="sm"
            w={{ base: '100%', xs: 240 }}
          />
          <Button
            onClick={saveStatus}
            disabled={count === 0 || status === null || pending}
            loading={updateStatuses.isPending}
          >
            {t('apartments.mass.save')}
          </Button>
          {buildings.length > 0 && (
            <>
              <Select
                label={t('apartments.mass.building')}
                placeholder={t('apartments.mass.buildingPlaceholder')}
                data={[
                  { value: NO_BUILDING, label: t('apartments.mass.noBuilding') },
                  ...buildings.map((b) => ({ value: String(b.id), label: b.label })),
                ]}
                value={building}
                onChange={setBuilding}
                clearable
                size="sm"
                w={{ base: '100%', xs: 200 }}
              />
              <Button
                variant="light"
                onClick={saveBuilding}
                disabled={count === 0 || building === null || pending}
                loading={updateBuildings.isPending}
              >
                {t('apartments.mass.saveBuilding')}
              </Button>
            </>
          )}
          <Button variant="light" onClick={() => setPricing(true)} disabled={count === 0 || pending}>
            {t('apartments.massPrice.open')}
          </Button>
          <Text size="sm" c="dimmed" mb={8} aria-live="polite">
            {t('apartments.mass.selected', { count })}
          </Text>
          {count > 0 && (
            <Button
              variant="subtle"
              size="compact-sm"
              mb={6}
              leftSection={<IconX size={14} aria-hidden />}
              onClick={onClear}
            >
              {t('apartments.mass.clear')}
            </Button>
          )}
        </Group>
      </Paper>
      <MassPriceModal
        opened={pricing}
        onClose={() => setPricing(false)}
        apartments={checked}
        lang={lang}
        currency={currency}
        saving={updatePrices.isPending}
        onSave={savePrices}
      />
    </Stack>
  );
});
