import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Below the plan, so a message appearing never moves what the pointer is over: a conflict
 * (someone else saved) with Reload, or unsaved drawing changes with Discard and Save.
 */
export function PlanSaveAlerts({
  conflict,
  unsaved,
  onReload,
  onDiscard,
  onSave,
}: {
  conflict: string | null;
  unsaved: boolean;
  onReload: () => void;
  onDiscard: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  if (conflict) {
    return (
      <Alert color="red" title={t('plans.viewer.conflictTitle')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{conflict}</Text>
          <Button size="xs" color="red" variant="light" onClick={onReload}>
            {t('plans.viewer.reload')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!unsaved) return null;
  return (
    <Alert color="yellow" variant="light" role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('plans.viewer.unsaved')}</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onDiscard}>
            {t('plans.viewer.discard')}
          </Button>
          <Button size="xs" onClick={onSave}>
            {t('plans.viewer.save')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
