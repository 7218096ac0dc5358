import { Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DailyClicks, ProjectStatusSum, StatusSum, Language } from '@planvy/shared';
import { formatCount, formatLongDay, formatPercent, phaseCounts } from '../statistics-shaping';

function Stat({
  label,
  value,
  hint,
  loading,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  loading: boolean;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId} aria-busy={loading} miw={0}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={30} mt={6} width="60%" />
      ) : (
        <>
          <Text fz={28} fw={700} lh={1.25} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}

/** The headline figures: apartments, the share sold or let, and clicks in the period. */
export function SummaryStats({
  allSum,
  perProject,
  clicks,
  project,
  lang,
}: {
  allSum: UseQueryResult<StatusSum>;
  perProject: UseQueryResult<ProjectStatusSum[]>;
  clicks: UseQueryResult<DailyClicks>;
  project: number | null;
  lang: Language;
}) {
  const { t } = useTranslation();
  const total = allSum.data?.total ?? 0;
  const sold = allSum.data
    ? phaseCounts(Object.fromEntries(allSum.data.list.map((s) => [s.status, s.count]))).sold
    : 0;
  const projectsWithApartments = (perProject.data ?? []).filter(
    (p) => p.total > 0 && (project === null || p.id === project),
  ).length;

  return (
    <>
      <Stat
        testId="stat-apartments"
        label={t('statistics.summary.apartments')}
        value={allSum.isError ? '–' : formatCount(total, lang)}
        hint={
          perProject.data &&
          t('statistics.summary.apartmentsHint', {
            count: projectsWithApartments,
            n: formatCount(projectsWithApartments, lang),
          })
        }
        loading={allSum.isPending}
      />
      <Stat
        testId="stat-sold"
        label={t('statistics.summary.sold')}
        value={allSum.isError || total === 0 ? '–' : formatPercent(sold / total, lang)}
        hint={
          total > 0 &&
          t('statistics.summary.soldHint', { sold: formatCount(sold, lang), total: formatCount(total, lang) })
        }
        loading={allSum.isPending}
      />
      <Stat
        testId="stat-clicks"
        label={t('statistics.summary.clicks')}
        value={clicks.isError ? '–' : formatCount(clicks.data?.total ?? 0, lang)}
        hint={
          clicks.data &&
          t('statistics.summary.clicksHint', {
            from: formatLongDay(clicks.data.from, lang),
            to: formatLongDay(clicks.data.to, lang),
          })
        }
        loading={clicks.isPending}
      />
    </>
  );
}
