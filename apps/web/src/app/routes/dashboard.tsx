import { EmptyState, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconChartDonut } from '@tabler/icons-react';
import { PageHeader } from '../../components/ui/page-header';

/** Placeholder until the statistics charts land. */
export function DashboardRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <Paper withBorder p="xl">
        <EmptyState icon={<IconChartDonut aria-hidden />} variant="light">
          <EmptyState.Title order={2}>{t('dashboard.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t('dashboard.emptyDescription')}</EmptyState.Description>
        </EmptyState>
      </Paper>
    </>
  );
}
