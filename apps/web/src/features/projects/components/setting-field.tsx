import { useId } from 'react';
import { Group, NativeSelect, NumberInput, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PROJECT_SETTINGS, type ProjectSettingName } from '@planvy/shared';
import type { ProjectDetailsValues } from '../project-details-values';

interface SettingFieldProps {
  name: ProjectSettingName;
  form: UseFormReturnType<ProjectDetailsValues>;
  readOnly: boolean;
}

/** The translated name of an enum setting's value (the catalogue holds the stored values). */
function optionLabel(t: TFunction, name: ProjectSettingName, value: string): string {
  switch (name) {
    case 'currency':
      return t(`projects.settings.currency.options.${value as 'kr' | 'sek'}`);
    case 'default_sort_order':
      return t(`projects.settings.default_sort_order.options.${value as 'status' | 'bostad'}`);
    default:
      return value;
  }
}

/**
 * Mantine puts a Switch's description inside its <label>, which makes the description part of the
 * switch's accessible name. Here the label names it and the description only describes it.
 */
function SettingSwitch({
  label,
  description,
  disabled,
  inputProps,
}: {
  label: string;
  description: string;
  disabled: boolean;
  inputProps: ReturnType<UseFormReturnType<ProjectDetailsValues>['getInputProps']>;
}) {
  const id = useId();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Switch id={id} aria-describedby={`${id}-description`} disabled={disabled} mt={2} {...inputProps} />
      <div>
        <Text
          component="label"
          htmlFor={id}
          size="sm"
          fw={500}
          display="block"
          style={{ cursor: disabled ? 'default' : 'pointer' }}
        >
          {label}
        </Text>
        <Text id={`${id}-description`} size="xs" c="dimmed">
          {description}
        </Text>
      </div>
    </Group>
  );
}

/** One of the settings, drawn by its kind in the shared catalogue, labelled and described. */
export function SettingField({ name, form, readOnly }: SettingFieldProps) {
  const { t } = useTranslation();
  const def = PROJECT_SETTINGS[name];
  const path = `settings.${name}` as const;
  const common = {
    label: t(`projects.settings.${name}.label`),
    description: t(`projects.settings.${name}.description`),
    disabled: readOnly,
  };

  switch (def.kind) {
    case 'boolean':
      return <SettingSwitch {...common} inputProps={form.getInputProps(path, { type: 'checkbox' })} />;
    case 'integer':
      return (
        <NumberInput
          {...common}
          min={def.min}
          max={def.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps(path)}
        />
      );
    case 'enum':
      return (
        <NativeSelect
          {...common}
          data={def.values.map((value) => ({ value, label: optionLabel(t, name, value) }))}
          {...form.getInputProps(path)}
        />
      );
    case 'email':
      return (
        <TextInput
          {...common}
          type="email"
          autoComplete="off"
          placeholder="info@example.com"
          {...form.getInputProps(path)}
        />
      );
    case 'url':
      return (
        <TextInput
          {...common}
          type="url"
          autoComplete="off"
          placeholder="https://"
          {...form.getInputProps(path)}
        />
      );
    case 'decimal':
      // Text, not NumberInput: a Swedish comma ("3,45") is as good as a point, and empty is allowed.
      return <TextInput {...common} inputMode="decimal" autoComplete="off" {...form.getInputProps(path)} />;
    case 'text':
      return <TextInput {...common} maxLength={def.max} autoComplete="off" {...form.getInputProps(path)} />;
    case 'date':
      return <TextInput {...common} type="date" {...form.getInputProps(path)} />;
  }
}
