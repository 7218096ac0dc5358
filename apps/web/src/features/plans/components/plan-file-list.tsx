import { useState, type FormEvent } from 'react';
import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconFileVector, IconPencil, IconTrash, IconX } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { PLAN_TITLE_MAX, type PlanFile, type PlanSummary } from '@planvy/shared';
import { ReorderableList } from '../../../components/ui/reorderable-list';
import { errorMessage } from '../../../lib/error-message';
import { moveItem } from '../../../lib/list-order';
import { toast } from '../../../lib/toast';
import { useDeletePlanFile } from '../api/delete-plan-file';
import { useRenamePlan } from '../api/rename-plan';
import { useReorderPlans } from '../api/reorder-plans';
import { formatBytes } from '../../../lib/upload-queue';
import classes from './plan-files.module.css';

function useDeleteWithConfirm(projectId: number) {
  const { t } = useTranslation();
  const remove = useDeletePlanFile(projectId);
  return (file: Pick<PlanFile, 'id' | 'kind' | 'name' | 'title'>) =>
    modals.openConfirmModal({
      title: t('plans.files.deleteTitle'),
      // A plan by its name (ADR 025), an image by its file name.
      children: <Text size="sm">{t('plans.files.deleteConfirm', { name: file.title || file.name })}</Text>,
      labels: { confirm: t('plans.files.deleteButton'), cancel: t('plans.upload.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(file, {
          onSuccess: () => toast.success(t('plans.files.deleted', { name: file.title || file.name })),
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });
}

/**
 * A plan's name, renamed in place (ADR 025): what buyers see in the widget's plan navigation and
 * admins in every picker. The file name stays the plan's key and shows below it.
 */
function PlanTitle({ projectId, plan }: { projectId: number; plan: PlanSummary }) {
  const { t } = useTranslation();
  const rename = useRenamePlan(projectId);
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(plan.title);
  const stop = () => {
    setEditing(false);
    setTitle(plan.title);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (!next || next === plan.title) return stop();
    rename.mutate(
      { id: plan.id, title: next },
      {
        onSuccess: (file) => {
          setEditing(false);
          toast.success(t('plans.files.renamed', { name: file.title }));
        },
        onError: (error) => toast.error(`${t('plans.files.renameFailed')}: ${errorMessage(error)}`),
      },
    );
  };
  if (editing)
    return (
      <form onSubmit={submit}>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={t('plans.files.renameLabel', { name: plan.title })}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') stop();
            }}
            maxLength={PLAN_TITLE_MAX}
            size="xs"
            autoFocus
            style={{ flex: 1 }}
          />
          <Button
            type="submit"
            size="xs"
            leftSection={<IconCheck size={14} aria-hidden />}
            disabled={!title.trim()}
            loading={rename.isPending}
          >
            {t('plans.files.renameSave')}
          </Button>
          <Tooltip label={t('plans.upload.cancel')} withinPortal>
            <ActionIcon variant="subtle" color="gray" aria-label={t('plans.upload.cancel')} onClick={stop}>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </form>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" fw={600} truncate="end">
        {plan.title}
      </Text>
      <Tooltip label={t('plans.files.rename', { name: plan.title })} withinPortal>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('plans.files.rename', { name: plan.title })}
          onClick={() => {
            setTitle(plan.title);
            setEditing(true);
          }}
        >
          <IconPencil size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
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
        getName={(plan) => plan.title}
        label={t('plans.files.plansList')}
        onMove={move}
        busy={reorder.isPending}
        texts={{
          moveUp: (name) => t('plans.files.moveUp', { name }),
          moveDown: (name) => t('plans.files.moveDown', { name }),
          dragHandle: (name) => t('plans.files.dragHandle', { name }),
        }}
        actions={(plan) => (
          <Tooltip label={t('plans.files.delete', { name: plan.title })} withinPortal>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('plans.files.delete', { name: plan.title })}
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
              <PlanTitle projectId={projectId} plan={plan} />
              <Text size="xs" c="dimmed" truncate="end">
                <Anchor href={plan.url} target="_blank" rel="noopener" size="xs" c="dimmed">
                  {plan.name}
                </Anchor>
                {' · '}
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
