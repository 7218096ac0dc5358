import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, useMatches } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconDownload } from '../../../components/ui/icons';
import 'dayjs/locale/sv';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  FIRST_STATISTICS_DAY,
  MAX_RANGE_DAYS,
  type DateRange,
  type IsoDate,
  type Language,
} from '@planvy/shared';
import { RANGE_PRESETS, type DashboardFilters, type RangeChoice } from '../dashboard-filters';
import { formatLongDay } from '../statistics-shaping';

interface Props {
  filters: DashboardFilters;
  range: DateRange;
  today: IsoDate;
  projects: { id: number; name: string }[] | undefined;
  lang: Language;
  onChange: (filters: DashboardFilters) => void;
  onExport: () => void;
  canExport: boolean;
}

/** Project filter, date range (7 / 30 / 90 days or a custom range) and the CSV export. */
export function DashboardFiltersBar({
  filters,
  range,
  today,
  projects,
  lang,
  onChange,
  onExport,
  canExport,
}: Props) {
  const { t } = useTranslation();
  const rangeValue = filters.range.kind === 'custom' ? 'custom' : String(filters.range.days);
  const setRange = (choice: RangeChoice) => onChange({ ...filters, range: choice });
  // Four choices fit a 360 px phone only in the small size.
  const segmentSize = useMatches({ base: 'xs', sm: 'sm' });

  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={t('statistics.filters.label')}
    >
      <Stack gap="sm">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label={t('statistics.filters.project')}
            data={[
              { value: 'all', label: t('statistics.filters.allProjects') },
              ...(projects ?? []).map((p) => ({ value: String(p.id), label: p.name })),
            ]}
            value={filters.project === null ? 'all' : String(filters.project)}
            onChange={(value) =>
              onChange({ ...filters, project: !value || value === 'all' ? null : Number(value) })
            }
            allowDeselect={false}
            searchable
            nothingFoundMessage="–"
            w={{ base: '100%', xs: 260 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Stack gap={4} w={{ base: '100%', xs: 'auto' }}>
            <Text size="sm" fw={500} id="statistics-range-label">
              {t('statistics.filters.range')}
            </Text>
            <SegmentedControl
              size={segmentSize}
              fullWidth
              aria-labelledby="statistics-range-label"
              value={rangeValue}
              onChange={(value) => {
                if (value === 'custom') setRange({ kind: 'custom', from: range.from, to: range.to });
                else setRange({ kind: 'preset', days: Number(value) as (typeof RANGE_PRESETS)[number] });
              }}
              data={[
                ...RANGE_PRESETS.map((days) => ({
                  value: String(days),
                  label: t(`statistics.filters.days${days}`),
                })),
                { value: 'custom', label: t('statistics.filters.custom') },
              ]}
            />
          </Stack>
          {filters.range.kind === 'custom' && (
            <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
              <DatePickerInput
                type="range"
                label={t('statistics.filters.customRange')}
                description={t('statistics.filters.customRangeHint', { days: MAX_RANGE_DAYS })}
                leftSection={<IconCalendar size={16} aria-hidden />}
                value={[filters.range.from, filters.range.to]}
                minDate={FIRST_STATISTICS_DAY}
                maxDate={today}
                valueFormat="D MMM YYYY"
                allowSingleDateInRange
                onChange={([from, to]) => {
                  // A range longer than the API allows is cut to its last MAX_RANGE_DAYS days.
                  if (from && to)
                    setRange({
                      kind: 'custom',
                      from:
                        from < addDays(to, -(MAX_RANGE_DAYS - 1)) ? addDays(to, -(MAX_RANGE_DAYS - 1)) : from,
                      to,
                    });
                }}
                w={{ base: '100%', xs: 280 }}
                popoverProps={{ withinPortal: true }}
              />
            </DatesProvider>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={onExport}
            disabled={!canExport}
            ml={{ base: 0, md: 'auto' }}
          >
            {t('statistics.filters.export')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="statistics-period">
          {t('statistics.filters.period', {
            from: formatLongDay(range.from, lang),
            to: formatLongDay(range.to, lang),
          })}
        </Text>
      </Stack>
    </Paper>
  );
}
