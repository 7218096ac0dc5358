import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from './icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';

interface ConflictAlertProps {
  /** What happened, in the reader's language. */
  message: string;
  /** Loads what is stored now and shows it in place of the stale copy. */
  onReload: () => Promise<void>;
}

/**
 * A save refused because someone else saved first (409): says so, and offers the one way
 * forward, to reload what is stored now.
 */
export function ConflictAlert({ message, onReload }: ConflictAlertProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reload = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onReload();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="orange" title={t('conflicts.title')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {failure && (
          <Text size="sm" c="red">
            {failure}
          </Text>
        )}
        <Button
          size="xs"
          variant="light"
          color="orange"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={busy}
          onClick={() => void reload()}
        >
          {t('conflicts.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}
