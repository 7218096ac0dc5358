import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectType } from '@planvy/shared';

const COLORS: Record<ProjectType, string> = { sale: 'indigo', rental: 'teal', tomter: 'orange' };

export function ProjectTypeBadge({ type }: { type: ProjectType }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[type]} radius="sm" tt="none">
      {t(`projects.types.${type}`)}
    </Badge>
  );
}
