import { useState } from 'react';
import { ActionIcon, Button, Group, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceFloppy, IconRefresh, IconTrash } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { THEME_NAME_MAX_LENGTH, type Theme } from '@planvy/shared';
import { errorWithDetail } from '../../../lib/error-message';
import { toast, TOAST_MS } from '../../../lib/toast';
import { useCreateTheme } from '../api/create-theme';
import { useDeleteTheme } from '../api/delete-theme';
import { useThemes } from '../api/get-themes';
import { useUpdateTheme } from '../api/update-theme';
import { draftFromTheme, draftToThemeData, type StyleDraft } from '../style-draft';

export interface ThemeBarProps {
  draft: StyleDraft;
  /** The draft has values the API would refuse: a theme cannot be saved from it. */
  invalid: boolean;
  onApply: (draft: StyleDraft) => void;
}

/**
 * Saved themes (spec §5, §8): choosing one applies it to the draft; "Save as theme" needs a
 * name, "Update theme" a chosen theme. Toasts: 1.5 s on success, the error for 3 s.
 */
export function ThemeBar({ draft, invalid, onApply }: ThemeBarProps) {
  const { t } = useTranslation();
  const themes = useThemes();
  const create = useCreateTheme();
  const update = useUpdateTheme();
  const remove = useDeleteTheme();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const [name, setName] = useState('');

  const list = themes.data ?? [];
  const selected = list.find((x) => String(x.id) === selectedId);
  const failed = (error: unknown) => toast.error(errorWithDetail(error), { autoClose: TOAST_MS.long });

  const choose = (id: string | null) => {
    setSelectedId(id);
    const theme = list.find((x) => String(x.id) === id);
    if (!theme) return;
    onApply(draftFromTheme(theme.data));
    setApplied(theme.name);
  };

  const saveAs = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    create.mutate(
      { name: trimmed, data: draftToThemeData(draft) },
      {
        onSuccess: (theme: Theme) => {
          toast.success(t('styles.themes.saved'), { autoClose: TOAST_MS.short });
          setSelectedId(String(theme.id));
          setApplied(null);
          setName('');
        },
        onError: failed,
      },
    );
  };

  const confirmUpdate = () => {
    if (!selected) return;
    modals.openConfirmModal({
      title: t('styles.themes.updateTitle'),
      children: <Text size="sm">{t('styles.themes.updateConfirm', { name: selected.name })}</Text>,
      labels: { confirm: t('styles.themes.update'), cancel: t('styles.cancel') },
      onConfirm: () =>
        update.mutate(
          { id: selected.id, input: { name: selected.name, data: draftToThemeData(draft) } },
          {
            onSuccess: () => toast.success(t('styles.themes.updated'), { autoClose: TOAST_MS.short }),
            onError: failed,
          },
        ),
    });
  };

  const confirmDelete = () => {
    if (!selected) return;
    modals.openConfirmModal({
      title: t('styles.themes.deleteTitle'),
      children: <Text size="sm">{t('styles.themes.deleteConfirm', { name: selected.name })}</Text>,
      labels: { confirm: t('styles.themes.delete'), cancel: t('styles.cancel') },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} aria-hidden /> },
      onConfirm: () =>
        remove.mutate(selected.id, {
          onSuccess: () => {
            toast.success(t('styles.themes.deleted', { name: selected.name }));
            setSelectedId(null);
            setApplied(null);
          },
          onError: failed,
        }),
    });
  };

  return (
    <div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Group gap={6} align="flex-end" wrap="nowrap" style={{ flex: '1 1 260px' }}>
          <Select
            style={{ flex: 1 }}
            label={t('styles.themes.label')}
            placeholder={themes.isPending ? undefined : t('styles.themes.placeholder')}
            nothingFoundMessage={t('styles.themes.empty')}
            data={list.map((x) => ({ value: String(x.id), label: x.name }))}
            value={selectedId}
            onChange={choose}
            searchable
            clearable
            disabled={themes.isPending}
            error={themes.isError ? errorWithDetail(themes.error) : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <Tooltip label={t('styles.themes.delete')} withinPortal>
            <ActionIcon
              variant="default"
              size="input-sm"
              color="red"
              disabled={!selected}
              loading={remove.isPending}
              onClick={confirmDelete}
              aria-label={t('styles.themes.delete')}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          disabled={!selected || invalid}
          loading={update.isPending}
          onClick={confirmUpdate}
        >
          {t('styles.themes.update')}
        </Button>
        <Group gap={6} align="flex-end" wrap="nowrap" style={{ flex: '1 1 300px' }}>
          <TextInput
            style={{ flex: 1 }}
            label={t('styles.themes.name')}
            placeholder={t('styles.themes.namePlaceholder')}
            value={name}
            maxLength={THEME_NAME_MAX_LENGTH}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (name.trim() && !invalid) saveAs();
              }
            }}
          />
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            disabled={!name.trim() || invalid}
            loading={create.isPending}
            onClick={saveAs}
          >
            {t('styles.themes.saveAs')}
          </Button>
        </Group>
      </Group>
      {applied && (
        <Text size="sm" c="dimmed" mt={6} role="status">
          {t('styles.themes.applied', { name: applied })}
        </Text>
      )}
    </div>
  );
}
