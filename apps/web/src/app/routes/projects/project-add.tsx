import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder: the add-project form. */
export function ProjectAddRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('projects.add.title')} />;
}
