import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROJECT_TYPES } from '@planvy/shared';

/** The three project types (spec §3) with their translated names. */
export function ProjectTypeSelect(props: Omit<NativeSelectProps, 'data'>) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      {...props}
      data={PROJECT_TYPES.map((type) => ({ value: type, label: t(`projects.types.${type}`) }))}
    />
  );
}
