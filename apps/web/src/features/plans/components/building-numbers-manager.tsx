import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBuilding, IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import type { BuildingNumber } from '@planvy/shared';
import { logger } from '../../../lib/logger';
import { useCreateBuildingNumber } from '../api/create-building-number';
import { useDeleteBuildingNumber } from '../api/delete-building-number';
import { useBuildingNumbers } from '../api/get-building-numbers';
import { useUpdateBuildingNumber } from '../api/update-building-number';

/** Spec §8: building number errors are not toasted; loading stops and a quiet line says so. */
function QuietError({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return show ? (
    <Text size="xs" c="red.8" role="status">
      {t('plans.buildings.manager.failed')}
    </Text>
  ) : null;
}

function BuildingRow({ projectId, building }: { projectId: number; building: BuildingNumber }) {
  const { t } = useTranslation();
  const update = useUpdateBuildingNumber(projectId);
  const remove = useDeleteBuildingNumber(projectId);
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(building.label);
  const [failed, setFailed] = useState(false);
  const onError = (error: unknown) => {
    logger.warn('building number change failed', error);
    setFailed(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = label.trim();
    if (!next) return;
    setFailed(false);
    update.mutate({ id: building.id, label: next }, { onSuccess: () => setEditing(false), onError });
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('plans.buildings.manager.deleteTitle'),
      children: (
        <Text size="sm">{t('plans.buildings.manager.deleteConfirm', { label: building.label })}</Text>
      ),
      labels: {
        confirm: t('plans.buildings.manager.deleteButton'),
        cancel: t('plans.buildings.manager.cancel'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setFailed(false);
        remove.mutate(building.id, { onError });
      },
    });

  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <form onSubmit={submit}>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                aria-label={t('plans.buildings.manager.renameLabel', { label: building.label })}
                value={label}
                onChange={(e) => setLabel(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') {
                    setEditing(false);
                    setLabel(building.label);
                  }
                }}
                maxLength={50}
                size="sm"
                autoFocus
                style={{ flex: 1 }}
              />
              <Button
                type="submit"
                size="sm"
                leftSection={<IconCheck size={14} aria-hidden />}
                disabled={!label.trim()}
                loading={update.isPending}
              >
                {t('plans.buildings.manager.update')}
              </Button>
              <Tooltip label={t('plans.buildings.manager.cancel')} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('plans.buildings.manager.cancel')}
                  onClick={() => {
                    setEditing(false);
                    setLabel(building.label);
                  }}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
            <QuietError show={failed} />
          </form>
        ) : (
          <>
            <Text fw={500}>{building.label}</Text>
            <QuietError show={failed} />
          </>
        )}
      </Table.Td>
      <Table.Td w={110}>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {!editing && (
            <Tooltip label={t('plans.buildings.manager.rename', { label: building.label })} withinPortal>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('plans.buildings.manager.rename', { label: building.label })}
                onClick={() => {
                  setLabel(building.label);
                  setEditing(true);
                }}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('plans.buildings.manager.delete', { label: building.label })} withinPortal>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('plans.buildings.manager.delete', { label: building.label })}
              onClick={confirmDelete}
              loading={remove.isPending}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The Building numbers tab (admins): list, add, rename inline, delete. */
export function BuildingNumbersManager({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const list = useBuildingNumbers(projectId);
  const create = useCreateBuildingNumber(projectId);
  const [label, setLabel] = useState('');
  const [failed, setFailed] = useState(false);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const next = label.trim();
    if (!next) return;
    setFailed(false);
    create.mutate(next, {
      onSuccess: () => setLabel(''),
      onError: (error) => {
        logger.warn('building number not added', error);
        setFailed(true);
      },
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="building-numbers-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="building-numbers-title">
            {t('plans.buildings.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('plans.buildings.manager.description')}
          </Text>
        </div>
        <form onSubmit={add}>
          <Group gap="sm" align="flex-end">
            <TextInput
              label={t('plans.buildings.manager.newLabel')}
              placeholder={t('plans.buildings.manager.newPlaceholder')}
              value={label}
              onChange={(e) => setLabel(e.currentTarget.value)}
              maxLength={50}
              w={{ base: '100%', xs: 260 }}
            />
            <Button
              type="submit"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={!label.trim()}
              loading={create.isPending}
            >
              {t('plans.buildings.manager.add')}
            </Button>
          </Group>
          <QuietError show={failed} />
        </form>

        {list.isPending ? (
          <Stack gap={6} aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={36} radius="sm" />
            ))}
          </Stack>
        ) : list.isError ? (
          <Text size="sm" c="dimmed">
            {t('plans.buildings.manager.loadFailed')}
          </Text>
        ) : list.data.length === 0 ? (
          <EmptyState icon={<IconBuilding aria-hidden />} py="md">
            <EmptyState.Title order={3}>{t('plans.buildings.manager.emptyTitle')}</EmptyState.Title>
            <EmptyState.Description>{t('plans.buildings.manager.emptyDescription')}</EmptyState.Description>
          </EmptyState>
        ) : (
          <Table verticalSpacing="xs" aria-label={t('plans.buildings.manager.list')} maw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('plans.buildings.manager.label')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('plans.buildings.manager.actions')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((b) => (
                <BuildingRow key={b.id} projectId={projectId} building={b} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
