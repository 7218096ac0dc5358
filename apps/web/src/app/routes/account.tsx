import { Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/auth';

export function AccountRoute() {
  const { t } = useTranslation();
  const session = useSession();
  // RequireAuth renders this page only with a session.
  if (!session) return null;
  const { user, role } = session;
  return (
    <>
      <PageHeader title={t('account.title')} />
      <Paper withBorder p="lg" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('account.firstName')} value={user.first_name} readOnly />
          <TextInput label={t('account.lastName')} value={user.last_name} readOnly />
          <TextInput label={t('account.email')} value={user.email} readOnly />
          <TextInput label={t('account.role')} value={t(`roles.${role}`)} readOnly />
        </SimpleGrid>
      </Paper>
    </>
  );
}
