import { ColorSwatch, Group, Loader, SegmentedControl, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clickShadeSteps, type DateRange, type Language } from '@planvy/shared';
import { RANGE_PRESETS, type RangePreset } from '../dashboard-filters';
import { formatCount, formatLongDay } from '../statistics-shaping';

export interface ClickOverlayState {
  on: boolean;
  days: RangePreset;
}

/** The switch that shades a plan's zones by clicks, and the range the clicks are counted over. */
export function ClickOverlayControl({
  value,
  onChange,
  loading,
}: {
  value: ClickOverlayState;
  onChange: (value: ClickOverlayState) => void;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap" data-testid="click-overlay-control">
      <Switch
        label={t('statistics.overlay.toggle')}
        checked={value.on}
        onChange={(event) => onChange({ ...value, on: event.currentTarget.checked })}
      />
      {value.on && (
        <SegmentedControl
          size="xs"
          aria-label={t('statistics.overlay.range')}
          value={String(value.days)}
          onChange={(days) => onChange({ ...value, days: Number(days) as RangePreset })}
          data={RANGE_PRESETS.map((days) => ({
            value: String(days),
            label: t(`statistics.filters.days${days}`),
          }))}
        />
      )}
      {value.on && loading && <Loader size="xs" aria-label={t('statistics.overlay.loading')} />}
    </Group>
  );
}

/** What each shade means, with the exact click counts it stands for. */
export function ClickLegend({
  max,
  range,
  error,
  lang,
}: {
  max: number;
  range: DateRange;
  error: string | null;
  lang: Language;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Text size="xs" c="red" role="alert">
        {t('statistics.overlay.failed')}: {error}
      </Text>
    );
  }
  const steps = clickShadeSteps(max);
  return (
    <div data-testid="click-legend">
      <Text size="xs" fw={600} mb={4}>
        {t('statistics.overlay.legend', {
          from: formatLongDay(range.from, lang),
          to: formatLongDay(range.to, lang),
        })}
      </Text>
      {max === 0 ? (
        <Text size="xs" c="dimmed">
          {t('statistics.overlay.empty')}
        </Text>
      ) : (
        <Group gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0, rowGap: 4 }}>
          {steps.map((step) => (
            <Group key={step.level} gap={6} component="li" wrap="nowrap">
              <ColorSwatch color={step.color} size={12} withShadow={false} aria-hidden />
              <Text size="xs" c="dimmed">
                {step.max === 0
                  ? t('statistics.overlay.none')
                  : step.min === step.max
                    ? t('statistics.overlay.levelOne', { count: step.max, n: formatCount(step.max, lang) })
                    : t('statistics.overlay.level', {
                        min: formatCount(step.min, lang),
                        max: formatCount(step.max, lang),
                      })}
              </Text>
            </Group>
          ))}
        </Group>
      )}
    </div>
  );
}
