import { Badge, type BadgeProps } from '@mantine/core';
import { statusColor, statusLabel, type ProjectType } from '@planvy/shared';
import type { Lang } from '../apartment-table';

interface StatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  status: string;
  type: ProjectType;
  lang: Lang;
}

/** A status in its catalogue colour with its label for the project type (rental labels differ). */
export function StatusBadge({ status, type, lang, ...props }: StatusBadgeProps) {
  return (
    <Badge color={statusColor(status)} variant="light" radius="sm" tt="none" fw={600} {...props}>
      {statusLabel(status, type, lang)}
    </Badge>
  );
}
