import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ProjectsList } from '../../../features/projects/components/projects-list';

export function ProjectsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('projects.title')} />
      <ProjectsList />
    </>
  );
}
