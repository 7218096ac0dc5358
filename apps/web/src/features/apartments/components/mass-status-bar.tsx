import { memo, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Apartment, ProjectType } from '@planvy/shared';
import { ConflictAlert } from '../../../components/ui/conflict-alert';
import { isConflict } from '../../../lib/api-client';
import { errorWithDetail } from '../../../lib/error-message';
import { projectKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useUpdateStatuses } from '../api/update-statuses';
import type { Lang } from '../apartment-table';
import { StatusSelect } from './status-select';

interface MassStatusBarProps {
  projectId: number;
  type: ProjectType;
  lang: Lang;
  /** The checked apartments that still exist. */
  selectedIds: readonly number[];
  /** The apartments as the table shows them (their versions travel with the update). */
  apartments: readonly Apartment[];
  onClear: () => void;
}

/** Spec §2/§5: one status for every checked apartment, after a confirmation; all or nothing on the server. */
export const MassStatusBar = memo(function MassStatusBar({
  projectId,
  type,
  lang,
  selectedIds,
  apartments: shown,
  onClear,
}: MassStatusBarProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const update = useUpdateStatuses();
  const count = selectedIds.length;
  const canSave = count > 0 && status !== null && !update.isPending;

  const save = () => {
    if (!canSave || !status) return;
    const apartments = [...selectedIds];
    const wanted = new Set(apartments);
    const versions = Object.fromEntries(shown.filter((a) => wanted.has(a.id)).map((a) => [a.id, a.version]));
    modals.openConfirmModal({
      title: t('apartments.mass.confirmTitle'),
      children: <Text size="sm">{t('apartments.mass.confirm')}</Text>,
      labels: { confirm: t('apartments.mass.confirmButton'), cancel: t('common.cancel') },
      onConfirm: () =>
        update.mutate(
          { projectId, apartments, status, versions },
          {
            onSuccess: (saved) => {
              toast.success(t('apartments.mass.done', { count: saved.length }));
              setStatus(null);
              onClear();
            },
            onError: (error) => {
              if (isConflict(error)) setConflict(true);
              else toast.error(errorWithDetail(error));
            },
          },
        ),
    });
  };

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
          <Button onClick={save} disabled={!canSave} loading={update.isPending}>
            {t('apartments.mass.save')}
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
    </Stack>
  );
});
