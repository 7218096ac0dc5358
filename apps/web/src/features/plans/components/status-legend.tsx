import { memo } from 'react';
import { ColorSwatch, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INACTIVE_COLOR, statusesFor, type ProjectType } from '@planvy/shared';
import { statusFill } from '../editor/zone-styles';

/**
 * What the zone colours mean (the same colours as the stage, the project's own where it
 * has them): the statuses the project's apartments have, or every status of its type while it has none.
 */
export const StatusLegend = memo(function StatusLegend({
  type,
  lang,
  used,
}: {
  type: ProjectType;
  lang: 'sv' | 'en';
  used: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const statuses = statusesFor(type);
  const shown = used.size > 0 ? statuses.filter((s) => used.has(s.alias)) : statuses;
  const entries = [
    ...shown.map((s) => ({
      key: s.alias,
      color: statusFill(s.styleKey, s.color),
      label: (type === 'rental' && s.rentalLabel ? s.rentalLabel : s.label)[lang],
    })),
    {
      key: 'inactive',
      color: statusFill('inactive', INACTIVE_COLOR),
      label: t('plans.viewer.legendInactive'),
    },
    { key: 'link', color: '#1c7ed6', label: t('plans.viewer.legendLink') },
  ];
  return (
    <Group
      gap="md"
      component="ul"
      aria-label={t('plans.viewer.legend')}
      style={{ listStyle: 'none', margin: 0, padding: 0, rowGap: 4 }}
    >
      {entries.map((e) => (
        <Group key={e.key} gap={6} component="li" wrap="nowrap">
          <ColorSwatch color={e.color} size={12} withShadow={false} aria-hidden />
          <Text size="xs" c="dimmed">
            {e.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
});
