import { Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { SignOutEverywhereButton } from '../../features/auth/components/sign-out-everywhere-button';
import { useCan } from '../../hooks/use-can';
import { useSession } from '../../lib/auth';

export function AccountRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const can = useCan();
  // RequireAuth renders this page only with a session.
  if (!session) return null;
  const { user, role } = session;
  return (
    <>
      <PageHeader title={t('account.title')} />
      <Stack gap="lg" maw={720}>
        <Paper withBorder p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('account.firstName')} value={user.first_name} readOnly />
            <TextInput label={t('account.lastName')} value={user.last_name} readOnly />
            <TextInput label={t('account.email')} value={user.email} readOnly />
            <TextInput label={t('account.role')} value={t(`roles.${role}`)} readOnly />
          </SimpleGrid>
        </Paper>
        {can('sessions.signOutEverywhere') && (
          <Paper withBorder p="lg" component="section" aria-labelledby="sessions-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="sessions-title">
                {t('access.signOutEverywhere.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('access.signOutEverywhere.description')}
              </Text>
              <Group>
                <SignOutEverywhereButton />
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </>
  );
}
