import { useNavigate } from 'react-router';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { fullName, useSession } from '../../../lib/auth';
import { useEndImpersonation } from '../api/end-impersonation';
import classes from './impersonation-banner.module.css';

/** Shown while an admin is signed in as someone else, with the way back. */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const end = useEndImpersonation();
  if (!session?.impersonator) return null;
  return (
    <Paper className={classes.banner} p="sm" mb="md" role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500}>
          {t('impersonation.signedInAs', { name: fullName(session.user) || session.user.email })}
        </Text>
        <Button
          size="xs"
          color="dark"
          loading={end.isPending}
          onClick={() =>
            end.mutate(undefined, {
              onSuccess: (restored) =>
                void navigate(restored ? paths.users() : paths.login(), { replace: !restored }),
            })
          }
        >
          {t('impersonation.back')}
        </Button>
      </Group>
    </Paper>
  );
}
