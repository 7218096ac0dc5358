import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '../../../components/ui/icons';
import type { User } from '@planvy/shared';
import { fullName } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteUser } from '../api/delete-user';

/** Deletes a user after a confirmation that names them. */
export function DeleteUserButton({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteUser();
  const name = fullName(user) || user.email;
  const confirm = () =>
    modals.openConfirmModal({
      title: t('access.deleteUser.confirmTitle'),
      children: <Text size="sm">{t('access.deleteUser.confirmText', { name })}</Text>,
      labels: { confirm: t('access.deleteUser.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} aria-hidden /> },
      onConfirm: () =>
        remove.mutate(user.id, {
          onSuccess: () => {
            toast.success(t('access.deleteUser.deleted', { name }));
            onDeleted();
          },
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });
  return (
    <Button
      variant="outline"
      color="red"
      onClick={confirm}
      loading={remove.isPending}
      leftSection={<IconTrash size={16} aria-hidden />}
    >
      {t('access.deleteUser.button')}
    </Button>
  );
}
