import { useCan } from '../../../hooks/use-can';
import { memo, useState } from 'react';
import { Button, Group, Pill, Select, Stack, Text } from '@mantine/core';
import { confirmOverPlan } from './confirm-over-plan';
import { IconPlus } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { buildingLabelText, type BuildingNumber, type PlanSummary } from '@planvy/shared';
import { logger } from '../../../lib/logger';
import { useAttachBuildings } from '../api/attach-buildings';

/** The building number ids attached to a plan, in stored order. */
export function attachedIds(plan: Pick<PlanSummary, 'buildings'>): number[] {
  return plan.buildings
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/**
 * The plan's building numbers as tags (removable by admins, with a confirmation) and,
 * for admins, a select with "Attach building". Errors are not toasted (spec §8); the
 * loading state stops and a quiet line says the change was not saved.
 */
export const BuildingTags = memo(function BuildingTags({
  projectId,
  plan,
  buildingNumbers,
}: {
  projectId: number;
  plan: PlanSummary;
  buildingNumbers: BuildingNumber[];
}) {
  const { t } = useTranslation();
  const attaches = useCan()('plan.attachBuildings');
  const attach = useAttachBuildings(projectId);
  const [selected, setSelected] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const ids = attachedIds(plan);
  const byId = new Map(buildingNumbers.map((b) => [b.id, b]));
  const attached = ids.flatMap((id) => {
    const b = byId.get(id);
    return b ? [b] : [];
  });
  const options = buildingNumbers
    .filter((b) => !ids.includes(b.id))
    .map((b) => ({ value: String(b.id), label: buildingLabelText(b.label) }));

  const save = (next: number[], after?: () => void) => {
    setFailed(false);
    attach.mutate(
      { fileId: plan.id, buildings: next },
      {
        onSuccess: after,
        onError: (error) => {
          logger.warn('attach buildings failed', error);
          setFailed(true);
        },
      },
    );
  };

  const confirmRemove = (b: BuildingNumber) =>
    confirmOverPlan({
      title: t('plans.buildings.removeTitle'),
      children: (
        <Text size="sm">{t('plans.buildings.removeConfirm', { label: buildingLabelText(b.label) })}</Text>
      ),
      labels: { confirm: t('plans.buildings.removeButton'), cancel: t('plans.popup.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => save(ids.filter((id) => id !== b.id)),
    });

  return (
    <Group gap="md" justify="space-between" align="flex-end" wrap="wrap">
      <Group gap="xs" aria-label={t('plans.buildings.onPlan')} role="group" style={{ flex: '1 1 260px' }}>
        <Text size="sm" fw={500}>
          {t('plans.buildings.onPlan')}:
        </Text>
        {attached.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('plans.buildings.none')}
          </Text>
        ) : (
          attached.map((b) => (
            <Pill
              key={b.id}
              size="md"
              withRemoveButton={attaches}
              onRemove={() => confirmRemove(b)}
              removeButtonProps={{
                // Mantine hides the button from keyboards and screen readers by default.
                'aria-hidden': false,
                tabIndex: 0,
                'aria-label': t('plans.buildings.remove', { label: buildingLabelText(b.label) }),
                disabled: attach.isPending,
              }}
            >
              {buildingLabelText(b.label)}
            </Pill>
          ))
        )}
      </Group>
      <Stack gap={4}>
        <Group gap="sm" align="flex-end">
          <Select
            label={t('plans.buildings.select')}
            placeholder={t('plans.buildings.selectPlaceholder')}
            description={
              !attaches
                ? undefined
                : buildingNumbers.length === 0
                  ? t('plans.buildings.noneDefined')
                  : options.length === 0
                    ? t('plans.buildings.noneLeft')
                    : undefined
            }
            data={options}
            value={selected}
            onChange={setSelected}
            disabled={!attaches || options.length === 0}
            w={{ base: '100%', xs: 260 }}
            size="sm"
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!attaches || !selected}
            loading={attach.isPending}
            onClick={() => selected && save([...ids, Number(selected)], () => setSelected(null))}
            size="sm"
          >
            {t('plans.buildings.attach')}
          </Button>
        </Group>
        {failed && (
          <Text size="xs" c="red.8" role="status">
            {t('plans.buildings.saveFailed')}
          </Text>
        )}
      </Stack>
    </Group>
  );
});
