import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { UserForm } from '../../../features/users/components/user-form';

export function UserAddRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toUsers = () => void navigate(paths.users());
  return (
    <>
      <PageHeader title={t('users.form.createTitle')} />
      <UserForm onSaved={toUsers} onCancel={toUsers} />
    </>
  );
}
