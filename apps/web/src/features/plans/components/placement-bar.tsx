import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlacementLoop } from '../hooks/use-placement-loop';

/**
 * The "place the next apartment" loop above the plan (ADR 029): which apartment the next shape
 * gets, Skip and End; when the queue is empty, that every apartment is on a plan.
 */
export function PlacementBar({ loop }: { loop: PlacementLoop }) {
  const { t } = useTranslation();
  if (!loop.active && !loop.done) return null;
  const { next } = loop;
  return (
    <Paper withBorder radius="md" px="sm" py={6} bg="var(--mantine-color-blue-light)">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" role="status" aria-live="polite" data-testid="placement-next">
          {next
            ? t('plans.place.next', { bostad: next.bostad || `#${next.id}`, left: loop.queue.length })
            : t('plans.place.done')}
        </Text>
        <Group gap="xs">
          {next && (
            <Button size="compact-sm" variant="default" onClick={loop.skip} disabled={loop.queue.length < 2}>
              {t('plans.place.skip')}
            </Button>
          )}
          <Button size="compact-sm" variant={next ? 'subtle' : 'light'} onClick={loop.stop}>
            {next ? t('plans.place.stop') : t('plans.place.close')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
