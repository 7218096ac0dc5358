import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/auth';
import { ProjectsList } from '../../../features/projects/components/projects-list';

export function ProjectsRoute() {
  const { t } = useTranslation();
  const isAdmin = useSession()?.role === 'admin';
  return (
    <>
      <PageHeader title={t('projects.title')} />
      <ProjectsList isAdmin={isAdmin} />
    </>
  );
}
