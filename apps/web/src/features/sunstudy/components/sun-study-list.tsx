import { useState, type FormEvent } from 'react';
import { ActionIcon, Anchor, Button, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMovie, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SUN_STUDY_LABEL_MAX, type SunStudyFile } from '@planvy/shared';
import { ReorderableList } from '../../../components/ui/reorderable-list';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { formatBytes } from '../../../lib/upload-queue';
import { useDeleteSunStudyFile } from '../api/delete-sun-study-file';
import { useUpdateSunStudyFile } from '../api/update-sun-study-file';
import classes from './sun-study.module.css';

/** Spec §8: a failed update or delete reads "Update failed id={id}: {message}". */
function useFailure() {
  const { t } = useTranslation();
  return (id: number, error: unknown) =>
    toast.error(t('sunstudy.updateFailed', { id, message: errorMessage(error) }));
}

function Thumbnail({ file }: { file: SunStudyFile }) {
  const { t } = useTranslation();
  return (
    <span className={classes.thumb}>
      {file.thumbnailPath ? (
        <img src={file.thumbnailPath} alt={t('sunstudy.thumbnail', { name: file.fileName })} loading="lazy" />
      ) : (
        <IconMovie size={22} aria-label={t('sunstudy.video')} />
      )}
    </span>
  );
}

/** The label of one file, edited in place and saved with "Update". */
function LabelForm({ projectId, file }: { projectId: number; file: SunStudyFile }) {
  const { t } = useTranslation();
  const update = useUpdateSunStudyFile(projectId);
  const failed = useFailure();
  const [draft, setDraft] = useState(file.label);
  const [saved, setSaved] = useState(file.label);
  // A label changed elsewhere (another tab, a reorder answer) replaces an untouched draft.
  if (file.label !== saved) {
    setSaved(file.label);
    if (draft === saved) setDraft(file.label);
  }
  const tooLong = draft.trim().length > SUN_STUDY_LABEL_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || draft.trim() === file.label) return;
    update.mutate(
      { id: file.id, label: draft.trim() },
      {
        onSuccess: () => toast.success(t('sunstudy.updated')),
        onError: (error) => failed(file.id, error),
      },
    );
  };

  return (
    <form className={classes.labelForm} onSubmit={submit}>
      <div className={classes.labelField}>
        <TextInput
          size="sm"
          aria-label={t('sunstudy.label', { name: file.fileName })}
          placeholder={t('sunstudy.labelPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          error={tooLong ? t('sunstudy.labelTooLong', { max: SUN_STUDY_LABEL_MAX }) : undefined}
        />
        <Anchor
          href={file.filePath}
          target="_blank"
          rel="noopener"
          size="xs"
          c="dimmed"
          truncate="end"
          display="block"
        >
          {file.fileName}
        </Anchor>
      </div>
      <Button
        type="submit"
        size="sm"
        variant="light"
        loading={update.isPending}
        disabled={tooLong || draft.trim() === file.label}
      >
        {t('sunstudy.update')}
      </Button>
    </form>
  );
}

/** The sun study in the order buyers see it: drag or use the arrows to move; the order is saved at once. */
export function SunStudyList({ projectId, files }: { projectId: number; files: SunStudyFile[] }) {
  const { t, i18n } = useTranslation();
  const move = useUpdateSunStudyFile(projectId);
  const remove = useDeleteSunStudyFile(projectId);
  const failed = useFailure();

  const onMove = (from: number, to: number) => {
    const file = files[from];
    if (file) move.mutate({ id: file.id, sortIndex: to }, { onError: (error) => failed(file.id, error) });
  };

  const confirmDelete = (file: SunStudyFile) =>
    modals.openConfirmModal({
      title: t('sunstudy.deleteTitle'),
      children: <Text size="sm">{t('sunstudy.deleteConfirm', { name: file.fileName })}</Text>,
      labels: { confirm: t('sunstudy.deleteButton'), cancel: t('sunstudy.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(file, {
          onSuccess: () => toast.success(t('sunstudy.deleted', { name: file.fileName })),
          onError: (error) => failed(file.id, error),
        }),
    });

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('sunstudy.reorderHint')}
      </Text>
      <ReorderableList
        items={files}
        getKey={(file) => file.id}
        getName={(file) => file.label || file.fileName}
        label={t('sunstudy.list')}
        onMove={onMove}
        busy={move.isPending}
        texts={{
          moveUp: (name) => t('sunstudy.moveUp', { name }),
          moveDown: (name) => t('sunstudy.moveDown', { name }),
          dragHandle: (name) => t('sunstudy.dragHandle', { name }),
        }}
        actions={(file) => (
          <Tooltip label={t('sunstudy.delete', { name: file.fileName })} withinPortal>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('sunstudy.delete', { name: file.fileName })}
              onClick={() => confirmDelete(file)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      >
        {(file) => (
          <>
            <Thumbnail file={file} />
            <LabelForm key={file.id} projectId={projectId} file={file} />
            <Text size="xs" c="dimmed" visibleFrom="sm" className={classes.size}>
              {formatBytes(file.size, i18n.language)}
            </Text>
          </>
        )}
      </ReorderableList>
    </Stack>
  );
}
