import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconArrowLeft } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { UserView } from '../../../features/users/components/user-view';
import { NotFoundRoute } from '../not-found';
import { useUserIdParam } from './use-user-id-param';

export function UserRoute() {
  const { t } = useTranslation();
  const id = useUserIdParam();
  if (id === null) return <NotFoundRoute />;
  return (
    <>
      <PageHeader
        title={t('users.view.title')}
        actions={
          <Button
            component={Link}
            to={paths.users()}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('users.view.backToUsers')}
          </Button>
        }
      />
      <UserView userId={id} />
    </>
  );
}
