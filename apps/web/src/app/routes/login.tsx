import { Container, Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Container size={420} py="xl">
      <PageHeader title={t('login.title')} />
      <Paper withBorder p="lg" radius="md">
        <LoginForm onSuccess={() => void navigate(paths.projects(), { replace: true })} />
      </Paper>
    </Container>
  );
}
