import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { UserForm } from '../../../features/users/components/user-form';

export function UserAddRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Asked for from the project form ("Lägg till kund"): back to it, with the new client chosen.
  const forProject = useSearchParams()[0].get('for') === 'project';
  const back = () => void navigate(forProject ? paths.projectAdd() : paths.users());
  return (
    <>
      <PageHeader title={t('users.form.createTitle')} />
      <UserForm
        onSaved={(user) => void navigate(forProject ? paths.projectAdd(user.id) : paths.users())}
        onCancel={back}
      />
    </>
  );
}
