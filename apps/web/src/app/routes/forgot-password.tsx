import { Anchor, Container, Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  return (
    <Container size={420} py="xl">
      <PageHeader title={t('forgotPassword.title')} />
      <Stack gap="md">
        <Paper withBorder p="lg" radius="md">
          <ForgotPasswordForm />
        </Paper>
        <Anchor component={Link} to={paths.login()} size="sm">
          {t('forgotPassword.backToLogin')}
        </Anchor>
      </Stack>
    </Container>
  );
}
