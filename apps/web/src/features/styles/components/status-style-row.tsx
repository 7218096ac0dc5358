import { memo } from 'react';
import { Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { badgeTextColor, type StyleKey, type StyleProblem } from '@planvy/shared';
import { StyleField } from './style-field';

export interface StatusStyleRowProps {
  /** The status as the project shows it ("Såld", "Ledig", "Inaktiv"). */
  title: string;
  fill: StyleKey;
  fillLabel: string;
  fillValue: string;
  fillProblem: StyleProblem | undefined;
  text: StyleKey;
  textLabel: string;
  textValue: string;
  textProblem: StyleProblem | undefined;
  /** The contrast of text on fill when below WCAG AA, else null. */
  lowContrast: number | null;
  swatches: readonly string[];
  onChange: (name: string, value: string) => void;
}

/** A status: a sample badge in its colours, the fill and text colours, and a contrast warning. */
export const StatusStyleRow = memo(function StatusStyleRow({
  title,
  fill,
  fillLabel,
  fillValue,
  fillProblem,
  text,
  textLabel,
  textValue,
  textProblem,
  lowContrast,
  swatches,
  onChange,
}: StatusStyleRowProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Group gap="sm">
        {/* The sample reads the draft through React's style object (the CSSOM), never CSS text,
            with the text colour the widget will use (black or white when the chosen one does not read). */}
        <Box
          component="span"
          px={10}
          py={2}
          fz="sm"
          fw={600}
          style={{ borderRadius: 999, background: fillValue, color: badgeTextColor(fillValue, textValue) }}
          aria-hidden
        >
          {title}
        </Box>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <StyleField
          def={fill}
          label={fillLabel}
          value={fillValue}
          problem={fillProblem}
          visibleLabel={t('styles.fill')}
          swatches={swatches}
          onChange={onChange}
        />
        <StyleField
          def={text}
          label={textLabel}
          value={textValue}
          problem={textProblem}
          visibleLabel={t('styles.text')}
          swatches={swatches}
          onChange={onChange}
        />
      </SimpleGrid>
      {lowContrast !== null && (
        <Text size="sm" c="orange.9" role="status">
          <IconAlertTriangle size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
          {t('styles.contrast', {
            ratio: lowContrast.toLocaleString(i18n.resolvedLanguage, { maximumFractionDigits: 1 }),
          })}
        </Text>
      )}
    </Stack>
  );
});
