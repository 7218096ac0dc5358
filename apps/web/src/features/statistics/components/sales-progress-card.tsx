import { AreaChart } from '@mantine/charts';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { SALES_PHASE_COLORS, SALES_PHASES, type StatusHistory, type Language } from '@planvy/shared';
import { formatCount, formatDay, formatLongDay, progressDays, projectProgress } from '../statistics-shaping';
import { cardState, ChartCard } from './chart-card';
import { StatTable } from './stat-table';

/** Sold, reserved and available apartments day by day, and per project from the start of the range to its end. */
export function SalesProgressCard({ query, lang }: { query: UseQueryResult<StatusHistory>; lang: Language }) {
  const { t } = useTranslation();
  const data = query.data;
  const days = data ? progressDays(data) : [];
  const projects = data ? projectProgress(data) : [];
  const phaseLabel = (phase: (typeof SALES_PHASES)[number]) => t(`statistics.progress.phases.${phase}`);
  const period = data ? { from: formatLongDay(data.from, lang), to: formatLongDay(data.to, lang) } : null;
  const isEmpty = () => days.every((d) => SALES_PHASES.every((phase) => d[phase] === 0));

  const perProject = projects.length > 0 && (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {t('statistics.progress.perProject')}
      </Title>
      <StatTable
        caption={t('statistics.progress.projectCaption')}
        minWidth={520}
        head={[t('statistics.progress.project'), ...SALES_PHASES.map(phaseLabel)]}
        rows={projects.map((p) => ({
          key: p.id,
          cells: [
            p.name,
            ...SALES_PHASES.map((phase) =>
              p.start[phase] === p.end[phase]
                ? formatCount(p.end[phase], lang)
                : t('statistics.progress.fromTo', {
                    start: formatCount(p.start[phase], lang),
                    end: formatCount(p.end[phase], lang),
                  }),
            ),
          ],
        }))}
      />
    </Stack>
  );

  return (
    <ChartCard
      testId="sales-progress"
      title={t('statistics.progress.title')}
      description={t('statistics.progress.description')}
      state={cardState(query, isEmpty)}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText={t('statistics.progress.empty')}
      height={260}
      chart={
        <Stack gap="md">
          <AreaChart
            h={260}
            data={days.map((d) => ({ ...d, day: formatDay(d.date, lang) }))}
            dataKey="day"
            type="stacked"
            series={SALES_PHASES.map((phase) => ({
              name: phase,
              label: phaseLabel(phase),
              color: SALES_PHASE_COLORS[phase],
            }))}
            curveType="stepAfter"
            withDots={false}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            gridAxis="y"
            fillOpacity={0.55}
            valueFormatter={(value) => formatCount(value, lang)}
            yAxisProps={{ allowDecimals: false, width: 48 }}
            xAxisProps={{ minTickGap: 24 }}
            aria-label={period ? t('statistics.progress.caption', period) : undefined}
          />
          {perProject}
        </Stack>
      }
      table={
        <Stack gap="md">
          {period && (
            <StatTable
              caption={t('statistics.progress.caption', period)}
              minWidth={560}
              head={[
                t('statistics.progress.date'),
                ...SALES_PHASES.map(phaseLabel),
                t('statistics.progress.changes'),
              ]}
              rows={[...days].reverse().map((d) => ({
                key: d.date,
                cells: [
                  formatLongDay(d.date, lang),
                  ...SALES_PHASES.map((phase) => formatCount(d[phase], lang)),
                  formatCount(d.changes, lang),
                ],
              }))}
            />
          )}
          {perProject}
        </Stack>
      }
    />
  );
}
