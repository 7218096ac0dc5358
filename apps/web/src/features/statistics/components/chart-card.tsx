import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconTable } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';

export type CardState = 'loading' | 'error' | 'empty' | 'ready';

/** The state a card shows for a query: its data, an error, nothing to show, or loading. */
export function cardState(
  query: { isPending: boolean; isError: boolean },
  isEmpty: () => boolean,
): CardState {
  if (query.isError) return 'error';
  if (query.isPending) return 'loading';
  return isEmpty() ? 'empty' : 'ready';
}

interface ChartCardProps {
  title: string;
  description?: string;
  state: CardState;
  error?: unknown;
  onRetry?: () => void;
  /** What "empty" means for this card. */
  emptyText: string;
  /** Height of the loading placeholder (the chart's height, so nothing jumps). */
  height?: number;
  /** The chart; without one the card shows only the table. */
  chart?: ReactNode;
  /** The same numbers as a table: the chart's text alternative, one click away. */
  table: ReactNode;
  /** Shown under the title whatever the view (a total, a note). */
  summary?: ReactNode;
  testId: string;
}

/**
 * A dashboard card: title, a Chart/Table switch, and the loading, error and empty states.
 * `data-state` says which is shown (the browser tests and the benchmark wait for it).
 */
export function ChartCard({
  title,
  description,
  state,
  error,
  onRetry,
  emptyText,
  height = 240,
  chart,
  table,
  summary,
  testId,
}: ChartCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const showing = chart ? view : 'table';

  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={titleId}
      aria-busy={state === 'loading'}
      data-testid={testId}
      data-state={state}
      miw={0}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          {chart && state === 'ready' && (
            <SegmentedControl
              size="xs"
              aria-label={t('statistics.view.label', { title })}
              value={view}
              onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
              data={[
                {
                  value: 'chart',
                  label: (
                    <Group gap={4} wrap="nowrap">
                      <IconChartBar size={14} aria-hidden />
                      {t('statistics.view.chart')}
                    </Group>
                  ),
                },
                {
                  value: 'table',
                  label: (
                    <Group gap={4} wrap="nowrap">
                      <IconTable size={14} aria-hidden />
                      {t('statistics.view.table')}
                    </Group>
                  ),
                },
              ]}
            />
          )}
        </Group>

        {state === 'loading' && (
          <Skeleton height={height} radius="md" aria-label={t('statistics.states.loading', { title })} />
        )}
        {state === 'error' && (
          <Alert color="red" role="alert" title={t('statistics.states.error')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(error)}</Text>
              {onRetry && (
                <Button size="xs" variant="light" color="red" onClick={onRetry}>
                  {t('statistics.states.retry')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        {state === 'empty' && (
          <Text c="dimmed" size="sm" py="lg" ta="center">
            {emptyText}
          </Text>
        )}
        {state === 'ready' && (
          <>
            {summary}
            {showing === 'chart' ? chart : table}
          </>
        )}
      </Stack>
    </Paper>
  );
}
