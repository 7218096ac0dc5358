import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { StatisticsDashboard } from '../../features/statistics/components/statistics-dashboard';

/** /dashboard (spec §2): signed in, with statistics enabled (RequireStatistic) or an admin. */
export function DashboardRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('statistics.title')} />
      <StatisticsDashboard />
    </>
  );
}
