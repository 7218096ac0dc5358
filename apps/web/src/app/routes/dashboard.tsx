import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { PageLoader } from '../../components/ui/page-loader';

// The charts are the largest code in the app: loaded only once the page is shown, so a user
// without statistics who is sent away from /dashboard never downloads them.
const StatisticsDashboard = lazy(async () => ({
  default: (await import('../../features/statistics/components/statistics-dashboard')).StatisticsDashboard,
}));

/** /dashboard (spec §2): signed in, with statistics enabled (RequireStatistic) or an admin. */
export function DashboardRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('statistics.title')} />
      <Suspense fallback={<PageLoader />}>
        <StatisticsDashboard />
      </Suspense>
    </>
  );
}
