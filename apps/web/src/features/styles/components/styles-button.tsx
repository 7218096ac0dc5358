import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPalette } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import type { Project } from '@planvy/shared';
import { StylesDrawer } from './styles-drawer';

/** Opens the styles drawer from the project's header (admins only; the route decides). */
export function StylesButton({ project }: { project: Project }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPalette size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
      >
        {t('styles.open')}
      </Button>
      <StylesDrawer project={project} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
