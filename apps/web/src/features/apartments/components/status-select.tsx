import { ColorSwatch, Group, Select, type SelectProps } from '@mantine/core';
import { statusColor, statusesFor, statusLabel, type ProjectType } from '@planvy/shared';
import type { Lang } from '../apartment-table';

interface StatusSelectProps extends Omit<SelectProps, 'data' | 'renderOption' | 'leftSection'> {
  type: ProjectType;
  lang: Lang;
  /** A stored status outside the project's list still shows (and can be kept). */
  current?: string;
}

/** The statuses that apply to the project type (spec §4), each with its colour. */
export function StatusSelect({ type, lang, current, value, ...props }: StatusSelectProps) {
  const options = statusesFor(type).map((s) => ({ value: s.alias, label: statusLabel(s.alias, type, lang) }));
  if (current && !options.some((o) => o.value === current)) {
    options.push({ value: current, label: statusLabel(current, type, lang) });
  }
  return (
    <Select
      {...props}
      value={value}
      data={options}
      leftSection={value ? <ColorSwatch color={statusColor(value)} size={12} aria-hidden /> : undefined}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={statusColor(option.value)} size={12} aria-hidden />
          {option.label}
        </Group>
      )}
    />
  );
}
