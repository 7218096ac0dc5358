import { Badge, type BadgeProps } from '@mantine/core';
import { badgeTextColor, statusColor, statusLabel, type ProjectType } from '@planvy/shared';

const textColours = new Map<string, string>();

/**
 * A status's catalogue colour and the text colour that reads on it (black or white, WCAG AA:
 * ADR 026), the same rule as the widget's badges. Kept per status: tables draw many rows.
 */
export function statusBadgeColours(status: string): { fill: string; text: string } {
  const fill = statusColor(status);
  let text = textColours.get(fill);
  if (text === undefined) {
    text = badgeTextColor(fill);
    textColours.set(fill, text);
  }
  return { fill, text };
}

interface StatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  status: string;
  type: ProjectType;
  lang: 'sv' | 'en';
}

/** A status in its catalogue colour with its label for the project type (rental labels differ). */
export function StatusBadge({ status, type, lang, ...props }: StatusBadgeProps) {
  const { fill, text } = statusBadgeColours(status);
  return (
    <Badge color={fill} c={text} variant="filled" radius="sm" tt="none" fw={600} {...props}>
      {statusLabel(status, type, lang)}
    </Badge>
  );
}
