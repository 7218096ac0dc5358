import { memo } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DetachedToggleProps {
  count: number;
  active: boolean;
  onToggle: () => void;
  /** Starts the plan's "place the next apartment" loop (the route passes it on to the plan). */
  onPlace?: () => void;
}

/**
 * Spec §2: the number of apartments without a zone, with View/Close to show only them (admins).
 * A new apartment starts without one: a to-do ("to place on a plan"), not a warning.
 */
export const DetachedToggle = memo(function DetachedToggle({
  count,
  active,
  onToggle,
  onPlace,
}: DetachedToggleProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="center" wrap="nowrap">
      <Text size="sm" id="detached-label">
        {t('apartments.detached.label')}
      </Text>
      <Badge
        color={count > 0 ? 'blue' : 'gray'}
        variant="light"
        radius="sm"
        aria-describedby="detached-label"
        data-testid="detached-count"
      >
        {count}
      </Badge>
      <Button
        size="compact-sm"
        variant={active ? 'filled' : 'light'}
        onClick={onToggle}
        disabled={!active && count === 0}
        aria-pressed={active}
        aria-label={active ? t('apartments.detached.closeName') : t('apartments.detached.viewName')}
      >
        {active ? t('apartments.detached.close') : t('apartments.detached.view')}
      </Button>
      {onPlace && count > 0 && (
        <Button size="compact-sm" variant="light" onClick={onPlace}>
          {t('apartments.detached.place')}
        </Button>
      )}
    </Group>
  );
});
