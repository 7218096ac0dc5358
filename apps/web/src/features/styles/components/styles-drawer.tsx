import { lazy, Suspense, useCallback, useRef } from 'react';
import { Drawer, Group, Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { Project } from '@planvy/shared';
import classes from './styles-editor.module.css';

// Loaded when an admin first opens the drawer: clients, and admins who never do, skip the pickers.
const StylesEditor = lazy(() => import('./styles-editor').then((m) => ({ default: m.StylesEditor })));

export interface StylesDrawerProps {
  project: Project;
  opened: boolean;
  onClose: () => void;
}

/**
 * The styles editor slide panel (spec §2, admin): controls, themes and a live preview of the
 * project's widget. Closing it with unsaved changes (Escape, the close button, Cancel) asks first.
 */
export function StylesDrawer({ project, opened, onClose }: StylesDrawerProps) {
  const { t } = useTranslation();
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const requestClose = useCallback(() => {
    if (!dirty.current) {
      onClose();
      return;
    }
    modals.openConfirmModal({
      title: t('styles.discardTitle'),
      children: <Text size="sm">{t('styles.discardConfirm')}</Text>,
      labels: { confirm: t('styles.discard'), cancel: t('styles.keepEditing') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        dirty.current = false;
        onClose();
      },
    });
  }, [onClose, t]);

  return (
    <Drawer
      opened={opened}
      onClose={requestClose}
      position="right"
      size={1240}
      title={t('styles.title', { name: project.name })}
      classNames={{ content: classes.content, body: classes.body }}
    >
      <Suspense
        fallback={
          <Group justify="center" py="xl">
            <Loader aria-label={t('app.loading')} />
          </Group>
        }
      >
        <StylesEditor project={project} onDirtyChange={onDirtyChange} onCancel={requestClose} />
      </Suspense>
    </Drawer>
  );
}
