import { useState, type FormEvent } from 'react';
import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMovie, IconTrash } from '../../../components/ui/icons';
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

/** The label of one file, edited in place; the list saves every changed label together. */
function LabelField({
  file,
  value,
  onChange,
}: {
  file: SunStudyFile;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const tooLong = value.trim().length > SUN_STUDY_LABEL_MAX;
  return (
    <div className={classes.labelField}>
      <TextInput
        size="sm"
        aria-label={t('sunstudy.label', { name: file.fileName })}
        placeholder={t('sunstudy.labelPlaceholder')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
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
  );
}

/** The sun study in the order buyers see it: drag or use the arrows to move; the order is saved at once. */
export function SunStudyList({ projectId, files }: { projectId: number; files: SunStudyFile[] }) {
  const { t, i18n } = useTranslation();
  const move = useUpdateSunStudyFile(projectId);
  const relabel = useUpdateSunStudyFile(projectId);
  const remove = useDeleteSunStudyFile(projectId);
  const failed = useFailure();
  /** Labels typed and not saved yet, by file id; a label typed back to the stored one is no change. */
  const [drafts, setDrafts] = useState<ReadonlyMap<number, string>>(new Map());
  const [saving, setSaving] = useState(false);
  const changed = files.filter((f) => drafts.has(f.id) && drafts.get(f.id)!.trim() !== f.label);
  const invalid = changed.some((f) => drafts.get(f.id)!.trim().length > SUN_STUDY_LABEL_MAX);
  const setDraft = (id: number, value: string) => setDrafts((current) => new Map(current).set(id, value));

  /** Saves every changed label (one call each, spec §8's message for any that fails; those stay typed). */
  const saveLabels = async (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0 || invalid || saving) return;
    setSaving(true);
    const saved: number[] = [];
    for (const file of changed) {
      try {
        await relabel.mutateAsync({ id: file.id, label: drafts.get(file.id)!.trim() });
        saved.push(file.id);
      } catch (error) {
        failed(file.id, error);
      }
    }
    setDrafts((current) => {
      const next = new Map(current);
      for (const id of saved) next.delete(id);
      return next;
    });
    setSaving(false);
    if (saved.length > 0) toast.success(t('sunstudy.labelsSaved', { count: saved.length }));
  };

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
    <Stack gap="xs" component="form" onSubmit={(event) => void saveLabels(event)}>
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
            <LabelField
              file={file}
              value={drafts.get(file.id) ?? file.label}
              onChange={(value) => setDraft(file.id, value)}
            />
            <Text size="xs" c="dimmed" visibleFrom="sm" className={classes.size}>
              {formatBytes(file.size, i18n.language)}
            </Text>
          </>
        )}
      </ReorderableList>
      <Group gap="sm" justify="flex-end">
        <Text size="sm" c="dimmed" role="status">
          {changed.length > 0
            ? t('sunstudy.labelsChanged', { count: changed.length })
            : t('sunstudy.labelsUnchanged')}
        </Text>
        <Button variant="default" disabled={drafts.size === 0 || saving} onClick={() => setDrafts(new Map())}>
          {t('sunstudy.labelsReset')}
        </Button>
        <Button type="submit" loading={saving} disabled={changed.length === 0 || invalid}>
          {t('sunstudy.labelsSave')}
        </Button>
      </Group>
    </Stack>
  );
}
