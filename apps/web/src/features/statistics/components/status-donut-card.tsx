import { DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { StatusSum, Language } from '@planvy/shared';
import { formatCount, formatPercent, statusSlices } from '../statistics-shaping';
import { cardState, ChartCard } from './chart-card';
import { StatTable } from './stat-table';

/** Spec §2: a donut of all apartments by status, shares to two decimals, catalogue colours. */
export function StatusDonutCard({
  query,
  labels,
  lang,
}: {
  query: UseQueryResult<StatusSum>;
  /** Status names for the projects counted (statusLabels); the API's labels until they are known. */
  labels?: ReadonlyMap<string, string>;
  lang: Language;
}) {
  const { t } = useTranslation();
  const total = query.data?.total ?? 0;
  const slices = query.data ? statusSlices(query.data, lang, labels) : [];
  const title = t('statistics.donut.title');

  return (
    <ChartCard
      testId="status-donut"
      title={title}
      state={cardState(query, () => slices.length === 0)}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText={t('statistics.donut.empty')}
      height={220}
      chart={
        <Group justify="center" align="center" gap="xl" wrap="wrap">
          <DonutChart
            data={slices.map((s) => ({ name: s.label, value: s.count, color: s.color }))}
            size={190}
            thickness={30}
            chartLabel={formatCount(total, lang)}
            tooltipDataSource="segment"
            valueFormatter={(value) => `${formatCount(value, lang)} (${formatPercent(value / total, lang)})`}
            aria-label={t('statistics.donut.caption', { count: total })}
          />
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} miw={180}>
            {slices.map((s) => (
              <Group key={s.status} component="li" gap="xs" wrap="nowrap" justify="space-between">
                <Group gap={8} wrap="nowrap">
                  <ColorSwatch color={s.color} size={12} withShadow={false} aria-hidden />
                  <Text size="sm">{s.label}</Text>
                </Group>
                <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(s.count, lang)} · {formatPercent(s.share, lang)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      }
      table={
        <StatTable
          caption={t('statistics.donut.caption', { count: total })}
          head={[t('statistics.donut.status'), t('statistics.donut.count'), t('statistics.donut.share')]}
          rows={slices.map((s) => ({
            key: s.status,
            cells: [s.label, formatCount(s.count, lang), formatPercent(s.share, lang)],
          }))}
          foot={[t('statistics.donut.total'), formatCount(total, lang), formatPercent(1, lang)]}
        />
      }
    />
  );
}
