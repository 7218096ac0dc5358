import { BarChart } from '@mantine/charts';
import { ColorSwatch, Group, isLightColor, Stack, Text, useMatches } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ProjectStatusSum, Language } from '@planvy/shared';
import { formatCount, formatPercent, projectBars, showsSegmentNumber } from '../statistics-shaping';
import { cardState, ChartCard } from './chart-card';
import { StatTable } from './stat-table';

const ROW_HEIGHT = 34;
/** Rough width of a digit or sign at the label size, to leave out labels that would not fit. */
const CHAR_PX = 6.5;

interface SegmentLabelProps {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  height?: number | string;
  index?: number;
}

/**
 * Spec §2/§9: one bar per project (the share of its apartments per status), segments
 * numbered with their share unless under 3 % (or too narrow to hold the number).
 */
export function ProjectBarsCard({
  query,
  project,
  lang,
}: {
  query: UseQueryResult<ProjectStatusSum[]>;
  /** The dashboard's project filter: only that project's bar. */
  project: number | null;
  lang: Language;
}) {
  const { t } = useTranslation();
  // Project names take less room on a phone, so the bars keep most of the width.
  const nameChars = useMatches({ base: 10, sm: 16 });
  const projects = (query.data ?? []).filter((p) => project === null || p.id === project);
  const bars = projectBars(projects, lang);
  const data = bars.rows.map((r) => ({ project: r.project, ...r.counts }));

  const segmentLabel = (status: string) =>
    function SegmentLabel(props: SegmentLabelProps) {
      const row = props.index === undefined ? undefined : bars.rows[props.index];
      const count = row?.counts[status] ?? 0;
      if (!row || !showsSegmentNumber(count, row.total)) return null;
      const [x, y, width, height] = [props.x, props.y, props.width, props.height].map(Number) as [
        number,
        number,
        number,
        number,
      ];
      const text = formatPercent(count / row.total, lang);
      if (!(width > text.length * CHAR_PX + 6)) return null;
      const color = bars.series.find((s) => s.name === status)?.color ?? '#000';
      return (
        <text
          x={x + width / 2}
          y={y + height / 2}
          textAnchor="middle"
          dominantBaseline="central"
          fontSize={11}
          fontWeight={600}
          fill={isLightColor(color) ? '#212529' : '#fff'}
          pointerEvents="none"
        >
          {text}
        </text>
      );
    };

  const title = t('statistics.bars.title');
  return (
    <ChartCard
      testId="project-bars"
      title={title}
      description={t('statistics.bars.description')}
      state={cardState(query, () => bars.rows.length === 0)}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText={t('statistics.bars.empty')}
      height={Math.max(160, bars.rows.length * ROW_HEIGHT + 60)}
      chart={
        <Stack gap="xs">
          <BarChart
            h={bars.rows.length * ROW_HEIGHT + 30}
            data={data}
            dataKey="project"
            type="percent"
            orientation="vertical"
            series={bars.series}
            gridAxis="none"
            maxBarWidth={26}
            valueFormatter={(value) => formatCount(value, lang)}
            xAxisProps={{
              tickFormatter: (share: number) => formatPercent(share, lang).replace(/[,.]00/, ''),
            }}
            yAxisProps={{
              width: nameChars * 7,
              interval: 0,
              tickFormatter: (name: string) =>
                name.length > nameChars ? `${name.slice(0, nameChars - 1)}…` : name,
            }}
            barProps={(series) => ({ label: segmentLabel(series.name) })}
            aria-label={t('statistics.bars.caption')}
          />
          <Group component="ul" gap="xs" justify="center" p={0} m={0} style={{ listStyle: 'none' }}>
            {bars.series.map((s) => (
              <Group key={s.name} component="li" gap={6} wrap="nowrap">
                <ColorSwatch color={s.color} size={11} withShadow={false} aria-hidden />
                <Text size="xs">{s.label}</Text>
              </Group>
            ))}
          </Group>
        </Stack>
      }
      table={
        <StatTable
          caption={t('statistics.bars.caption')}
          minWidth={160 + bars.series.length * 110}
          head={[
            t('statistics.bars.project'),
            ...bars.series.map((s) => s.label),
            t('statistics.bars.total'),
          ]}
          rows={bars.rows.map((r) => ({
            key: r.id,
            cells: [
              r.project,
              ...bars.series.map((s) => {
                const count = r.counts[s.name] ?? 0;
                return count === 0
                  ? '–'
                  : `${formatCount(count, lang)} (${formatPercent(count / r.total, lang)})`;
              }),
              formatCount(r.total, lang),
            ],
          }))}
        />
      }
    />
  );
}
