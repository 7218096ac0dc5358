import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFlame } from '../../../components/ui/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MostClicked, Language } from '@planvy/shared';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { formatCount, formatLongDay } from '../statistics-shaping';

/** Spec §2: the most-clicked object of the week, with its project name and apartment. */
export function MostClickedCard({ query, lang }: { query: UseQueryResult<MostClicked>; lang: Language }) {
  const { t } = useTranslation();
  const titleId = useId();
  const data = query.data;
  const entry = data && 'name' in data ? data : null;
  const state = query.isError ? 'error' : query.isPending ? 'loading' : entry ? 'ready' : 'empty';

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={titleId}
      aria-busy={state === 'loading'}
      data-testid="most-clicked"
      data-state={state}
      miw={0}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="orange" size="lg" radius="md" aria-hidden>
          <IconFlame size={20} />
        </ThemeIcon>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Title order={2} size="h5" id={titleId} c="dimmed" fw={600}>
            {t('statistics.mostClicked.title')}
          </Title>
          {state === 'loading' && <Skeleton height={44} />}
          {state === 'error' && (
            <Alert color="red" p="xs" role="alert">
              {errorMessage(query.error)}
            </Alert>
          )}
          {state === 'empty' && (
            <Text size="sm" c="dimmed">
              {t('statistics.mostClicked.empty')}
            </Text>
          )}
          {entry && (
            <>
              <Text fw={700} size="lg" lh={1.3} data-testid="most-clicked-apartment">
                {t('statistics.mostClicked.apartment', { bostad: entry.bostad })}
              </Text>
              <Anchor
                component={Link}
                to={paths.project(entry.project_id)}
                size="sm"
                fw={500}
                aria-label={t('statistics.mostClicked.open', { name: entry.name })}
                data-testid="most-clicked-project"
              >
                {entry.name}
              </Anchor>
              <Text size="sm">
                {t('statistics.mostClicked.clicks', {
                  count: entry.clicks,
                  n: formatCount(entry.clicks, lang),
                })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('statistics.mostClicked.period', {
                  from: formatLongDay(entry.from, lang),
                  to: formatLongDay(entry.to, lang),
                })}
              </Text>
            </>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
