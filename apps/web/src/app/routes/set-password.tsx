import { Alert, Container, Paper, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { toast, TOAST_MS } from '../../lib/toast';

/** The page the invitation mail links to: the invited user chooses a password, then signs in. */
export function SetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const askAgain = t('setPassword.askAgain');
  return (
    <Container size={420} py="xl">
      <PageHeader title={t('setPassword.title')} />
      <Paper withBorder p="lg" radius="md">
        {token ? (
          <Stack gap="md">
            <Text size="sm">{t('setPassword.intro')}</Text>
            <ResetPasswordForm
              purpose="invite"
              token={token}
              askAgain={askAgain}
              onDone={() => {
                toast.success(t('setPassword.done'), { autoClose: TOAST_MS.long });
                void navigate(paths.login(), { replace: true });
              }}
            />
          </Stack>
        ) : (
          <Alert color="red" variant="light" role="alert">
            {t('setPassword.noToken')} {askAgain}
          </Alert>
        )}
      </Paper>
    </Container>
  );
}
