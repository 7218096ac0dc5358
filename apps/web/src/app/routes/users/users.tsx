import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { UsersList } from '../../../features/users/components/users-list';

export function UsersRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('users.title')} />
      <UsersList />
    </>
  );
}
