import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DailyClicks, Language } from '@planvy/shared';
import { busiestDay, formatCount, formatDay, formatLongDay } from '../statistics-shaping';
import { cardState, ChartCard } from './chart-card';
import { StatTable } from './stat-table';

/** Clicks per day over the chosen range: where buyers' attention went, and when. */
export function ClicksCard({ query, lang }: { query: UseQueryResult<DailyClicks>; lang: Language }) {
  const { t } = useTranslation();
  const data = query.data;
  const busiest = data ? busiestDay(data) : null;
  const days = data?.days ?? [];
  const period = data ? { from: formatLongDay(data.from, lang), to: formatLongDay(data.to, lang) } : null;

  return (
    <ChartCard
      testId="clicks-per-day"
      title={t('statistics.clicks.title')}
      description={t('statistics.clicks.description')}
      state={cardState(query, () => (data?.total ?? 0) === 0)}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText={t('statistics.clicks.empty')}
      height={260}
      summary={
        busiest && (
          <Text size="sm" c="dimmed">
            {t('statistics.clicks.busiest', {
              date: formatLongDay(busiest.date, lang),
              count: busiest.clicks,
            })}
          </Text>
        )
      }
      chart={
        <LineChart
          h={260}
          data={days.map((d) => ({ day: formatDay(d.date, lang), clicks: d.clicks }))}
          dataKey="day"
          series={[{ name: 'clicks', label: t('statistics.clicks.series'), color: 'indigo.6' }]}
          curveType="monotone"
          withDots={days.length <= 31}
          gridAxis="y"
          valueFormatter={(value) => formatCount(value, lang)}
          yAxisProps={{ allowDecimals: false, width: 44 }}
          xAxisProps={{ minTickGap: 24 }}
          aria-label={period ? t('statistics.clicks.caption', period) : undefined}
        />
      }
      table={
        period && (
          <StatTable
            caption={t('statistics.clicks.caption', period)}
            head={[t('statistics.clicks.date'), t('statistics.clicks.clicks')]}
            rows={[...days].reverse().map((d) => ({
              key: d.date,
              cells: [formatLongDay(d.date, lang), formatCount(d.clicks, lang)],
            }))}
            foot={[t('statistics.donut.total'), formatCount(data?.total ?? 0, lang)]}
          />
        )
      }
    />
  );
}
