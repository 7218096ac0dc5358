import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconLogin2, IconMailForward, IconPencil } from '../../../components/ui/icons';
import { userRole, type User } from '@planvy/shared';
import { paths } from '../../../config/paths';
import { useCan } from '../../../hooks/use-can';
import { hasStatistic } from '../../../lib/auth';
import { errorMessage, errorWithDetail } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { useUser } from '../api/get-user';
import { useImpersonateUser } from '../api/impersonate-user';
import { useResendInvitation } from '../api/resend-invitation';
import { useUpdateUserConfig } from '../api/update-user-config';
import { DeleteUserButton } from './delete-user-button';

function StatisticToggle({ user }: { user: User }) {
  const { t } = useTranslation();
  const mutation = useUpdateUserConfig();
  const stored = hasStatistic(user);
  // The value being saved, set in the same render as the click (the mutation turns pending
  // a tick later) and shown until the user's data agrees: the query's observers hear of the
  // saved user a tick after the mutation settles, and a controlled checkbox would flick back
  // in between.
  const [saving, setSaving] = useState<boolean | null>(null);
  if (saving !== null && saving === stored) setSaving(null);
  return (
    <Checkbox
      label={t('users.view.enableStatistic')}
      description={t('users.view.enableStatisticDescription')}
      checked={saving ?? stored}
      disabled={saving !== null}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        setSaving(checked);
        mutation.mutate(
          { id: user.id, name: 'project_statistic', value: checked ? '1' : '0' },
          {
            onSuccess: () => toast.success(t('users.view.settingUpdated')),
            onError: (error) => {
              setSaving(null);
              toast.error(errorWithDetail(error));
            },
          },
        );
      }}
    />
  );
}

function ImpersonateButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useImpersonateUser();
  return (
    <Button
      variant="default"
      leftSection={<IconLogin2 size={16} aria-hidden />}
      loading={mutation.isPending}
      onClick={() =>
        mutation.mutate(user.id, {
          onSuccess: () => void navigate(paths.projects()),
          onError: (error) => toast.error(errorMessage(error), { title: t('errors.title') }),
        })
      }
    >
      {t('users.view.loginAs')}
    </Button>
  );
}

function ResendInvitationButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const mutation = useResendInvitation();
  return (
    <Button
      variant="default"
      leftSection={<IconMailForward size={16} aria-hidden />}
      loading={mutation.isPending}
      onClick={() =>
        mutation.mutate(user.id, {
          onSuccess: () => toast.success(t('users.view.invitationSent')),
          onError: (error) => toast.error(errorMessage(error), { title: t('errors.title') }),
        })
      }
    >
      {t('users.view.resendInvitation')}
    </Button>
  );
}

export function UserView({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const query = useUser(userId);
  useErrorToast(query.error);

  if (query.isPending) {
    return (
      <Paper withBorder p="lg" aria-busy="true">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={58} />
          ))}
        </SimpleGrid>
      </Paper>
    );
  }

  if (query.isError) {
    return (
      <Alert color="red" title={t('users.view.loadFailed')} role="alert">
        {errorMessage(query.error)}
      </Alert>
    );
  }

  const user = query.data;
  return (
    <Paper withBorder p="lg">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('users.view.firstName')} value={user.first_name} readOnly />
          <TextInput label={t('users.view.familyName')} value={user.last_name} readOnly />
          <TextInput label={t('users.view.id')} value={String(user.id)} readOnly />
          <TextInput label={t('users.view.phone')} value={user.phone} readOnly />
          <TextInput label={t('users.view.email')} value={user.email} readOnly />
          <TextInput label={t('users.view.role')} value={t(`roles.${userRole(user)}`)} readOnly />
        </SimpleGrid>
        {user.invitation_pending && (
          <Alert color="yellow" variant="light" title={t('users.invited')}>
            {t('users.view.invitationPending')}
          </Alert>
        )}
        <StatisticToggle user={user} />
        <Group gap="sm">
          <Button
            component={Link}
            to={paths.userEdit(user.id)}
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {t('users.view.edit')}
          </Button>
          {user.invitation_pending && <ResendInvitationButton user={user} />}
          {/* The shared policy: never as oneself or another admin, never from a "log in as" session. */}
          {can('users.impersonate', user) && <ImpersonateButton user={user} />}
          {can('users.delete', user) && (
            <DeleteUserButton user={user} onDeleted={() => void navigate(paths.users(), { replace: true })} />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
