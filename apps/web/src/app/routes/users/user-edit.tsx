import { useNavigate } from 'react-router';
import { Alert, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { errorMessage } from '../../../lib/error-message';
import { useUser } from '../../../features/users/api/get-user';
import { UserForm } from '../../../features/users/components/user-form';
import { NotFoundRoute } from '../not-found';
import { useUserIdParam } from './use-user-id-param';

function EditUser({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useUser(id);
  useErrorToast(query.error);
  const toUser = () => void navigate(paths.user(id));

  let content;
  if (query.isPending) {
    content = (
      <Paper withBorder p="lg" maw={760} aria-busy="true">
        <Stack>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={58} />
          ))}
        </Stack>
      </Paper>
    );
  } else if (query.isError) {
    content = (
      <Alert color="red" title={t('users.view.loadFailed')} role="alert">
        {errorMessage(query.error)}
      </Alert>
    );
  } else {
    // Keyed by id so that moving between users starts from that user's values.
    content = <UserForm key={query.data.id} user={query.data} onSaved={toUser} onCancel={toUser} />;
  }

  return (
    <>
      <PageHeader title={t('users.form.editTitle')} />
      {content}
    </>
  );
}

export function UserEditRoute() {
  const id = useUserIdParam();
  return id === null ? <NotFoundRoute /> : <EditUser id={id} />;
}
