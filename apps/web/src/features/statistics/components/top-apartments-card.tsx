import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TopApartments, Language } from '@planvy/shared';
import { StatusBadge } from '../../../components/ui/status-badge';
import { paths } from '../../../config/paths';
import { formatCount, formatLongDay, formatPrice } from '../statistics-shaping';
import { cardState, ChartCard } from './chart-card';
import { StatTable } from './stat-table';

/** The ten most-clicked apartments of the range, with their status and price: what buyers look at. */
export function TopApartmentsCard({ query, lang }: { query: UseQueryResult<TopApartments>; lang: Language }) {
  const { t } = useTranslation();
  const data = query.data;
  const apartments = data?.apartments ?? [];
  const period = data ? { from: formatLongDay(data.from, lang), to: formatLongDay(data.to, lang) } : null;

  return (
    <ChartCard
      testId="top-apartments"
      title={t('statistics.top.title')}
      state={cardState(query, () => apartments.length === 0)}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText={t('statistics.top.empty')}
      height={200}
      table={
        period && (
          <StatTable
            caption={t('statistics.top.caption', period)}
            minWidth={560}
            numeric={false}
            head={[
              t('statistics.top.apartment'),
              t('statistics.top.project'),
              t('statistics.top.status'),
              <Text key="price" span inherit ta="right" display="block">
                {t('statistics.top.price')}
              </Text>,
              <Text key="clicks" span inherit ta="right" display="block">
                {t('statistics.top.clicks')}
              </Text>,
            ]}
            rows={apartments.map((a, i) => ({
              key: a.apartment_id,
              cells: [
                <Group key="a" gap={6} wrap="nowrap">
                  <Text
                    span
                    size="xs"
                    c="dimmed"
                    w={18}
                    ta="right"
                    aria-label={`${t('statistics.top.rank')} ${i + 1}`}
                  >
                    {i + 1}
                  </Text>
                  {a.bostad}
                </Group>,
                <Anchor key="p" component={Link} to={paths.project(a.project_id)} size="sm">
                  {a.project_name}
                </Anchor>,
                <Group key="s" gap={4} wrap="nowrap">
                  <StatusBadge status={a.status} type={a.project_type} lang={lang} />
                  {a.inactive && (
                    <Badge color="gray" variant="outline" radius="sm" tt="none">
                      {t('statistics.top.inactive')}
                    </Badge>
                  )}
                </Group>,
                <Text
                  key="price"
                  span
                  inherit
                  ta="right"
                  display="block"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatPrice(a.price, lang)}
                </Text>,
                <Text
                  key="c"
                  span
                  inherit
                  fw={600}
                  ta="right"
                  display="block"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatCount(a.clicks, lang)}
                </Text>,
              ],
            }))}
          />
        )
      }
    />
  );
}
