import { EmptyState, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder until the projects list lands. */
export function ProjectsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('projects.title')} />
      <Paper withBorder p="xl">
        <EmptyState icon={<IconBuildingCommunity aria-hidden />} variant="light">
          <EmptyState.Title order={2}>{t('projects.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t('projects.emptyDescription')}</EmptyState.Description>
        </EmptyState>
      </Paper>
    </>
  );
}
