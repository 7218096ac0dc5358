import { useNavigate } from 'react-router';
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { IconDevicesOff } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { logout } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** Ends every session of the signed-in user (a lost phone, a shared computer), after a confirmation. */
export function SignOutEverywhereButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useSignOutEverywhere();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('access.signOutEverywhere.confirmTitle'),
      children: <Text size="sm">{t('access.signOutEverywhere.confirmText')}</Text>,
      labels: { confirm: t('access.signOutEverywhere.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        mutation.mutate(undefined, {
          onSuccess: () => {
            toast.success(t('access.signOutEverywhere.done'));
            logout();
            void navigate(paths.login(), { replace: true });
          },
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });
  return (
    <Button
      variant="outline"
      color="red"
      onClick={confirm}
      loading={mutation.isPending}
      leftSection={<IconDevicesOff size={16} aria-hidden />}
    >
      {t('access.signOutEverywhere.button')}
    </Button>
  );
}
