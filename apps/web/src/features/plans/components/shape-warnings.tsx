import { Alert, Button, List, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShapeWarning } from '../editor/plan-stage';

export interface ShapeWarningsProps {
  warnings: readonly ShapeWarning[];
  /** Picks the shape around this one instead; absent when there is none to step out to. */
  onStepOut?: () => void;
}

/**
 * What speaks against a picked shape becoming a zone (ADR 029), shown in its popup before it
 * is saved, with the way out to the shape around it.
 */
export function ShapeWarnings({ warnings, onStepOut }: ShapeWarningsProps) {
  const { t } = useTranslation();
  if (warnings.length === 0 && !onStepOut) return null;
  return (
    <Stack gap="xs">
      {warnings.length > 0 && (
        <Alert color="yellow" variant="light" title={t('plans.pick.warningsTitle')}>
          <List size="sm">
            {warnings.map((w) => (
              <List.Item key={w}>{t(`plans.pick.${w}`)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {onStepOut && (
        <Button variant="light" size="xs" onClick={onStepOut} style={{ alignSelf: 'flex-start' }}>
          {t('plans.pick.stepOut')}
        </Button>
      )}
    </Stack>
  );
}
