import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '../../../components/ui/icons';
import type { Project } from '@planvy/shared';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { forgetProject, useDeleteProject } from '../api/delete-project';

interface DeleteProjectButtonProps {
  project: Pick<Project, 'id' | 'name'>;
  /** Leaves the deleted project's page (the route decides where to). */
  onDeleted: () => void | Promise<void>;
}

/** Admins only: deletes the project and everything in it after a confirmation that names it. */
export function DeleteProjectButton({ project, onDeleted }: DeleteProjectButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useDeleteProject();

  const confirm = () =>
    modals.openConfirmModal({
      title: t('projects.delete.confirmTitle'),
      children: <Text size="sm">{t('projects.delete.confirmText', { name: project.name })}</Text>,
      labels: { confirm: t('projects.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} aria-hidden /> },
      onConfirm: () =>
        remove.mutate(project.id, {
          onSuccess: () => {
            toast.success(t('projects.delete.deleted', { name: project.name }));
            // Forget the project only once its page is gone: a query still on screen would fetch it again.
            void Promise.resolve(onDeleted()).then(() => forgetProject(queryClient, project.id));
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
      {t('projects.delete.button')}
    </Button>
  );
}
