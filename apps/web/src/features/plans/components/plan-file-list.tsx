import { useState, type DragEvent } from 'react';
import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowDown, IconArrowUp, IconFileVector, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanFile } from '@planvy/shared';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeletePlanFile } from '../api/delete-plan-file';
import { useReorderPlans } from '../api/reorder-plans';
import { moveItem } from '../plan-order';
import { formatBytes } from '../upload-queue';
import classes from './plan-files.module.css';

const DRAG_TYPE = 'application/x-planvy-plan';

function useDeleteWithConfirm(projectId: number) {
  const { t } = useTranslation();
  const remove = useDeletePlanFile(projectId);
  return (file: PlanFile) =>
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
export function PlanList({ projectId, plans }: { projectId: number; plans: PlanFile[] }) {
  const { t, i18n } = useTranslation();
  const reorder = useReorderPlans(projectId);
  const confirmDelete = useDeleteWithConfirm(projectId);
  const [dragId, setDragId] = useState<number | null>(null);
  const [drop, setDrop] = useState<{ index: number; after: boolean } | null>(null);

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= plans.length) return;
    reorder.mutate(moveItem(plans, from, to), {
      onError: (error) => toast.error(`${t('plans.files.reorderFailed')}: ${errorMessage(error)}`),
    });
  };

  const isPlanDrag = (event: DragEvent) => Array.from(event.dataTransfer.types).includes(DRAG_TYPE);

  const onDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (!isPlanDrag(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    if (drop?.index !== index || drop.after !== after) setDrop({ index, after });
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (!isPlanDrag(event)) return;
    event.preventDefault();
    const from = plans.findIndex((p) => String(p.id) === event.dataTransfer.getData(DRAG_TYPE));
    const after = drop?.after ?? false;
    setDragId(null);
    setDrop(null);
    if (from < 0) return;
    // Dropping below a row puts the plan after it; indices shift once the plan leaves its place.
    let to = after ? index + 1 : index;
    if (from < to) to--;
    move(from, to);
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('plans.files.reorderHint')}
      </Text>
      <Stack gap={6} component="ol" className={classes.fileList} aria-label={t('plans.files.plansList')}>
        {plans.map((plan, index) => (
          <li
            key={plan.id}
            className={classes.fileRow}
            draggable
            aria-label={plan.name}
            data-dragging={dragId === plan.id || undefined}
            data-drop-before={(drop?.index === index && !drop.after && dragId !== plan.id) || undefined}
            data-drop-after={(drop?.index === index && drop.after && dragId !== plan.id) || undefined}
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, String(plan.id));
              event.dataTransfer.effectAllowed = 'move';
              setDragId(plan.id);
            }}
            onDragEnd={() => {
              setDragId(null);
              setDrop(null);
            }}
            onDragOver={(event) => onDragOver(event, index)}
            onDrop={(event) => onDrop(event, index)}
          >
            <span
              className={classes.grip}
              title={t('plans.files.dragHandle', { name: plan.name })}
              aria-hidden
            >
              <IconGripVertical size={18} />
            </span>
            <Badge variant="light" size="lg" radius="sm" w={36} px={0} aria-hidden>
              {index + 1}
            </Badge>
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
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t('plans.files.moveUp', { name: plan.name })} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('plans.files.moveUp', { name: plan.name })}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, index - 1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('plans.files.moveDown', { name: plan.name })} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('plans.files.moveDown', { name: plan.name })}
                  disabled={index === plans.length - 1 || reorder.isPending}
                  onClick={() => move(index, index + 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
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
            </Group>
          </li>
        ))}
      </Stack>
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
