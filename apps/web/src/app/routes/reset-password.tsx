import { Alert, Anchor, Container, Paper } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { logout } from '../../lib/auth';
import { toast, TOAST_MS } from '../../lib/toast';

/** The page the reset mail links to: open whether or not someone is signed in in this browser. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const askAgain = (
    <Anchor component={Link} to={paths.forgotPassword()}>
      {t('resetPassword.askAgain')}
    </Anchor>
  );
  return (
    <Container size={420} py="xl">
      <PageHeader title={t('resetPassword.title')} />
      <Paper withBorder p="lg" radius="md">
        {token ? (
          <ResetPasswordForm
            token={token}
            askAgain={askAgain}
            onDone={() => {
              // Every session of the account has ended, this browser's too.
              logout();
              toast.success(t('resetPassword.done'), { autoClose: TOAST_MS.long });
              void navigate(paths.login(), { replace: true });
            }}
          />
        ) : (
          <Alert color="red" variant="light" role="alert">
            {t('resetPassword.noToken')} {askAgain}
          </Alert>
        )}
      </Paper>
    </Container>
  );
}
