import { ActionIcon, Anchor, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileVector, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanFile, PlanSummary } from '@planvy/shared';
import { ReorderableList } from '../../../components/ui/reorderable-list';
import { errorMessage } from '../../../lib/error-message';
import { moveItem } from '../../../lib/list-order';
import { toast } from '../../../lib/toast';
import { useDeletePlanFile } from '../api/delete-plan-file';
import { useReorderPlans } from '../api/reorder-plans';
import { formatBytes } from '../../../lib/upload-queue';
import classes from './plan-files.module.css';

function useDeleteWithConfirm(projectId: number) {
  const { t } = useTranslation();
  const remove = useDeletePlanFile(projectId);
  return (file: Pick<PlanFile, 'id' | 'kind' | 'name'>) =>
    modals.openConfirmModal({
      title: t('plans.files.deleteTitle'),
      children: <Text size="sm">{t('plans.files.deleteConfirm', { name: file.name })}</Text>,
      labels: { confirm: t('plans.files.deleteButton'), cancel: t('plans.upload.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(file, {
          onSuccess: () => toast.success(t('plans.files.deleted', { name: file.name })),
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });
}

/** The plans in display order: drag a row (or use its arrows) to move it; the order is saved at once. */
export function PlanList({ projectId, plans }: { projectId: number; plans: PlanSummary[] }) {
  const { t, i18n } = useTranslation();
  const reorder = useReorderPlans(projectId);
  const confirmDelete = useDeleteWithConfirm(projectId);

  const move = (from: number, to: number) =>
    reorder.mutate(moveItem(plans, from, to), {
      onError: (error) => toast.error(`${t('plans.files.reorderFailed')}: ${errorMessage(error)}`),
    });

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('plans.files.reorderHint')}
      </Text>
      <ReorderableList
        items={plans}
        getKey={(plan) => plan.id}
        getName={(plan) => plan.name}
        label={t('plans.files.plansList')}
        onMove={move}
        busy={reorder.isPending}
        texts={{
          moveUp: (name) => t('plans.files.moveUp', { name }),
          moveDown: (name) => t('plans.files.moveDown', { name }),
          dragHandle: (name) => t('plans.files.dragHandle', { name }),
        }}
        actions={(plan) => (
          <Tooltip label={t('plans.files.delete', { name: plan.name })} withinPortal>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('plans.files.delete', { name: plan.name })}
              onClick={() => confirmDelete(plan)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      >
        {(plan) => (
          <>
            <IconFileVector size={20} aria-hidden className={classes.fileIcon} />
            <div className={classes.fileName}>
              <Anchor
                href={plan.url}
                target="_blank"
                rel="noopener"
                size="sm"
                fw={500}
                truncate="end"
                display="block"
              >
                {plan.name}
              </Anchor>
              <Text size="xs" c="dimmed" truncate="end">
                {formatBytes(plan.size, i18n.language)}
                {plan.data ? ` · ${t('plans.files.background', { name: plan.data })}` : ''}
              </Text>
            </div>
          </>
        )}
      </ReorderableList>
    </Stack>
  );
}

export function ImageList({ projectId, images }: { projectId: number; images: PlanFile[] }) {
  const { t, i18n } = useTranslation();
  const confirmDelete = useDeleteWithConfirm(projectId);
  return (
    <Stack gap={6} component="ul" className={classes.fileList} aria-label={t('plans.files.imagesList')}>
      {images.map((image) => (
        <li key={image.id} className={classes.fileRow} aria-label={image.name}>
          <img
            src={image.url}
            alt={t('plans.files.preview', { name: image.name })}
            className={classes.thumb}
            loading="lazy"
          />
          <div className={classes.fileName}>
            <Anchor
              href={image.url}
              target="_blank"
              rel="noopener"
              size="sm"
              fw={500}
              truncate="end"
              display="block"
            >
              {image.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatBytes(image.size, i18n.language)}
            </Text>
          </div>
          <Tooltip label={t('plans.files.delete', { name: image.name })} withinPortal>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('plans.files.delete', { name: image.name })}
              onClick={() => confirmDelete(image)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </li>
      ))}
    </Stack>
  );
}
