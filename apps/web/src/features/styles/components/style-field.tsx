import { memo, useId } from 'react';
import {
  ActionIcon,
  Autocomplete,
  ColorInput,
  Group,
  Input,
  Radio,
  Slider,
  Switch,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowBackUp } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import type { StyleKey, StyleProblem } from '@planvy/shared';
import { FONT_STACKS } from '../font-stacks';

export interface StyleFieldProps {
  def: StyleKey;
  /** The accessible name (and visible label unless `hideLabel`). */
  label: string;
  value: string;
  problem: StyleProblem | undefined;
  swatches: readonly string[];
  onChange: (name: string, value: string) => void;
  /** Status rows show "Fill"/"Text" above the inputs and keep the full name for screen readers. */
  visibleLabel?: string;
}

/** The text shown under a refused value. */
export function useProblemText(): (problem: StyleProblem, def: StyleKey) => string {
  const { t } = useTranslation();
  return (problem, def) => {
    switch (problem) {
      case 'range':
        return def.kind === 'width'
          ? t('styles.problems.widthRange')
          : t('styles.problems.sizeRange', { min: def.min ?? 0, max: def.max ?? 0 });
      default:
        return t(`styles.problems.${problem}`);
    }
  };
}

/**
 * One style value, edited with the control its kind calls for, its default shown under it
 * and a reset beside it. The value is sent up as typed; the catalogue's validator decides
 * whether it may be saved (the error shows at once).
 */
export const StyleField = memo(function StyleField({
  def,
  label,
  value,
  problem,
  swatches,
  onChange,
  visibleLabel,
}: StyleFieldProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const id = useId();
  const shownDefault = def.default === 'inherit' ? t('styles.sameAsPage') : def.default;
  const description = t('styles.defaultValue', { value: shownDefault });
  const error = problem ? problemText(problem, def) : undefined;
  const change = (next: string) => onChange(def.name, next);
  const common = {
    label: visibleLabel ?? label,
    description,
    error,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
      'label' | 'input' | 'description' | 'error'
    )[],
    'aria-label': visibleLabel ? label : undefined,
    style: { flex: 1, minWidth: 0 },
  };

  let control;
  switch (def.kind) {
    case 'color':
      control = (
        <ColorInput
          {...common}
          value={value}
          onChange={change}
          // Colour names and any accepted form may be typed; the validator judges them.
          fixOnBlur={false}
          format={def.default.startsWith('rgba') ? 'rgba' : 'hex'}
          swatches={[...swatches]}
          swatchesPerRow={8}
          eyeDropperButtonProps={{ 'aria-label': t('styles.eyeDropper') }}
          popoverProps={{ withinPortal: true }}
        />
      );
      break;
    case 'fontFamily':
      control = (
        <Autocomplete
          {...common}
          value={value}
          onChange={change}
          data={def.default === 'inherit' ? ['inherit', ...FONT_STACKS] : [...FONT_STACKS]}
          placeholder={t('styles.fontPlaceholder')}
          // Every stack stays offered whatever is typed: a list, not a search.
          filter={({ options }) => options}
          comboboxProps={{ withinPortal: true }}
        />
      );
      break;
    case 'fontStyle':
      control = (
        <Radio.Group {...common} aria-label={undefined} value={value} onChange={change}>
          <Group gap="lg" mt={6} mb={4}>
            <Radio value="normal" label={t('styles.fontStyles.normal')} />
            <Radio value="italic" label={t('styles.fontStyles.italic')} />
          </Group>
        </Radio.Group>
      );
      break;
    case 'opacity': {
      const n = Number(value);
      control = (
        <Input.Wrapper {...common} aria-label={undefined} id={id} labelElement="div">
          <Group gap="sm" wrap="nowrap" mt={6} mb={8}>
            <Slider
              style={{ flex: 1 }}
              min={0}
              max={1}
              step={0.05}
              value={Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0}
              onChange={(v) => change(String(Math.round(v * 100) / 100))}
              thumbLabel={label}
              label={(v) => v.toFixed(2)}
            />
            <TextInput
              w={72}
              value={value}
              onChange={(e) => change(e.currentTarget.value)}
              aria-label={label}
              error={Boolean(error)}
            />
          </Group>
        </Input.Wrapper>
      );
      break;
    }
    case 'pattern':
      control = (
        <Switch
          label={label}
          description={t('styles.pattern.description')}
          error={error}
          checked={value.trim() !== 'none'}
          onChange={(e) => change(e.currentTarget.checked ? 'hatch' : 'none')}
          style={common.style}
          mt={6}
        />
      );
      break;
    default:
      control = (
        <TextInput
          {...common}
          value={value}
          onChange={(e) => change(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
        />
      );
  }

  const atDefault = value.trim() === def.default;
  return (
    <Group gap={6} align="flex-start" wrap="nowrap" data-style-field={def.name}>
      {control}
      <Tooltip label={t('styles.resetField', { label })} withinPortal>
        <ActionIcon
          variant="subtle"
          color="gray"
          mt={24}
          size="lg"
          disabled={atDefault}
          onClick={() => change(def.default)}
          aria-label={t('styles.resetField', { label })}
        >
          <IconArrowBackUp size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
});
