import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { ProjectCreateForm } from '../../../features/projects/components/project-create-form';

/** /project-add (admins only, guarded in the route tree): after saving, the new project opens. */
export function ProjectAddRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useSearchParams()[0].get('client');
  return (
    <>
      <PageHeader title={t('projects.add.title')} />
      <ProjectCreateForm
        initialClientId={client}
        onSaved={(project) => void navigate(paths.project(project.id))}
        onCancel={() => void navigate(paths.projects())}
      />
    </>
  );
}
